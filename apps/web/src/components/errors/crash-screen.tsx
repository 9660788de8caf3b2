import { Button, buttonClasses, ErrorScreen } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFound } from './not-found.tsx';

/**
 * The crash screen: every route's error element. Retry reloads the page (a failed lazy chunk is fetched
 * again); the home link is a plain anchor so it works even when the router itself failed.
 */
export function CrashScreen() {
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
        import.meta.env.DEV ? (
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
