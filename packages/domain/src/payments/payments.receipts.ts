import type { PlanPeriod } from '../plans/plans.enums.ts';
import type { PaymentMethod } from './payments.enums.ts';

/**
 * A receipt is written in Arabic (the default) or English. No zod here: the payments page imports this file, and
 * the schemas (payments.contract.ts) stay out of the browser's bundle.
 */
export const RECEIPT_LANGUAGES = ['ar', 'en'] as const;
export type ReceiptLanguage = (typeof RECEIPT_LANGUAGES)[number];

/** DRS-2026-000123: the year the payment was made (Cairo time) and its place in that year's sequence. */
export const receiptNumberOf = (year: number, sequence: number): string =>
  `DRS-${year}-${String(sequence).padStart(6, '0')}`;

/** The receipt's file name, the same in both languages (Latin, for every mail client and phone). */
export const receiptFileName = (receiptNumber: string, lang: ReceiptLanguage): string =>
  `darsak-receipt-${receiptNumber}-${lang}.pdf`;

/** The words of a receipt in one language; numbers, dates and amounts are formatted by the caller. */
export interface ReceiptWords {
  title: string;
  number: string;
  date: string;
  seller: string;
  address: string;
  taxId: string;
  commercialRegistry: string;
  buyer: string;
  plan: string;
  weeklyMinutes: (minutes: string) => string;
  period: string;
  periods: Record<PlanPeriod, string>;
  method: string;
  methods: Record<PaymentMethod, string>;
  installments: (count: string) => string;
  merchantRef: string;
  providerRef: string;
  providers: Record<'fawry' | 'paymob', string>;
  price: string;
  discount: (code: string) => string;
  paid: string;
  refund: string;
  refundedTotal: string;
  net: string;
  currencyNote: string;
  footer: string;
}

export const RECEIPT_WORDS: Record<ReceiptLanguage, ReceiptWords> = {
  ar: {
    title: 'إيصال دفع',
    number: 'رقم الإيصال',
    date: 'تاريخ الدفع',
    seller: 'البائع',
    address: 'العنوان',
    taxId: 'رقم التسجيل الضريبي',
    commercialRegistry: 'السجل التجاري',
    buyer: 'المشتري',
    plan: 'الباقة',
    weeklyMinutes: (minutes) => `${minutes} دقيقة أسبوعيًا`,
    period: 'المدة',
    periods: { month: 'شهر', quarter: 'ثلاثة أشهر', year: 'سنة', freeTrial: 'تجربة مجانية' },
    method: 'طريقة الدفع',
    methods: {
      card: 'بطاقة بنكية',
      eWallet: 'محفظة إلكترونية',
      bankInstallment: 'تقسيط بنكي',
      cashReference: 'نقدًا في منفذ فوري',
    },
    installments: (count) => `عدد الأقساط: ${count}`,
    merchantRef: 'رقم العملية لدى درسك',
    providerRef: 'الرقم المرجعي لدى مزود الدفع',
    providers: { fawry: 'فوري', paymob: 'باي موب' },
    price: 'سعر الباقة',
    discount: (code) => `خصم القسيمة ${code}`,
    paid: 'المبلغ المدفوع',
    refund: 'مبلغ مردود',
    refundedTotal: 'إجمالي المردود',
    net: 'الصافي بعد الرد',
    currencyNote: 'المبالغ بالجنيه المصري.',
    footer: 'شكرًا لتعلّمك مع درسك. هذا الإيصال صادر إلكترونيًا ولا يحتاج إلى توقيع.',
  },
  en: {
    title: 'Payment receipt',
    number: 'Receipt number',
    date: 'Date paid',
    seller: 'Seller',
    address: 'Address',
    taxId: 'Tax registration number',
    commercialRegistry: 'Commercial registry',
    buyer: 'Buyer',
    plan: 'Plan',
    weeklyMinutes: (minutes) => `${minutes} minutes a week`,
    period: 'Period',
    periods: { month: 'One month', quarter: 'Three months', year: 'One year', freeTrial: 'Free trial' },
    method: 'Payment method',
    methods: {
      card: 'Bank card',
      eWallet: 'Mobile wallet',
      bankInstallment: 'Bank instalments',
      cashReference: 'Cash at a Fawry outlet',
    },
    installments: (count) => `Instalments: ${count}`,
    merchantRef: 'Darsak payment number',
    providerRef: 'Payment provider reference',
    providers: { fawry: 'Fawry', paymob: 'Paymob' },
    price: 'Plan price',
    discount: (code) => `Coupon ${code} discount`,
    paid: 'Amount paid',
    refund: 'Refund',
    refundedTotal: 'Total refunded',
    net: 'Net after refunds',
    currencyNote: 'Amounts in Egyptian pounds (EGP).',
    footer: 'Thank you for learning with Darsak. This receipt is issued electronically and needs no signature.',
  },
};
