import { buttonClasses, ErrorScreen } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { Link } from 'react-router';
import { useCurrentUser } from '../../lib/auth-store.ts';
import { homePathFor } from '../../lib/roles.ts';

/** A signed-in user on a page of another role. */
export function Forbidden() {
  const t = useT();
  const user = useCurrentUser();
  return (
    <ErrorScreen
      mark={t('page.forbidden.code')}
      title={t('page.forbidden.title')}
      description={t('page.forbidden.body')}
      actions={
        <Link to={user ? homePathFor(user.role) : '/'} className={buttonClasses()}>
          {t('page.forbidden.back')}
        </Link>
      }
    />
  );
}
