import { html } from '../../platform/html.ts';

/** The e-mail a few days before a subscription ends (Arabic, with a link to renew). */
export function subscriptionEndingMessage(p: { name: string; endsAt: Date; weeklyMinutes: number; plansUrl: string }) {
  const day = p.endsAt.toLocaleString('ar-EG', { timeZone: 'Africa/Cairo', dateStyle: 'full', timeStyle: 'short' });
  const lines = [
    `مرحبًا ${p.name}،`,
    '',
    `ينتهي اشتراكك في درسك (${p.weeklyMinutes} دقيقة أسبوعيًا) يوم ${day}.`,
    'جدّد اشتراكك قبل ذلك حتى تستمر دروسك دون انقطاع:',
    p.plansUrl,
    '',
    'فريق درسك',
  ];
  const body = html`<!doctype html>
<html lang="ar" dir="rtl">
<body style="margin:0;padding:24px;background:#f5f6fa;font-family:Tahoma,Arial,sans-serif;color:#1f2937">
<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;text-align:right">
<h1 style="margin:0 0 16px;font-size:22px;color:#4338ca">درسك</h1>
<p>مرحبًا ${p.name}،</p>
<p>ينتهي اشتراكك في درسك (${p.weeklyMinutes} دقيقة أسبوعيًا) يوم ${day}.</p>
<p>جدّد اشتراكك قبل ذلك حتى تستمر دروسك دون انقطاع.</p>
<p><a href="${p.plansUrl}" style="display:inline-block;background:#4338ca;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">تصفّح الباقات</a></p>
<p>فريق درسك</p>
</div>
</body>
</html>`;
  return { subject: 'اشتراكك في درسك ينتهي قريبًا', text: lines.join('\n'), html: body.value };
}
