import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useT } from '../i18n/i18n-provider.tsx';
import { Button, buttonClasses } from './button.tsx';
import { ErrorScreen } from './error-screen.tsx';

/** The 404 page of every app. */
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

/** A signed-in user on a page of another role; `home` is where their own pages start. */
export function Forbidden({ home = '/' }: { home?: string }) {
  const t = useT();
  return (
    <ErrorScreen
      mark={t('page.forbidden.code')}
      title={t('page.forbidden.title')}
      description={t('page.forbidden.body')}
      actions={
        <Link to={home} className={buttonClasses()}>
          {t('page.forbidden.back')}
        </Link>
      }
    />
  );
}

/**
 * Every route's error element. Retry reloads the page (a failed lazy chunk is fetched again); the home link is a
 * plain anchor so it works even when the router itself failed. `showDetails` (development builds) adds the error.
 */
export function CrashScreen({ showDetails = false }: { showDetails?: boolean }) {
  const t = useT();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const details = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
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
        showDetails ? (
          <details className="rounded-xl border border-line bg-surface p-3 text-sm">
            <summary className="cursor-pointer font-semibold">{t('crash.details')}</summary>
            <pre className="mt-2 overflow-x-auto whitespace-pre-wrap text-start" dir="ltr">
              {details}
            </pre>
          </details>
        ) : undefined
      }
    />
  );
}
