import { PLAN_TIERS } from '@darsak/domain/plans';
import { SESSION_LENGTHS } from '@darsak/domain/sessions';
import { ar } from '../content/ar.ts';

const number = new Intl.NumberFormat('ar-EG');
const fill = (template: string, count: number) => template.replace('{count}', number.format(count));

/** The three weekly-minute tiers of the specification, with what each buys in 15- and 30-minute lessons. */
export function Tiers() {
  const [short, long] = SESSION_LENGTHS;
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {PLAN_TIERS.map((minutes, index) => {
        const item = ar.tiers.items.find((tier) => tier.minutes === minutes);
        return (
          <li
            key={minutes}
            className={
              index === 1
                ? 'rounded-(--radius-card) border-2 border-primary-500 bg-surface p-6 shadow-(--shadow-card)'
                : 'rounded-(--radius-card) border border-line bg-surface p-6 shadow-(--shadow-card)'
            }
          >
            <h3 className="text-lg font-bold text-ink">{item?.name}</h3>
            <p className="mt-3 flex items-baseline gap-2">
              <span className="text-4xl font-extrabold text-primary-700">{number.format(minutes)}</span>
              <span className="text-muted">{ar.tiers.minutesUnit}</span>
            </p>
            <ul className="mt-4 space-y-1 text-sm text-ink">
              <li>{fill(ar.tiers.lessonsOf15, Math.floor(minutes / short))}</li>
              <li>{fill(ar.tiers.lessonsOf30, Math.floor(minutes / long))}</li>
            </ul>
            {item?.note && <p className="mt-4 text-sm text-muted">{item.note}</p>}
          </li>
        );
      })}
    </ul>
  );
}
