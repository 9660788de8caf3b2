/** What the reporter is told when staff resolve their report (their notification method). */
export function reportResolvedNotice(p: { id: number; title: string; note: string | null }) {
  const note = p.note ? ` ردّ الفريق: ${p.note}` : '';
  return {
    subject: 'حُلّت المشكلة التي أبلغت عنها',
    text: `درسك: حُلّ بلاغك رقم ${p.id} «${p.title}».${note}`,
  };
}
