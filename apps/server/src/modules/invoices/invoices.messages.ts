import { arabicDigits, asTyped, formatEgp } from '@darsak/domain/common';
import { type InvoiceLabel, WITHDRAWAL_PROCESSING_BUSINESS_DAYS } from '@darsak/domain/invoices';

const { min, max } = WITHDRAWAL_PROCESSING_BUSINESS_DAYS;

type Notice = { subject: string; text: string };

/** What a notice is about: the label a move led to, the admin's note, or an approved update (which leads to pending). */
export type InvoiceNoticeKind = InvoiceLabel | 'note' | 'update-approved';

interface NoticeFacts {
  id: number;
  amountPiastres: number;
  /** The amount the tutor proposed, while it waits for approval. */
  proposedPiastres: number | null;
  note: string | null;
}

/** What the tutor is told after each move of their withdrawal request (their notification method), digits Arabic. */
export function invoiceNotice(kind: InvoiceNoticeKind, p: NoticeFacts): Notice {
  const notice = noticeFor(kind, p);
  return { subject: notice.subject, text: arabicDigits(notice.text) };
}

function noticeFor(kind: InvoiceNoticeKind, p: NoticeFacts): Notice {
  const request = `طلب السحب رقم ${p.id} بمبلغ ${formatEgp(p.amountPiastres)}`;
  const note = p.note ? ` ملاحظة الإدارة: ${asTyped(p.note)}` : '';
  switch (kind) {
    case 'pending':
      return {
        subject: 'استلمنا طلب السحب',
        text: `درسك: استلمنا ${request}، ويُحوَّل خلال ${min} إلى ${max} أيام عمل.`,
      };
    case 'updated-by-receiver':
      return {
        subject: 'استلمنا تعديل طلب السحب',
        text: `درسك: استلمنا تعديلك على طلب السحب رقم ${p.id}${p.proposedPiastres === null ? '' : ` (المبلغ الجديد ${formatEgp(p.proposedPiastres)})`}، وينتظر موافقة الإدارة.`,
      };
    case 'update-approved':
      return { subject: 'وافقنا على تعديل طلب السحب', text: `درسك: وافقنا على تعديلك، وأصبح ${request}.${note}` };
    case 'canceled-by-receiver':
      return { subject: 'طلب إلغاء السحب', text: `درسك: طلبت إلغاء ${request}، وسنراجعه قريبًا.` };
    case 'cancellation-approved-by-admin':
      return { subject: 'أُلغي طلب السحب', text: `درسك: وافقنا على إلغاء ${request}، وعاد المبلغ إلى رصيدك.${note}` };
    case 'canceled-by-admin':
      return { subject: 'أُلغي طلب السحب', text: `درسك: ألغت الإدارة ${request}، وعاد المبلغ إلى رصيدك.${note}` };
    case 'fulfilled':
      return { subject: 'حُوّل مبلغ السحب', text: `درسك: حُوّل ${request}، وإيصال التحويل في صفحة الأرباح.${note}` };
    case 'rejected':
      return { subject: 'رُفض طلب السحب', text: `درسك: رُفض ${request}، وعاد المبلغ إلى رصيدك.${note}` };
    case 'note':
      return {
        subject: 'ملاحظة على طلب السحب',
        text: p.note
          ? `درسك: ملاحظة الإدارة على ${request}: ${asTyped(p.note)}`
          : `درسك: حُذفت ملاحظة الإدارة على ${request}.`,
      };
  }
}
