import { html, type SafeHtml } from '../../platform/html.ts';
import type { OutboxView } from '../outbox/outbox.ts';

const CHANNEL_NAMES: Record<OutboxView['channel'], string> = {
  email: 'بريد إلكتروني',
  whatsapp: 'واتساب',
  telegram: 'تيليجرام',
  push: 'إشعار على الجهاز',
};
const STATUS_NAMES: Record<OutboxView['status'], string> = { pending: 'في الانتظار', sent: 'أُرسلت', failed: 'فشلت' };

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:Tahoma,Arial,sans-serif;background:#f5f6fa;color:#1f2937}
main{max-width:760px;margin:0 auto;padding:24px 16px}h1{font-size:24px;margin:0 0 4px}
.muted{color:#6b7280;font-size:14px}.card{background:#fff;border-radius:12px;padding:16px 20px;margin:16px 0;
box-shadow:0 1px 3px rgba(0,0,0,.08)}.meta{display:flex;flex-wrap:wrap;gap:8px 16px;font-size:14px;color:#4b5563}
.tag{border-radius:999px;padding:2px 10px;background:#eef2ff;color:#4338ca;font-size:13px}
.sent{background:#ecfdf5;color:#047857}.failed{background:#fef2f2;color:#b91c1c}
.code{font-size:40px;font-weight:bold;letter-spacing:12px;text-align:center;margin:12px 0;direction:ltr}
.text{white-space:pre-wrap;line-height:1.8}form.filter{display:flex;gap:8px;margin:16px 0}
input{font:inherit;padding:10px 12px;border:1px solid #d1d5db;border-radius:8px;width:100%}
button{font:inherit;padding:10px 18px;border:0;border-radius:8px;background:#4338ca;color:#fff;cursor:pointer}
`;

/** A local page in Arabic with the dev pages' shared style. */
export function page(title: string, body: SafeHtml, head: SafeHtml = html``): string {
  return html`<!doctype html>
<html lang="ar" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
${head}
<style>${STYLE}</style>
</head>
<body>${body}</body>
</html>`.value;
}

export const time = (iso: string) =>
  new Date(iso).toLocaleString('ar-EG', { timeZone: 'Africa/Cairo', dateStyle: 'medium', timeStyle: 'medium' });

function messageCard(m: OutboxView): SafeHtml {
  return html`<article class="card">
<div class="meta">
<span class="tag">${CHANNEL_NAMES[m.channel]}</span>
<span class="tag ${m.status}">${STATUS_NAMES[m.status]}</span>
<span>إلى: <bdi>${m.recipient}</bdi></span>
<span>${time(m.createdAt)}</span>
</div>
${m.subject ? html`<h2>${m.subject}</h2>` : ''}
${m.code ? html`<div class="code" aria-label="الكود">${m.code}</div>` : ''}
<div class="text">${m.text}</div>
${m.lastError ? html`<p class="muted">آخر خطأ: ${m.lastError}</p>` : ''}
</article>`;
}

/** The local outbox: what e-mail, WhatsApp and Telegram would have carried, newest first. */
export function outboxPage(messages: OutboxView[], to: string | undefined): string {
  return page(
    'صندوق الرسائل المحلي — درسك',
    html`<main>
<h1>صندوق الرسائل المحلي</h1>
<p class="muted">في الوضع المحلي لا تغادر الرسائل هذا الجهاز: كل ما كان سيُرسل بالبريد أو واتساب أو تيليجرام يظهر هنا. تتحدّث الصفحة كل 5 ثوانٍ.</p>
<form class="filter" method="get" action="/dev/outbox">
<input name="to" value="${to ?? ''}" placeholder="البريد الإلكتروني أو رقم الهاتف" aria-label="المستلم">
<button type="submit">تصفية</button>
</form>
${messages.length === 0 ? html`<p class="card">لا توجد رسائل بعد.</p>` : messages.map(messageCard)}
</main>`,
    html`<meta http-equiv="refresh" content="5">`,
  );
}

export interface GoogleAccount {
  name: string;
  email: string;
}

const GOOGLE_STYLE = html`<style>
.chooser{max-width:420px;margin:48px auto;background:#fff;border:1px solid #dadce0;border-radius:8px;padding:32px 28px}
.logo{font-size:24px;font-weight:bold;text-align:center;letter-spacing:1px}
.logo b:nth-child(1){color:#4285f4}.logo b:nth-child(2){color:#ea4335}.logo b:nth-child(3){color:#fbbc05}
.logo b:nth-child(4){color:#4285f4}.logo b:nth-child(5){color:#34a853}.logo b:nth-child(6){color:#ea4335}
.chooser h1{text-align:center;font-size:22px;font-weight:normal;margin:16px 0 4px}
.chooser>p{text-align:center}.account{display:flex;align-items:center;gap:12px;width:100%;background:none;color:inherit;
border:0;border-bottom:1px solid #e5e7eb;border-radius:0;padding:12px 4px;text-align:right}
.account:hover{background:#f8fafc}.avatar{width:36px;height:36px;border-radius:50%;background:#4338ca;color:#fff;
display:flex;align-items:center;justify-content:center;font-weight:bold;flex:none}
label{display:block;margin:12px 0 4px;font-size:14px}.error{color:#b91c1c}.actions{margin-top:16px;text-align:left}
</style>`;

/** The local stand-in for Google's account chooser: pick a suggested account or type one, then continue. */
export function googleSignInPage(p: {
  redirect: string;
  suggestions: GoogleAccount[];
  typed: GoogleAccount;
  error?: string | undefined;
}): string {
  const hidden = html`<input type="hidden" name="redirect" value="${p.redirect}">`;
  const choice = (a: GoogleAccount) => html`<form method="post" action="/dev/google/sign-in">
${hidden}<input type="hidden" name="name" value="${a.name}"><input type="hidden" name="email" value="${a.email}">
<button class="account" type="submit"><span class="avatar">${a.name.slice(0, 1)}</span>
<span><bdi>${a.name}</bdi><br><span class="muted"><bdi>${a.email}</bdi></span></span></button>
</form>`;
  return page(
    'تسجيل الدخول باستخدام جوجل',
    html`<main class="chooser">
<div class="logo" dir="ltr"><b>G</b><b>o</b><b>o</b><b>g</b><b>l</b><b>e</b></div>
<h1>اختر حسابًا</h1>
<p class="muted">للمتابعة إلى درسك</p>
${p.suggestions.map(choice)}
<p class="muted">أو استخدم حسابًا آخر:</p>
<form method="post" action="/dev/google/sign-in">
${hidden}
<label for="name">الاسم</label><input id="name" name="name" value="${p.typed.name}" required>
<label for="email">البريد الإلكتروني</label><input id="email" name="email" type="email" dir="ltr" value="${p.typed.email}" required>
${p.error ? html`<p class="error" role="alert">${p.error}</p>` : ''}
<div class="actions"><button type="submit">متابعة</button></div>
</form>
<p class="muted">صفحة محلية تحاكي تسجيل الدخول بجوجل في الوضع المحلي؛ لا يغادر شيء هذا الجهاز.</p>
</main>`,
    GOOGLE_STYLE,
  );
}
