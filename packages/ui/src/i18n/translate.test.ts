import { arabicDigits } from '@darsak/domain/common';
import { beforeAll, describe, expect, it } from 'vitest';
import { EVERY_FEATURE } from '../testing/every-feature.ts';
import { ar as common } from './ar.ts';
import { type Catalogue, loadLocale } from './catalogues.ts';
import { createFormatters } from './format.ts';
import type { ArabicMessages, MessageKey } from './keys.ts';
import { LOCALES, type Locale } from './locales.ts';
import { isGenderForms, isPluralForms, type Message } from './messages.ts';
import { type CountedKey, createTranslate, errorMessageOf, fieldMessageOf } from './translate.ts';

const COUNTS = [0, 1, 2, 3, 11, 100];
/** Every Arabic message: the common catalogue and every feature's. */
const ar: ArabicMessages = Object.assign({}, common, ...EVERY_FEATURE.map((feature) => feature.ar));
const keys = Object.keys(ar) as MessageKey[];
const countedKeys = keys.filter((key) => isPluralForms(ar[key])) as CountedKey[];
const textsOf = (message: Message) => (typeof message === 'string' ? [message] : Object.values(message));
const placeholdersOf = (message: Message) =>
  new Set(textsOf(message).flatMap((text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string)));

/**
 * Texts with a `{count}` that are not counted nouns, each read: the number stands alone ("الإجمالي: {count}",
 * "+{count}") or is already a counted phrase ("على {count}" with "٣ دفعات"). A new one belongs here only after
 * the same check; a counted noun gets plural forms instead.
 */
const BARE_COUNTS = new Set<string>([
  'profile.topics.count',
  'booking.tutors.moreTopics',
  'booking.tutor.lessonsGiven',
  // a label with its count in brackets, as the reviews tab
  'booking.reviews.all',
  'payments.installments.option',
  'payments.history.installments',
  'realtime.log.entries',
  'reports.log.attach',
  'staff.table.total',
  'staff.subscription.earlier',
  'staff.tutor.cancelBooked',
]);

const catalogues = {} as Record<Locale, Catalogue>;
beforeAll(async () => {
  for (const locale of Object.keys(LOCALES) as Locale[]) catalogues[locale] = await loadLocale(locale);
});

describe('counted nouns', () => {
  it('are many, and every other `{count}` text is a reviewed bare number', () => {
    expect(countedKeys.length).toBeGreaterThan(30);
    const bare = keys.filter((key) => !isPluralForms(ar[key]) && placeholdersOf(ar[key]).has('count'));
    expect(bare.filter((key) => !BARE_COUNTS.has(key))).toEqual([]);
  });

  it.each(Object.keys(LOCALES) as Locale[])('have the form of each count 0, 1, 2, 3, 11 and 100 in %s', (locale) => {
    const plural = new Intl.PluralRules(LOCALES[locale].intl);
    const t = createTranslate(locale);
    for (const key of countedKeys) {
      const message = catalogues[locale][key] ?? key; // an unregistered key shows as itself
      expect(isPluralForms(message), `${locale} ${key} is counted`).toBe(true);
      const vars = Object.fromEntries([...placeholdersOf(ar[key])].map((name) => [name, 'x']));
      for (const count of COUNTS) {
        const category = plural.select(count);
        expect(isPluralForms(message) && message[category], `${locale} ${key} ${category}`).toBeTruthy();
        expect(t(key, { ...vars, count }), `${locale} ${key} ${count}`).not.toMatch(/\{\w+\}/);
      }
    }
  });

  it('read right in Arabic', () => {
    const t = createTranslate('ar');
    const unread = COUNTS.map((count) => t('realtime.chat.unread', { count }));
    expect(unread).toEqual([
      'لا رسائل غير مقروءة',
      'رسالة واحدة غير مقروءة',
      'رسالتان غير مقروءتين',
      '٣ رسائل غير مقروءة',
      '١١ رسالة غير مقروءة',
      '١٠٠ رسالة غير مقروءة',
    ]);
    expect(COUNTS.map((count) => t('payments.count.lessons', { count }))).toEqual([
      '٠ درس',
      'درس واحد',
      'درسان',
      '٣ دروس',
      '١١ درسًا',
      '١٠٠ درس',
    ]);
    expect(t('booking.tutors.count', { shown: 3, count: 3 })).toBe('يظهر ٣ من ٣ معلّمين');
    expect(t('booking.tutors.count', { shown: 12, count: 15 })).toBe('يظهر ١٢ من ١٥ معلّمًا');
    expect(t('booking.reviews.count', { count: 15 })).toBe('١٥ تقييمًا');
    expect(t('booking.dashboard.upcomingCount', { count: 15 })).toBe('١٥ درسًا قادمًا');
    expect(t('booking.lesson.joinOpens', { count: 2 })).toBe('يُفتح رابط الدخول قبل بداية الدرس بدقيقتين.');
  });

  it('read right in English', () => {
    const t = createTranslate('en');
    expect(t('realtime.chat.unread', { count: 1 })).toBe('1 unread message');
    expect(t('realtime.chat.unread', { count: 2 })).toBe('2 unread messages');
    expect(t('booking.tutors.count', { shown: 3, count: 3 })).toBe('Showing 3 of 3 tutors');
  });
});

