import { Alert } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { PlansList } from '../../../features/plans/components/plans-list.tsx';
import {
  activeSubscriptionOf,
  useCurrentSubscription,
} from '../../../features/subscriptions/hooks/use-subscription.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { isStudent } from '../../../lib/roles.ts';

/** /plans: the tiers for visitors and students; invitation-only plans appear for invited students. */
export function PlansPage() {
  const { t, format } = useI18n();
  const { user } = useAuth();
  const student = user !== null && isStudent(user.role);
  const subscription = activeSubscriptionOf(useCurrentSubscription(student).data);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('sidebar.subscriptions')} subtitle={t('payments.plans.subtitle')} />
      {subscription && (
        <Alert
          tone="info"
          action={
            <Link to={paths.payments.href()} className="font-semibold text-primary-700 hover:underline">
              {t('payments.plans.activeLink')}
            </Link>
          }
        >
          {t('payments.plans.activeNotice', {
            minutes: format.minutes(subscription.weeklyMinutes),
            date: format.date(subscription.endsAt),
          })}
        </Alert>
      )}
      {user && !student && <Alert tone="warning">{t('payments.plans.studentsOnly')}</Alert>}
      <PlansList signedIn={student} canSubscribe={(user === null || student) && !subscription} />
      <p className="text-sm text-muted">{t('payments.plans.howItWorks')}</p>
    </div>
  );
}
