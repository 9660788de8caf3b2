import { hasEndDate, isFreeTrial, type Subscription } from '@darsak/domain/subscriptions';
import { Alert, textLinkClasses } from '@darsak/ui';
import { type MessageKey, registerMessages, useI18n } from '@darsak/ui/i18n';
import { paymentsMessages } from '@darsak/ui/i18n/features/payments.ar.ts';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { PlansList } from '../../../features/plans/components/plans-list.tsx';
import {
  activeSubscriptionOf,
  purchaseBlocked,
  useCurrentSubscription,
} from '../../../features/subscriptions/hooks/use-subscription.ts';
import { useCurrentUser } from '../../../lib/auth-store.ts';
import { isStudent } from '../../../lib/roles.ts';

// This page's catalogues ride in its chunk; the router awaits their other languages (app/messages.ts).
void registerMessages(paymentsMessages);

/** What a paid subscription lets her buy: the next period from its end, or nothing once that is paid. */
function paidNotice(subscription: Subscription): MessageKey {
  if (subscription.next) return 'payments.plans.nextPaidNotice';
  return subscription.payAhead ? 'payments.plans.payAheadNotice' : 'payments.plans.activeNotice';
}

/**
 * What the student has now: a paid subscription until its end (the plan bought now starts then, unless the next
 * period is paid already), or a free trial, open-ended or until its end, which a paid plan replaces.
 */
function SubscriptionNotice({ subscription }: { subscription: Subscription }) {
  const { t, format } = useI18n();
  const minutes = format.minutes(subscription.weeklyMinutes);
  const date = format.date(subscription.endsAt);
  const next = subscription.next && format.date(subscription.next.startsAt);
  return (
    <Alert
      tone="info"
      action={
        <Link to={paths.payments.href()} className={textLinkClasses}>
          {t('payments.plans.activeLink')}
        </Link>
      }
    >
      {!isFreeTrial(subscription)
        ? t(paidNotice(subscription), { minutes, date, next: next ?? date })
        : hasEndDate(subscription)
          ? t('payments.plans.trialNoticeUntil', { minutes, date })
          : t('payments.plans.trialNotice', { minutes })}
    </Alert>
  );
}

/** /plans: the tiers for visitors and students; invitation-only plans appear for invited students. */
export function PlansPage() {
  const { t } = useI18n();
  const user = useCurrentUser();
  const student = user !== null && isStudent(user.role);
  const current = useCurrentSubscription(student).data;
  const subscription = activeSubscriptionOf(current);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('sidebar.subscriptions')} subtitle={t('payments.plans.subtitle')} />
      {subscription && <SubscriptionNotice subscription={subscription} />}
      {user && !student && <Alert tone="warning">{t('payments.plans.studentsOnly')}</Alert>}
      <PlansList
        signedIn={student}
        canSubscribe={(user === null || student) && !purchaseBlocked(current)}
        upgradeFrom={
          subscription && subscription.period !== 'freeTrial'
            ? { weeklyMinutes: subscription.weeklyMinutes, period: subscription.period }
            : null
        }
      />
      <p className="text-sm text-muted">{t('payments.plans.howItWorks')}</p>
    </div>
  );
}