describe('gendered wording', () => {
  it('follows the person’s gender and is masculine when it is not known', () => {
    const t = createTranslate('ar');
    expect(t('booking.tutors.newTutor', { gender: 'female' })).toBe('معلّمة جديدة');
    expect(t('booking.tutors.newTutor', { gender: 'male' })).toBe('معلّم جديد');
    expect(t('booking.tutors.newTutor', { gender: null })).toBe('معلّم جديد');
    expect(createTranslate('en')('booking.tutors.newTutor', { gender: 'female' })).toBe('New tutor');
  });

  it('has both forms wherever Arabic words a text for a gender', () => {
    for (const key of keys.filter((k) => isGenderForms(ar[k]))) {
      for (const text of textsOf(ar[key])) expect(text.trim(), key).not.toBe('');
    }
  });
});

describe('digits', () => {
  it('writes numbers put in a text in the locale’s digits', () => {
    expect(createTranslate('ar')('stepper.progress', { current: 2, total: 3 })).toBe('الخطوة ٢ من ٣');
    expect(createTranslate('en')('stepper.progress', { current: 2, total: 3 })).toBe('Step 2 of 3');
  });

  it.each(Object.keys(LOCALES) as Locale[])('writes every number in a text as Intl writes it for %s', (locale) => {
    const { intl, digits, decimal } = LOCALES[locale];
    const number = new Intl.NumberFormat(intl, { useGrouping: false });
    expect([...digits]).toEqual(Array.from({ length: 10 }, (_, digit) => number.format(digit)));
    expect(number.formatToParts(1.5).find((part) => part.type === 'decimal')?.value).toBe(decimal);
    const t = createTranslate(locale);
    const intlText = new Intl.NumberFormat(intl, { useGrouping: false, maximumFractionDigits: 2 });
    const averages = [4.8, 4.85, 4.855, 4.999, 1.115, 0.125, 0.005, 0.004, 10.5, 2 / 3, 12345.678, 1e6 + 0.5];
    for (const value of [0, 7, 30, 1234567, 2.5, 1 / 3, -4, -2.75, 1e16, 1e-7, ...averages]) {
      expect(t('stepper.progress', { current: value, total: 3 }), String(value)).toBe(
        t('stepper.progress', { current: 0, total: 3 }).replace(digits[0] ?? '0', intlText.format(value)),
      );
    }
  });

  it('has no Western digits in Arabic texts (Latin names such as MP4, H.264 or 5xx aside)', () => {
    const western = keys.filter((key) => textsOf(ar[key]).some((text) => arabicDigits(text) !== text));
    expect(western).toEqual([]);
  });

  it('writes the domain’s messages in the locale’s digits', () => {
    expect(fieldMessageOf('ar', 'reason-length')).toBe('اكتب السبب في ٣ إلى ٥٠٠ حرف.');
    expect(fieldMessageOf('ar', 'cvv-format')).toBe('رمز التحقق من البطاقة (CVV) ٣ أو ٤ أرقام.');
    expect(fieldMessageOf('en', 'reason-length')).toMatch(/3/);
    for (const code of ['unexpected', 'no-such-code']) expect(errorMessageOf('ar', code)).not.toMatch(/[0-9]/);
  });

  it('writes a duration as hours and minutes, never a fraction of an hour', () => {
    const arabic = createFormatters('ar');
    expect(arabic.duration(20)).toBe('٢٠ دقيقة');
    expect(arabic.duration(120)).toBe('ساعتان');
    expect(arabic.duration(195)).toBe('٣ ساعات و١٥ دقيقة');
    expect(createFormatters('en').duration(61)).toBe('1 hour and 1 minute');
  });
});
