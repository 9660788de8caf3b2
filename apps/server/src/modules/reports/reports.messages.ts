import { arabicDigits, asTyped } from '@darsak/domain/common';

/** What the reporter is told when staff resolve their report (their notification method). */
export function reportResolvedNotice(p: { id: number; title: string; note: string | null }) {
  const note = p.note ? ` ردّ الفريق: ${asTyped(p.note)}` : '';
  return {
    subject: 'حُلّت المشكلة التي أبلغت عنها',
    text: arabicDigits(`درسك: حُلّ بلاغك رقم ${p.id} «${asTyped(p.title)}».${note}`),
  };
}
