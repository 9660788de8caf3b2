import { formatEgp } from '@darsak/domain/common';
import { html, type SafeHtml } from '../../../platform/html.ts';
import type { SimulatedMethod, SimulatedOrder } from './gateway-simulator.ts';

/** The simulated gateway's own look (a provider's page, not Darsak's), Arabic and right-to-left. */
const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:Tahoma,Arial,sans-serif;background:#fff8e6;color:#1f2937}
header{background:#1f2937;color:#ffd23f;padding:14px 20px;font-weight:bold;font-size:18px}
header small{color:#e5e7eb;font-weight:normal;font-size:13px;margin-inline-start:8px}
main{max-width:560px;margin:0 auto;padding:20px 16px}h1{font-size:22px;margin:8px 0}
.card{background:#fff;border-radius:14px;padding:18px 20px;margin:14px 0;box-shadow:0 1px 4px rgba(0,0,0,.1)}
.muted{color:#6b7280;font-size:14px}.amount{font-size:30px;font-weight:bold;margin:6px 0}
.ref{font-size:34px;font-weight:bold;letter-spacing:6px;direction:ltr;text-align:center;background:#fffbeb;
border:2px dashed #f59e0b;border-radius:10px;padding:12px;margin:12px 0}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 14px;margin:0}dt{color:#6b7280}dd{margin:0}
.actions{display:flex;flex-wrap:wrap;gap:10px;margin-top:16px}button{font:inherit;padding:11px 18px;border:0;
border-radius:10px;cursor:pointer}.pay{background:#16a34a;color:#fff}.fail{background:#dc2626;color:#fff}
.expire{background:#e5e7eb;color:#1f2937}input{font:inherit;padding:10px 12px;border:1px solid #d1d5db;
border-radius:8px;width:100%;direction:ltr;text-align:left}label{display:block;margin:10px 0 4px}
.status{display:inline-block;border-radius:999px;padding:2px 12px;background:#eef2ff;color:#3730a3}
.PAID{background:#dcfce7;color:#166534}.FAILED,.EXPIRED,.CANCELED{background:#fee2e2;color:#991b1b}
ol{padding-inline-start:20px;line-height:1.9}table{width:100%;border-collapse:collapse}
td,th{padding:8px;border-bottom:1px solid #f3f4f6;text-align:start;font-size:14px}a{color:#1d4ed8}
`;

function page(title: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="ar" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${STYLE}</style>
</head>
<body>
<header>بوابة الدفع التجريبية<small>محاكاة محلية لفوري وPaymob — لا تُنقل أموال حقيقية</small></header>
<main>${body}</main>
</body>
</html>`.value;
}

const STATUS_NAMES: Record<SimulatedOrder['status'], string> = {
  NEW: 'في انتظار الدفع',
  PAID: 'مدفوع',
  CANCELED: 'ملغي',
  REFUNDED: 'مسترد',
  PARTIAL_REFUNDED: 'مسترد جزئيًا',
  EXPIRED: 'انتهت المهلة',
  FAILED: 'فشل',
};

const METHOD_NAMES: Record<SimulatedMethod, string> = {
  card: 'بطاقة بنكية',
  bankInstallment: 'تقسيط بنكي',
  eWallet: 'محفظة إلكترونية',
  cashReference: 'الدفع بالرقم المرجعي (فوري)',
  checkout: 'صفحة دفع Paymob',
};

const time = (date: Date) =>
  date.toLocaleString('ar-EG', { timeZone: 'Africa/Cairo', dateStyle: 'medium', timeStyle: 'short' });

const status = (order: SimulatedOrder) =>
  html`<span class="status ${order.status}">${STATUS_NAMES[order.status]}</span>`;

function buttons(choices: [action: 'pay' | 'fail' | 'expire', label: string][]): SafeHtml {
  return html`<div class="actions">${choices.map(
    ([action, label]) =>
      html`<button class="${action}" type="submit" name="action" value="${action}">${label}</button>`,
  )}</div>`;
}

/** What the person does depends on the method: confirm a 3-D Secure step, answer a wallet request, go to a kiosk. */
function choices(order: SimulatedOrder): SafeHtml {
  switch (order.method) {
    case 'card':
    case 'bankInstallment':
    case 'checkout':
      return html`<p>أرسل البنك رمز تحقق إلى هاتفك المسجّل. في هذه المحاكاة يُقبل أي رمز من 6 أرقام.</p>
<label for="otp">رمز التحقق (3-D Secure)</label>
<input id="otp" name="otp" inputmode="numeric" autocomplete="one-time-code" value="123456" pattern="[0-9]{6}">
${buttons([
  ['pay', 'تأكيد الدفع'],
  ['fail', 'رفض العملية'],
])}`;
    case 'eWallet':
      return html`<p>وصل طلب دفع إلى المحفظة على الرقم <bdi>${order.walletPhone ?? ''}</bdi>. وافق عليه من تطبيق المحفظة أو ارفضه.</p>
${buttons([
  ['pay', 'الموافقة على الطلب'],
  ['fail', 'رفض الطلب'],
  ['expire', 'تجاهل الطلب حتى تنتهي المهلة'],
])}`;
    case 'cashReference':
      return html`<ol>
<li>اذهب إلى أي منفذ فوري أو افتح تطبيق myFawry.</li>
<li>اختر «الدفع بالرقم المرجعي» وأدخل الرقم أعلاه.</li>
<li>ادفع المبلغ قبل انتهاء المهلة واحتفظ بالإيصال.</li>
</ol>
${buttons([
  ['pay', 'تم الدفع في منفذ فوري'],
  ['expire', 'دع المهلة تنتهي'],
])}`;
  }
}

/** The page of one order: pay, fail or let it expire while it waits; its outcome afterwards. */
export function orderPage(order: SimulatedOrder, notice?: string): string {
  const pending = order.status === 'NEW';
  return page(
    `${METHOD_NAMES[order.method]} — بوابة الدفع التجريبية`,
    html`<h1>${METHOD_NAMES[order.method]}</h1>
${notice ? html`<p class="card" role="status">${notice}</p>` : ''}
<section class="card">
<div class="muted">${order.description}</div>
<div class="amount">${formatEgp(order.amountPiastres)}</div>
${order.method === 'cashReference' ? html`<div class="ref" aria-label="الرقم المرجعي">${order.referenceNumber}</div>` : ''}
<dl>
<dt>الحالة</dt><dd>${status(order)}</dd>
<dt>العميل</dt><dd>${order.customerName}</dd>
${order.card ? html`<dt>البطاقة</dt><dd><bdi>${order.card.brand ?? ''} •••• ${order.card.lastFour ?? ''}</bdi></dd>` : ''}
<dt>آخر موعد للدفع</dt><dd>${time(order.expiresAt)}</dd>
<dt>مرجع التاجر</dt><dd><bdi>${order.merchantRef}</bdi></dd>
</dl>
</section>
${
  pending
    ? html`<form class="card" method="post" action="/dev/gateway/pay/${encodeURIComponent(order.merchantRef)}">${choices(order)}</form>`
    : html`<section class="card"><p>انتهت هذه العملية: ${STATUS_NAMES[order.status]}.</p>${
        order.returnUrl ? html`<a href="${order.returnUrl}">العودة إلى درسك</a>` : ''
      }</section>`
}
${
  order.callbacks.length > 0
    ? html`<section class="card"><h2>الإشعارات المرسلة إلى درسك</h2><ul>${order.callbacks.map(
        (c) => html`<li>${time(c.at)}: ${STATUS_NAMES[c.status]} — الرد ${c.answer}</li>`,
      )}</ul></section>`
    : ''
}
<p><a href="/dev/gateway">كل العمليات</a></p>`,
  );
}

export function indexPage(orders: SimulatedOrder[]): string {
  return page(
    'بوابة الدفع التجريبية',
    html`<h1>العمليات</h1>
<p class="muted">هنا تظهر طلبات الدفع التي أنشأها درسك: ادخل إلى أي عملية معلّقة لتدفعها أو ترفضها أو تتركها تنتهي. الدفع النقدي يُعرف برقمه المرجعي، كما في منفذ فوري.</p>
<section class="card">${
      orders.length === 0
        ? html`<p>لا توجد عمليات بعد.</p>`
        : html`<table><thead><tr><th>الوسيلة</th><th>الرقم المرجعي</th><th>المبلغ</th><th>الحالة</th><th>التاريخ</th></tr></thead><tbody>${orders.map(
            (o) =>
              html`<tr><td><a href="/dev/gateway/pay/${encodeURIComponent(o.merchantRef)}">${METHOD_NAMES[o.method]}</a></td><td>${o.method === 'cashReference' ? o.referenceNumber : ''}</td><td>${formatEgp(o.amountPiastres)}</td><td>${status(o)}</td><td>${time(o.createdAt)}</td></tr>`,
          )}</tbody></table>`
    }</section>`,
  );
}

export interface CardFormValues {
  customerProfileId: string;
  returnUrl: string;
  cardNumber: string;
  expiry: string;
  error?: string;
}

/** The hosted tokenization page: the card is "saved" at the gateway, Darsak only ever sees a token. */
export function cardTokenPage(values: CardFormValues): string {
  return page(
    'إضافة بطاقة — بوابة الدفع التجريبية',
    html`<h1>إضافة بطاقة</h1>
<p class="muted">تُحفظ البطاقة لدى بوابة الدفع، ولا يرى درسك إلا رمزًا يمثّلها وآخر 4 أرقام منها.</p>
${values.error ? html`<p class="card" role="alert">${values.error}</p>` : ''}
<form class="card" method="post" action="/dev/gateway/card-token">
<input type="hidden" name="customerProfileId" value="${values.customerProfileId}">
<input type="hidden" name="returnUrl" value="${values.returnUrl}">
<label for="cardNumber">رقم البطاقة</label>
<input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" value="${values.cardNumber}">
<label for="expiry">تاريخ الانتهاء (MM/YY)</label>
<input id="expiry" name="expiry" autocomplete="cc-exp" value="${values.expiry}">
<label for="cvv">رمز التحقق (CVV)</label>
<input id="cvv" name="cvv" inputmode="numeric" autocomplete="cc-csc" value="123">
<div class="actions"><button class="pay" type="submit">حفظ البطاقة</button></div>
</form>`,
  );
}
