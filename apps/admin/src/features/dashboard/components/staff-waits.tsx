import type { RoleId } from '@darsak/domain/users';
import { isAdminRole } from '@darsak/domain/users';
import { Alert } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { Link } from 'react-router';
import { APP_URL } from '../../../config/env.ts';
import { useOnboardingLive } from '../../interviews/hooks/use-onboarding-live.ts';
import { type StaffWait, useInterviewHoursMissing, useStaffWaits } from '../hooks/use-staff-waits.ts';

/** The main app's page where an interviewer sets their interview hours. */
const INTERVIEW_HOURS_URL = new URL('/schedule-management', APP_URL).toString();

function WaitCount({ wait }: { wait: StaffWait }) {
  const { t, format } = useI18n();
  const count = wait.count === undefined ? (wait.failed ? t('staff.waits.loadError') : '…') : format.number(wait.count);
  return (
    <Link
      to={wait.href}
      className="flex h-full flex-col gap-1 rounded-(--radius-card) border border-line bg-surface p-4 shadow-sm hover:border-primary-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
    >
      <span className={wait.count ? 'text-3xl font-bold text-primary-700' : 'text-3xl font-bold text-muted'}>
        {count}
      </span>
      <span className="text-sm font-semibold text-ink">{t(`staff.waits.${wait.key}`)}</span>
    </Link>
  );
}

/** Missing interview hours: applicants then meet no time at all, so staff are told where hours are set. */
function InterviewHoursNotice({ role }: { role: RoleId }) {
  const { t } = useI18n();
  const missing = useInterviewHoursMissing(role);
  if (!missing) return null;
  const who = isAdminRole(role) ? 'admin' : 'manager';
  return (
    <Alert
      tone="warning"
      title={t(`staff.waits.noHours.${who}.title`)}
      action={
        <a href={INTERVIEW_HOURS_URL} className="font-semibold underline">
          {t(`staff.waits.noHours.${who}.link`)}
        </a>
      }
    >
      {t(`staff.waits.noHours.${who}.body`)}
    </Alert>
  );
}

/** "/": what waits for this role (counts linking to where it is done), recounted when any applicant moves. */
export function StaffWaits({ role }: { role: RoleId }) {
  const { t } = useI18n();
  const waits = useStaffWaits(role);
  useOnboardingLive();
  if (waits.length === 0) return null;
  return (
    <section aria-labelledby="staff-waits" className="flex flex-col gap-3">
      <h2 id="staff-waits" className="text-lg font-bold text-ink">
        {t('staff.waits.title')}
      </h2>
      <InterviewHoursNotice role={role} />
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {waits.map((wait) => (
          <li key={wait.key}>
            <WaitCount wait={wait} />
          </li>
        ))}
      </ul>
    </section>
  );
}
