import type { User } from '@darsak/domain/users';
import { Badge, Button, Card, MailIcon, PhoneIcon } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import type { ReactNode } from 'react';
import { ChangeContactDialog } from './change-contact-dialog.tsx';
import { VerifyContactDialog } from './verify-contact-dialog.tsx';

function Row({
  icon,
  label,
  value,
  verified,
  action,
}: {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  verified: boolean;
  action?: ReactNode;
}) {
  const t = useT();
  return (
    <li className="flex items-start gap-3 py-3">
      <span
        aria-hidden="true"
        className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-50 text-primary-700"
      >
        {icon}
      </span>
      <div className="min-w-0 flex-1 space-y-2">
        <div>
          <p className="text-sm text-muted">{label}</p>
          <div className="font-semibold wrap-anywhere">{value}</div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={verified ? 'success' : 'warning'}>
            {verified ? t('common.verified') : t('common.unverified')}
          </Badge>
          {action}
        </div>
      </div>
    </li>
  );
}

/** A long address breaks before its "@" on narrow screens rather than inside the domain. */
function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  return (
    <bdi dir="ltr">
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </bdi>
  );
}

/** E-mail and phone with their verification state and a way to verify each (spec §5: needed to complete a profile). */
export function ContactVerificationCard({ user }: { user: User }) {
  const t = useT();
  return (
    <Card title={t('verify.section.title')} description={t('verify.section.subtitle')}>
      <ul className="divide-y divide-line">
        <Row
          icon={<MailIcon />}
          label={t('field.email')}
          value={<EmailAddress email={user.email} />}
          verified={user.emailVerified}
          action={
            <>
              {!user.emailVerified && (
                <VerifyContactDialog
                  kind="email"
                  user={user}
                  trigger={
                    <Button size="sm" variant="secondary">
                      {t('verify.action')}
                    </Button>
                  }
                />
              )}
              <ChangeContactDialog
                kind="email"
                user={user}
                trigger={
                  <Button size="sm" variant="ghost" aria-label={`${t('contactChange.action')}: ${t('field.email')}`}>
                    {t('contactChange.action')}
                  </Button>
                }
              />
            </>
          }
        />
        <Row
          icon={<PhoneIcon />}
          label={t('field.phone')}
          value={
            user.phone ? (
              <bdi dir="ltr">{user.phone}</bdi>
            ) : (
              <span className="font-normal text-muted">{t('verify.noPhone')}</span>
            )
          }
          verified={user.phoneVerified}
          action={
            user.phone && (
              <>
                {!user.phoneVerified && (
                  <VerifyContactDialog
                    kind="phone"
                    user={user}
                    trigger={
                      <Button size="sm" variant="secondary">
                        {t('verify.action')}
                      </Button>
                    }
                  />
                )}
                <ChangeContactDialog
                  kind="phone"
                  user={user}
                  trigger={
                    <Button size="sm" variant="ghost" aria-label={`${t('contactChange.action')}: ${t('field.phone')}`}>
                      {t('contactChange.action')}
                    </Button>
                  }
                />
              </>
            )
          }
        />
      </ul>
    </Card>
  );
}
