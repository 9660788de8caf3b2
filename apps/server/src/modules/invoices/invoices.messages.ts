import { formatEgp } from '@darsak/domain/common';
import { type InvoiceLabel, WITHDRAWAL_PROCESSING_BUSINESS_DAYS } from '@darsak/domain/invoices';

const { min, max } = WITHDRAWAL_PROCESSING_BUSINESS_DAYS;

/** What the tutor is told after each move of their withdrawal request (their notification method). */
export function invoiceNotice(
  label: InvoiceLabel | 'note',
  p: { id: number; amountPiastres: number; note: string | null },
): { subject: string; text: string } {
  const request = `طلب السحب رقم ${p.id} بمبلغ ${formatEgp(p.amountPiastres)}`;
  const note = p.note ? ` ملاحظة الإدارة: ${p.note}` : '';
  switch (label) {
    case 'pending':
      return {
        subject: 'استلمنا طلب السحب',
        text: `درسك: استلمنا ${request}، ويُحوَّل خلال ${min} إلى ${max} أيام عمل.`,
      };
    case 'updated-by-receiver':
      return { subject: 'عُدّل طلب السحب', text: `درسك: عُدّل ${request}.` };
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
        text: p.note ? `درسك: ملاحظة الإدارة على ${request}: ${p.note}` : `درسك: حُذفت ملاحظة الإدارة على ${request}.`,
      };
  }
}
