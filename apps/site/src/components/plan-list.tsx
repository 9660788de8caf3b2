import { PAID_PERIODS, type Plan } from '@darsak/domain/plans';
import { SESSION_LENGTHS } from '@darsak/domain/sessions';
import { Alert, Badge, buttonClasses, cn } from '@darsak/ui';
import { type I18nContextValue, useI18n } from '@darsak/ui/i18n';
import { fill } from '../content/fill.ts';
import { AppLink } from './app-url.tsx';
import { useSite } from './site-context.tsx';

/**
 * The plan's name exactly as the app shows it: its name in the page's language, else in the other, else the
 * app's "N-minute plan" (the same catalogue key).
 */
function planName(plan: Plan, { locale, t, format }: I18nContextValue): string {
  const name = locale === 'en' ? (plan.nameEn ?? plan.nameAr) : (plan.nameAr ?? plan.nameEn);
  return name ?? t('payments.plan.fallbackName', { minutes: format.minutes(plan.weeklyMinutes) });
}

/** Piastres as pounds, whole pounds without decimals, like the app's plans page. */
const money = ({ format }: I18nContextValue, piastres: number) => {
  const digits = piastres % 100 === 0 ? 0 : 2;
  return format.number(piastres / 100, {
    style: 'currency',
    currency: 'EGP',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
};

function PlanItem({ plan, featured }: { plan: Plan; featured: boolean }) {
  const i18n = useI18n();
  const { t, format, intlLocale } = i18n;
  const c = useSite().content.plans;
  const plural = new Intl.PluralRules(intlLocale);
  const lessons = (length: number) => {
    const count = Math.floor(plan.weeklyMinutes / length);
    return fill(c.lessons[plural.select(count)], { count: format.number(count), length: format.minutes(length) });
  };
  const [short, long] = SESSION_LENGTHS;
  return (
    <li
      className={cn(
        'flex flex-col gap-4 rounded-(--radius-card) bg-surface p-6 shadow-(--shadow-card)',
        featured ? 'border-2 border-primary-500' : 'border border-line',
      )}
    >
      <div className="space-y-2">
        <h3 className="text-lg font-bold text-ink">{planName(plan, i18n)}</h3>
        <p className="text-2xl font-extrabold text-primary-700">
          {t('payments.plan.perWeek', { minutes: format.minutes(plan.weeklyMinutes) })}
        </p>
        <p className="text-sm text-ink">
          {fill(c.upTo, { lessons: lessons(short) })} {fill(c.or, { lessons: lessons(long) })}
        </p>
      </div>
      <ul className="space-y-2">
        {PAID_PERIODS.map((period) => {
          const price = plan.prices[period];
          return (
            <li key={period} className="rounded-xl bg-stone-50 px-3.5 py-2.5">
              <p className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-semibold text-ink">{t(`payments.periodLong.${period}`)}</span>
                <span className="text-lg font-bold text-ink">{money(i18n, price.pricePiastres)}</span>
              </p>
              {price.discountPercent > 0 && (
                <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted">
                  <Badge tone="success">
                    {fill(c.discount, { percent: format.number(price.discountPercent / 100, { style: 'percent' }) })}
                  </Badge>
                  {price.months > 1 &&
                    fill(c.perMonth, { price: money(i18n, Math.round(price.pricePiastres / price.months)) })}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      {plan.installments > 1 && <p className="text-sm text-muted">{c.installments}</p>}
    </li>
  );
}

/**
 * The plans open to visitors with their prices, as the server read them when it sent the page (or at build);
 * a notice when they are unknown or none is open. The pages put the way to the app's plans page after it.
 */
export function PlanList() {
  const { live, content } = useSite();
  const c = content.plans;
  if (!live.plans?.length) return <Alert tone="info">{live.plans ? c.empty : c.unavailable}</Alert>;
  const middle = live.plans.length % 2 === 1 ? (live.plans.length - 1) / 2 : -1;
  return (
    <div className="space-y-4">
      <ul aria-label={c.listLabel} className="grid gap-4 md:grid-cols-3">
        {live.plans.map((plan, index) => (
          <PlanItem key={plan.id} plan={plan} featured={index === middle} />
        ))}
      </ul>
      <p className="max-w-3xl text-sm text-muted">{c.note}</p>
    </div>
  );
}

/** The way on from the plans: subscribing happens in the app. */
export function SubscribeLink() {
  return (
    <AppLink to="/plans" className={buttonClasses()}>
      {useSite().content.plans.subscribe}
    </AppLink>
  );
}
