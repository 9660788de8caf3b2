import { errorCodeOf } from '@darsak/client';
import type { ErrorCode } from '@darsak/domain/errors';
import { buttonClasses, Spinner } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface RecordPageProps<T> {
  query: UseQueryResult<T>;
  back: { href: string; label: string };
  title: string;
  /** The code answered for an unknown id: shown as is, with no retry. */
  notFound: ErrorCode;
  loadError: string;
  children: (record: T) => ReactNode;
}

/** One record's page for staff (a lesson, a report): back link and title, loading, not found or retry, content. */
export function RecordPage<T>({ query, back, title, notFound, loadError, children }: RecordPageProps<T>) {
  const { t, errorMessage } = useI18n();
  const backLink = (
    <Link to={back.href} className="text-sm text-primary-700 underline">
      {back.label}
    </Link>
  );
  if (query.isPending) return <Spinner className="size-8 text-primary-600" label={t('common.loading')} />;
  if (query.isError) {
    const missing = errorCodeOf(query.error) === notFound;
    return (
      <div className="flex flex-col items-start gap-3">
        <p role="alert" className="text-red-800">
          {missing ? errorMessage(notFound) : loadError}
        </p>
        {!missing && (
          <button type="button" className={buttonClasses({ variant: 'secondary' })} onClick={() => query.refetch()}>
            {t('common.retry')}
          </button>
        )}
        {backLink}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-1">
        {backLink}
        <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      </div>
      {children(query.data)}
    </div>
  );
}
