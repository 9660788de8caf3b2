import { buttonClasses, ErrorScreen } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { Link } from 'react-router';

export function NotFound() {
  const t = useT();
  return (
    <ErrorScreen
      mark={t('notFound.code')}
      title={t('notFound.title')}
      description={t('notFound.body')}
      actions={
        <Link to="/" className={buttonClasses()}>
          {t('common.home')}
        </Link>
      }
    />
  );
}
