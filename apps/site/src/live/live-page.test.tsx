import { SITE_APP_URL_PLACEHOLDER } from '@darsak/domain/config';
import {
  fullPeriodPricePiastres,
  installmentOptions,
  type PaidPeriod,
  PERIOD_MONTHS,
  PERIOD_WEEKS,
  type Plan,
  periodDiscountPercent,
  periodPricePiastres,
} from '@darsak/domain/plans';
import { createFormatters, createTranslate } from '@darsak/ui/i18n';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSiteLocales } from '../content/index.ts';
import { pageHtml } from '../page-html.ts';
import { resolveRoute } from '../routes.tsx';
import { contactRefusalOf, contactSubmission, formValuesOf, livePage, plansOf, showsPlans } from './server-entry.ts';

beforeAll(loadSiteLocales);

const TEMPLATE = '<html lang="ar" dir="rtl"><head><title>x</title></head><body><div id="root"></div></body></html>';
const built = (path: string) => pageHtml(TEMPLATE, resolveRoute(path), null);

/** A plan as the public plan list answers it (the server's own price rules). */
function plan(
  fields: Pick<Plan, 'id' | 'nameAr' | 'nameEn' | 'weeklyMinutes' | 'baseMonthPricePiastres'> & Partial<Plan>,
): Plan {
  const row = {
    monthDiscountPercent: 0,
    quarterDiscountPercent: 10,
    yearDiscountPercent: 25,
    installments: 1,
    ...fields,
  };
  const price = (period: PaidPeriod) => ({
    months: PERIOD_MONTHS[period],
    weeks: PERIOD_WEEKS[period],
    fullPricePiastres: fullPeriodPricePiastres(row, period),
    discountPercent: periodDiscountPercent(row, period),
    pricePiastres: periodPricePiastres(row, period),
    installmentOptions: installmentOptions(row.installments),
  });
  return {
    ...row,
    prices: { month: price('month'), quarter: price('quarter'), year: price('year') },
    state: 'active',
    forInvitesOnly: false,
    freeTrialAvailable: false,
    freeTrialWeeks: null,
    createdAt: '2026-11-01T00:00:00.000Z',
  };
}

const PLANS = [
  plan({ id: 1, nameAr: 'باقة الانطلاق', nameEn: 'Starter', weeklyMinutes: 60, baseMonthPricePiastres: 60_000 }),
  plan({ id: 2, nameAr: null, nameEn: null, weeklyMinutes: 120, baseMonthPricePiastres: 110_050, installments: 3 }),
];

describe('live plans on the site', () => {
  it('prerendered pages mark where the plans go; without plans known they point to the app', () => {
    const pricing = built('/pricing/');
    expect(showsPlans(pricing)).toBe(true);
    expect(showsPlans(built('/'))).toBe(true);
    expect(showsPlans(built('/about/'))).toBe(false);
    expect(pricing).toContain('الأسعار الحالية تظهر في صفحة الباقات داخل التطبيق');
    // the way on to the app's plans page stays, with or without the plans
    expect(pricing).toContain(`href="${SITE_APP_URL_PLACEHOLDER}/plans"`);
    expect(livePage(pricing, { appUrl: '', live: { plans: PLANS } })).toContain(
      `href="${SITE_APP_URL_PLACEHOLDER}/plans"`,
    );
  });

  it('writes the live plans in, named and priced exactly as the app shows them, in the page language', () => {
    const html = livePage(built('/pricing/'), { appUrl: 'https://app.test', live: { plans: PLANS } });
    const [t, format] = [createTranslate('ar'), createFormatters('ar')];
    expect(html).toContain('باقة الانطلاق');
    // no name: the app's own fallback name
    expect(html).toContain(t('payments.plan.fallbackName', { minutes: format.minutes(120) }));
    expect(html).toContain(t('payments.plan.perWeek', { minutes: format.minutes(60) }));
    for (const period of ['month', 'quarter', 'year'] as const)
      expect(html).toContain(t(`payments.periodLong.${period}`));
    const pounds = (value: number, digits: number) =>
      new Intl.NumberFormat('ar-EG', {
        style: 'currency',
        currency: 'EGP',
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }).format(value);
    expect(html).toContain(pounds(600, 0)); // 60,000 piastres a month: whole pounds
    expect(html).toContain(pounds(1100.5, 2)); // 110,050 piastres keeps its piastres
    expect(html).toContain('خصم ٢٥٪');
    // Arabic plurals: 60 min = ٤ دروس of 15 and درسان of 30; 120 min = ٨ دروس and ٤ دروس
    expect(html).toContain('حتى ٤ دروس من ١٥ دقيقة أو درسان من ٣٠ دقيقة');
    expect(html).not.toContain('الأسعار الحالية تظهر في صفحة الباقات');

    const english = livePage(built('/en/pricing/'), { appUrl: 'https://app.test', live: { plans: PLANS } });
    expect(english).toContain('Starter');
    expect(english).toContain('Up to 4 lessons of 15 minutes or 2 lessons of 30 minutes');
    expect(english).toContain(createTranslate('en')('payments.periodLong.quarter'));
  });

  it('says so when no plan is open, and leaves the page as built when the plans were not asked for', () => {
    expect(livePage(built('/'), { appUrl: '', live: { plans: [] } })).toContain('لا توجد باقات متاحة للاشتراك الآن');
    const page = built('/pricing/');
    expect(livePage(page, { appUrl: '', live: {} })).toBe(page);
  });

  it('reads the plan list answer, and nothing else', () => {
    expect(plansOf(200, { total: 2, list: PLANS })).toEqual(PLANS);
    expect(plansOf(500, { code: 'unexpected' })).toBeNull();
    expect(plansOf(200, { list: 'no' })).toBeNull();
  });
});

