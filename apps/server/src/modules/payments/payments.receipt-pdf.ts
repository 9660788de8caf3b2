import { BUSINESS_TIME_ZONE, formatEgp } from '@darsak/domain/common';
import { type PaymentMethod, RECEIPT_WORDS, type ReceiptLanguage } from '@darsak/domain/payments';
import type { PlanPeriod } from '@darsak/domain/plans';
import { createPdfPage } from '../../platform/pdf/pdf-page.ts';

/** The seller named on every receipt (RECEIPT_SELLER_* settings). */
export interface Seller {
  name: string;
  address?: string | undefined;
  taxId?: string | undefined;
  commercialRegistry?: string | undefined;
}

/** Everything a receipt says, read from the payment's records. */
export interface Receipt {
  number: string;
  paidAt: Date;
  seller: Seller;
  buyer: { name: string; email: string | null };
  plan: { nameAr: string | null; nameEn: string | null; weeklyMinutes: number };
  period: PlanPeriod;
  method: PaymentMethod;
  installments: number | null;
  card: { brand: string | null; lastFour: string } | null;
  provider: 'fawry' | 'paymob';
  merchantRefNum: string;
  providerRef: string | null;
  amountPiastres: number;
  discountPiastres: number;
  couponCode: string | null;
  /** Each refund made, oldest first; their sum is what was refunded. */
  refunds: { amountPiastres: number; at: Date }[];
}

const INTL_LOCALE: Record<ReceiptLanguage, string> = { ar: 'ar-EG', en: 'en-GB' };

/** A receipt as an A4 PDF in one language: Arabic right to left with Arabic-Indic digits, or English. */
export async function renderReceiptPdf(receipt: Receipt, lang: ReceiptLanguage): Promise<Buffer> {
  const words = RECEIPT_WORDS[lang];
  const locale = INTL_LOCALE[lang];
  const money = (piastres: number) => formatEgp(piastres, lang === 'ar' ? 'ar-EG' : 'en-EG');
  const number = (value: number) => value.toLocaleString(locale);
  const dateTime = new Intl.DateTimeFormat(locale, {
    timeZone: BUSINESS_TIME_ZONE,
    dateStyle: 'long',
    timeStyle: 'short',
  });
  const date = new Intl.DateTimeFormat(locale, { timeZone: BUSINESS_TIME_ZONE, dateStyle: 'long' });
  // Reference numbers stay in Latin digits in both languages: they are typed and read out as they are.
  const reference = (value: string) => `\u2066${value}\u2069`;

  const page = createPdfPage({
    direction: lang === 'ar' ? 'rtl' : 'ltr',
    lang,
    title: `${words.title} ${receipt.number}`,
    margin: 48,
  });
  let y = 48;
  page.text(words.title, { y, size: 22, bold: true });
  page.text(receipt.seller.name, { y: y + 6, size: 13, bold: true, align: 'end' });
  y += 40;
  page.rule(y);
  y += 12;

  const row = (label: string, value: string, options: { bold?: boolean; gap?: number } = {}) => {
    page.text(label, { y, size: 11, color: '#52525b', ...(options.bold ? { bold: true } : {}) });
    page.text(value, { y, size: 11, align: 'end', ...(options.bold ? { bold: true } : {}) });
    y += options.gap ?? 20;
  };
  const section = (title: string) => {
    y += 6;
    page.text(title, { y, size: 12, bold: true, color: '#0f766e' });
    y += 22;
  };

  row(words.number, reference(receipt.number), { bold: true });
  row(words.date, dateTime.format(receipt.paidAt));

  section(words.seller);
  row(words.seller, receipt.seller.name);
  if (receipt.seller.address) row(words.address, receipt.seller.address);
  if (receipt.seller.taxId) row(words.taxId, reference(receipt.seller.taxId));
  if (receipt.seller.commercialRegistry) row(words.commercialRegistry, reference(receipt.seller.commercialRegistry));
  row(
    words.buyer,
    receipt.buyer.email ? `${receipt.buyer.name} — ${reference(receipt.buyer.email)}` : receipt.buyer.name,
  );

  section(words.plan);
  const planName =
    lang === 'en' ? (receipt.plan.nameEn ?? receipt.plan.nameAr) : (receipt.plan.nameAr ?? receipt.plan.nameEn);
  const minutes = words.weeklyMinutes(number(receipt.plan.weeklyMinutes));
  row(words.plan, planName ? `${planName} — ${minutes}` : minutes);
  row(words.period, words.periods[receipt.period]);
  const card = receipt.card ? ` — ${receipt.card.brand ?? ''} ${reference(`•••• ${receipt.card.lastFour}`)}` : '';
  row(words.method, `${words.methods[receipt.method]}${card}`);
  if (receipt.installments) row(words.method, words.installments(number(receipt.installments)));
  row(words.merchantRef, reference(receipt.merchantRefNum));
  if (receipt.providerRef) {
    row(`${words.providerRef} (${words.providers[receipt.provider]})`, reference(receipt.providerRef));
  }

  section(words.paid);
  if (receipt.discountPiastres > 0) {
    row(words.price, money(receipt.amountPiastres + receipt.discountPiastres));
    row(words.discount(reference(receipt.couponCode ?? '')), money(-receipt.discountPiastres));
  }
  row(words.paid, money(receipt.amountPiastres), { bold: true });
  const refunded = receipt.refunds.reduce((sum, r) => sum + r.amountPiastres, 0);
  if (refunded > 0) {
    for (const refund of receipt.refunds) {
      row(`${words.refund} — ${date.format(refund.at)}`, money(-refund.amountPiastres));
    }
    if (receipt.refunds.length > 1) row(words.refundedTotal, money(-refunded));
    row(words.net, money(receipt.amountPiastres - refunded), { bold: true });
  }
  y += 6;
  page.rule(y);
  y += 12;
  page.text(words.currencyNote, { y, size: 9, color: '#52525b' });
  y += 16;
  page.text(words.footer, { y, size: 9, color: '#52525b' });
  return page.end();
}
