import type { User } from '@darsak/domain/users';
import { Alert, buttonClasses } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { Link } from 'react-router';
import { completeProfilePathFor, isTutorLike } from '../lib/roles.ts';

/** Asks the user to finish the profile and verify contacts while either is missing (spec §5). */
export function ProfileStatusAlert({ user }: { user: User }) {
  const t = useT();
  if (user.profileCompleted && user.emailVerified && user.phoneVerified) return null;
  return (
    <Alert
      tone="warning"
      title={t('dashboard.profile.incomplete.title')}
      action={
        <Link to={completeProfilePathFor(user.role)} className={buttonClasses({ size: 'sm' })}>
          {t('dashboard.profile.complete')}
        </Link>
      }
    >
      {t(isTutorLike(user.role) ? 'dashboard.profile.incomplete.tutorBody' : 'dashboard.profile.incomplete.body')}
    </Alert>
  );
}
