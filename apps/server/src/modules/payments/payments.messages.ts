import { formatEgp } from '@darsak/domain/common';
import { messageMoment } from '../../platform/message-time.ts';

type Notice = { subject: string; text: string; url?: string };

/**
 * The Fawry reference of a cash payment, which until now lived only on the checkout page. The reference stays in
 * Latin digits: it is read out or typed at the outlet's machine.
 */
export function paymentReferenceNotice(p: {
  referenceNumber: string;
  amountPiastres: number;
  expiresAt: Date;
}): Notice {
  return {
    subject: 'رقمك المرجعي للدفع في فوري',
    text:
      `درسك: ادفع ${formatEgp(p.amountPiastres)} في أي منفذ فوري بالرقم المرجعي ${p.referenceNumber} ` +
      `قبل ${messageMoment.format(p.expiresAt)} (بتوقيت القاهرة). يبدأ اشتراكك فور الدفع.`,
  };
}

/** What a payment started: her subscription now, or her next period when the current one ends (paid in advance). */
const STARTED = {
  now: { ar: 'وبدأ اشتراكك', en: 'your subscription has started', next: 'احجز درسك الأول الآن.' },
  next: {
    ar: 'ويبدأ اشتراكك القادم فور انتهاء الحالي',
    en: 'your next period starts when the current one ends',
    next: 'دقائقك الحالية باقية حتى نهاية اشتراكك.',
  },
} as const;

/**
 * Paid: the e-mail carries the receipt as PDF files, in Arabic and in English; every channel names its number, and
 * the payments page keeps it to download. The receipt number stays in Latin digits, as it is printed.
 */
export function paymentReceivedNotice(p: {
  amountPiastres: number;
  weeklyMinutes: number;
  receiptNumber: string;
  /** Paid in advance for the period after the current one. */
  forNextPeriod?: boolean;
}): Notice {
  const receipt = `\u2066${p.receiptNumber}\u2069`;
  const started = STARTED[p.forNextPeriod ? 'next' : 'now'];
  return {
    // a push notification's title too: short, in her language (the e-mail's body has the English)
    subject: `وصلنا دفعك في درسك — إيصال ${receipt}`,
    text:
      `درسك: وصلنا ${formatEgp(p.amountPiastres)}، ${started.ar} (${p.weeklyMinutes.toLocaleString('ar-EG')} دقيقة أسبوعيًا). ` +
      `إيصالك رقم ${receipt} مرفق بالبريد الإلكتروني، وتجده أيضًا في صفحة مدفوعاتك. ${started.next}\n\n` +
      `Darsak: we received ${formatEgp(p.amountPiastres, 'en-EG')} and ${started.en}. ` +
      `Your receipt ${p.receiptNumber} is attached to the e-mail (Arabic and English) and on your payments page.`,
    url: '/s/dashboard',
  };
}

/** A payment that did not go through (declined, or its reference expired unpaid): only by push, to who turned it on. */
export function paymentFailedNotice(p: { transactionId: number; amountPiastres: number }): Notice {
  return {
    subject: 'لم يتم دفعك في درسك',
    text: `درسك: لم يتم دفع ${formatEgp(p.amountPiastres)}، ولم يُخصم منك شيء. يمكنك المحاولة مرة أخرى.`,
    url: `/payments/${p.transactionId}`,
  };
}

export function refundNotice(p: { refundedPiastres: number; full: boolean }): Notice {
  return {
    subject: 'رددنا إليك مبلغًا في درسك',
    text:
      (p.full
        ? `درسك: رددنا إليك ${formatEgp(p.refundedPiastres)}، وانتهى الاشتراك الذي دُفع به.`
        : `درسك: رددنا إليك ${formatEgp(p.refundedPiastres)} من دفعتك.`) +
      ' يظهر المبلغ المردود في إيصال الدفعة المرفق بالبريد الإلكتروني وفي صفحة مدفوعاتك.',
  };
}

/** An automatic renewal the card refused: automatic renewal is off, she renews by hand before her end. */
export function autoRenewalFailedNotice(p: { endsAt: Date; renewUrl: string }): Notice {
  return {
    subject: 'تعذّر تجديد اشتراكك تلقائيًا',
    text:
      `درسك: رفضت بطاقتك تجديد اشتراكك تلقائيًا، فأوقفنا التجديد التلقائي. جدّد اشتراكك قبل ${messageMoment.format(p.endsAt)} ` +
      `(بتوقيت القاهرة) حتى لا تنقطع دروسك: ${p.renewUrl}`,
  };
}