describe('support links and the contact form without JavaScript', () => {
  it('lists the configured support channels, or says there are none', () => {
    const page = built('/contact/');
    const html = livePage(page, { appUrl: '', live: { supportLinks: { whatsapp: 'https://wa.me/201000000000' } } });
    expect(html).toContain('href="https://wa.me/201000000000"');
    expect(html).toContain('واتساب');
    expect(livePage(page, { appUrl: '', live: { supportLinks: {} } })).toContain('لم تُفعَّل قنوات دعم عامة بعد');
  });

  it('posts the form to this site in the page language', () => {
    expect(built('/contact/')).toMatch(/<form [^>]*action="\/contact\/#contact-form" method="post"/);
    expect(built('/en/contact/')).toMatch(/<form [^>]*action="\/en\/contact\/#contact-form" method="post"/);
    for (const name of ['title', 'message', 'name', 'email', 'phone'])
      expect(built('/contact/')).toContain(`name="${name}"`);
  });

  it('checks a posted form by the shared schema: blanks left out, or a refusal per field', () => {
    const values = formValuesOf({
      title: 'سؤال',
      message: 'عندي سؤال عن الباقات',
      email: 'Mona@Example.com',
      phone: '',
      x: 1,
    });
    expect(values).toEqual({ title: 'سؤال', message: 'عندي سؤال عن الباقات', email: 'Mona@Example.com', phone: '' });
    expect(contactSubmission(values)).toEqual({
      request: { title: 'سؤال', message: 'عندي سؤال عن الباقات', email: 'mona@example.com' },
    });
    expect(contactSubmission({ title: '', message: 'قصيرة', phone: '0123' })).toEqual({
      refusal: {
        code: 'bad-request',
        fields: { title: 'required', message: 'contact-message-length', phone: 'phone-invalid' },
      },
    });
    expect(contactRefusalOf({ code: 'too-many-requests', message: 'x' })).toEqual({ code: 'too-many-requests' });
    expect(contactRefusalOf('not json')).toEqual({ code: 'unexpected' });
  });

  it('shows a refused form again with why, and what was written', () => {
    const values = { title: 'سؤال', message: 'قصيرة', phone: '0123' };
    const html = livePage(built('/contact/'), {
      appUrl: '',
      live: { contact: { values, refusal: { code: 'bad-request', fields: { message: 'contact-message-length' } } } },
    });
    expect(html).toContain('لم تُرسل رسالتك');
    expect(html).toContain('role="alert"');
    expect(html).toContain('value="سؤال"');
    expect(html).toContain('>قصيرة</textarea>');
    expect(html).toContain('aria-invalid="true"');
    const limited = livePage(built('/en/contact/'), {
      appUrl: '',
      live: { contact: { values, refusal: { code: 'too-many-requests' } } },
    });
    expect(limited).toContain('Your message was not sent');
  });
});
