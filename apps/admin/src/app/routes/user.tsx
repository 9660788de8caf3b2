import { Role } from '@darsak/domain/users';
import { buttonClasses, Spinner } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { AuditTable } from '../../features/audit/components/audit-table.tsx';
import { ReportsTable } from '../../features/reports/components/reports-table.tsx';
import { AccountActions } from '../../features/users/components/account-actions.tsx';
import { StudentStats } from '../../features/users/components/student-stats.tsx';
import { UserChats } from '../../features/users/components/user-chats.tsx';
import { UserLessons } from '../../features/users/components/user-lessons.tsx';
import { UserPayments } from '../../features/users/components/user-payments.tsx';
import { UserProfile } from '../../features/users/components/user-profile.tsx';
import { UserRatings } from '../../features/users/components/user-ratings.tsx';
import { UserSubscription } from '../../features/users/components/user-subscription.tsx';
import { useAccount } from '../../features/users/hooks/use-users.ts';

/**
 * /user/{id}: a person's profile, account actions, subscription, a student's lesson figures, payments, lessons,
 * ratings, chats, reports and history.
 */
export function UserPage() {
  const { t, format, errorMessage } = useI18n();
  const id = Number(useParams().id);
  const account = useAccount(id);
  if (account.isPending) return <Spinner className="size-8 text-primary-600" label={t('common.loading')} />;
  if (account.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p role="alert" className="text-red-800">
          {errorMessage('user-not-found')}
        </p>
        <Link to={paths.users.href()} className={buttonClasses({ variant: 'secondary' })}>
          {t('staff.user.back')}
        </Link>
      </div>
    );
  }
  const user = account.data;
  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-1">
        <Link to={paths.users.href()} className="text-sm text-primary-700 underline">
          {t('staff.user.back')}
        </Link>
        <h1 className="text-2xl font-bold sm:text-3xl">{user.name}</h1>
        <p className="text-muted">{t('staff.user.subtitle', { id: format.number(user.id) })}</p>
      </div>
      <UserProfile account={user} />
      <AccountActions account={user} />
      {user.role === Role.student && <UserSubscription studentId={user.id} />}
      {user.role === Role.student && <StudentStats studentId={user.id} />}
      {user.role === Role.student && <UserPayments userId={user.id} />}
      {(user.role === Role.student || user.role === Role.tutor || user.role === Role.tutorManager) && (
        <UserLessons userId={user.id} />
      )}
      {user.role === Role.student && <UserRatings userId={user.id} side="given" />}
      {user.role === Role.tutor && <UserRatings userId={user.id} side="received" />}
      <UserChats userId={user.id} />
      <ReportsTable reporterId={user.id} />
      <AuditTable title={t('staff.user.history')} filter={{ userId: user.id }} />
    </div>
  );
}
