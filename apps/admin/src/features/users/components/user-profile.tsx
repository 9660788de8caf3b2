import type { UserAccount } from '@darsak/domain/users';
import { Badge, Card } from '@darsak/ui';
import { type MessageKey, useI18n } from '@darsak/ui/i18n';

/** Who the person is: contacts with their verification, role, when they joined, the account's state. */
export function UserProfile({ account }: { account: UserAccount }) {
  const { t, format } = useI18n();
  const row = (label: MessageKey, value: React.ReactNode) => (
    <div className="min-w-0">
      <dt className="text-sm text-muted">{t(label)}</dt>
      <dd className="font-semibold">{value}</dd>
    </div>
  );
  return (
    <Card title={t('staff.user.profile')}>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {row(
          'staff.users.email',
          <span className="flex flex-wrap items-center gap-2">
            <bdi dir="ltr" className="break-all">
              {account.email}
            </bdi>
            <Badge tone={account.emailVerified ? 'success' : 'warning'}>
              {t(account.emailVerified ? 'common.verified' : 'common.unverified')}
            </Badge>
          </span>,
        )}
        {row(
          'staff.users.phone',
          account.phone ? (
            <span className="flex flex-wrap items-center gap-2">
              <bdi dir="ltr">{account.phone}</bdi>
              <Badge tone={account.phoneVerified ? 'success' : 'warning'}>
                {t(account.phoneVerified ? 'common.verified' : 'common.unverified')}
              </Badge>
            </span>
          ) : (
            '—'
          ),
        )}
        {row('staff.users.role', t(`role.${account.role}` as MessageKey))}
        {row('staff.users.createdAt', format.date(account.createdAt))}
        {row('staff.user.profileCompleted', account.profileCompleted ? t('common.yes') : t('common.no'))}
        {row(
          'staff.users.activity',
          account.disabledAt ? (
            <Badge tone="error">{t('staff.user.disabledSince', { date: format.dateTime(account.disabledAt) })}</Badge>
          ) : (
            <Badge tone="success">{t('staff.users.active')}</Badge>
          ),
        )}
      </dl>
    </Card>
  );
}
