import { Button, buttonClasses, ErrorScreen } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

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

/** Every admin route's error element: retry reloads, home is a plain link. */
export function CrashScreen() {
  const t = useT();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <ErrorScreen
      mark="!"
      title={t('crash.title')}
      description={t('crash.body')}
      actions={
        <>
          <Button onClick={() => window.location.reload()}>{t('common.retry')}</Button>
          <a href="/" className={buttonClasses({ variant: 'secondary' })}>
            {t('common.home')}
          </a>
        </>
      }
      details={
        import.meta.env.DEV && error instanceof Error ? (
          <pre className="overflow-x-auto rounded-xl border border-line bg-surface p-3 text-sm" dir="ltr">
            {`${error.name}: ${error.message}`}
          </pre>
        ) : undefined
      }
    />
  );
}

export function Forbidden() {
  const t = useT();
  return (
    <ErrorScreen
      mark={t('page.forbidden.code')}
      title={t('page.forbidden.title')}
      description={t('page.forbidden.body')}
      actions={
        <Link to="/" className={buttonClasses()}>
          {t('page.forbidden.back')}
        </Link>
      }
    />
  );
}
