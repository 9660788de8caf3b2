import { formatEgp } from '@darsak/domain/common';
import { html } from '../../platform/html.ts';
import { messageMoment } from '../../platform/message-time.ts';

/** A cash payer's Fawry reference for her next period, opened ahead by the renewal notice. */
export interface RenewalReference {
  referenceNumber: string;
  amountPiastres: number;
  expiresAt: Date;
}

/**
 * The message a few days before a subscription ends (Arabic): renew with one tap (the checkout of the same plan
 * and period, or the plans for a free trial) so the lessons go on without a gap; for a cash payer, the Fawry
 * reference of the next period with its amount and deadline, the reference in Latin digits for the outlet's machine.
 */
export function subscriptionEndingMessage(p: {
  name: string;
  endsAt: Date;
  weeklyMinutes: number;
  renewUrl: string;
  reference: RenewalReference | null;
  /** She renews automatically with this card: the notice before its charge, with the way to turn it off. */
  autoRenewal: { lastFour: string | null; settingsUrl: string } | null;
}) {
  const day = p.endsAt.toLocaleString('ar-EG', { timeZone: 'Africa/Cairo', dateStyle: 'full', timeStyle: 'short' });
  const ending = `ينتهي اشتراكك في درسك (${p.weeklyMinutes.toLocaleString('ar-EG')} دقيقة أسبوعيًا) يوم ${day}.`;
  const reference = p.reference && {
    text:
      `ادفع الشهر القادم مقدّمًا: ${formatEgp(p.reference.amountPiastres)} في أي منفذ فوري بالرقم المرجعي ` +
      `${p.reference.referenceNumber} قبل ${messageMoment.format(p.reference.expiresAt)} (بتوقيت القاهرة)، ` +
      'فيبدأ عند انتهاء اشتراكك الحالي دون انقطاع.',
  };
  const card = p.autoRenewal?.lastFour ? ` المنتهية بـ ${p.autoRenewal.lastFour}` : '';
  const auto = p.autoRenewal && {
    text:
      `سنجدّد اشتراكك تلقائيًا: نخصم ثمن الفترة القادمة من بطاقتك${card} قبل انتهاء اشتراكك بيوم، فتبدأ عند ` +
      `انتهائه دون انقطاع. لإيقاف التجديد التلقائي بخطوة واحدة: ${p.autoRenewal.settingsUrl}`,
  };
  const told = reference ?? auto;
  const renew = told
    ? 'أو ادفع بطريقة أخرى من هنا:'
    : 'جدّد اشتراكك الآن بضغطة واحدة، فيبدأ الشهر القادم عند انتهاء الحالي دون انقطاع:';
  const lines = [`مرحبًا ${p.name}،`, '', ending, ...(told ? [told.text] : []), renew, p.renewUrl, '', 'فريق درسك'];
  const body = html`<!doctype html>
<html lang="ar" dir="rtl">
<body style="margin:0;padding:24px;background:#f5f6fa;font-family:Tahoma,Arial,sans-serif;color:#1f2937">
<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;text-align:right">
<h1 style="margin:0 0 16px;font-size:22px;color:#4338ca">درسك</h1>
<p>مرحبًا ${p.name}،</p>
<p>${ending}</p>
${told ? html`<p>${told.text}</p>` : ''}
<p>${renew}</p>
<p><a href="${p.renewUrl}" style="display:inline-block;background:#4338ca;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">جدّد اشتراكك</a></p>
<p>فريق درسك</p>
</div>
</body>
</html>`;
  const subject = reference
    ? 'رقمك المرجعي لتجديد اشتراكك في درسك'
    : auto
      ? 'سنجدّد اشتراكك في درسك تلقائيًا'
      : 'اشتراكك في درسك ينتهي قريبًا';
  return { subject, text: lines.join('\n'), html: body.value };
}
