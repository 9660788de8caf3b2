import { calendarLinkQuery } from '@darsak/client';
import { Button, buttonClasses, CalendarIcon, Card, Spinner, TextField, useToast } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '../../../components/load-error.tsx';
import { api } from '../../../lib/api.ts';

/**
 * The private ICS link of the viewer's lessons: copy it, open it as a subscription (webcal://), and how to add
 * it to Google Calendar or Outlook.
 */
export function CalendarLinkCard() {
  const { t } = useI18n();
  const { toast } = useToast();
  const query = useQuery(calendarLinkQuery(api));

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ type: 'success', title: t('booking.calendar.copied') });
    } catch {
      toast({ type: 'warning', title: t('booking.calendar.copyFailed') });
    }
  };

  return (
    <Card title={t('booking.calendar.title')} description={t('booking.calendar.description')}>
      {query.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <div className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <TextField
              label={t('booking.calendar.link')}
              value={query.data.url}
              readOnly
              dir="ltr"
              inputClassName="h-11 text-sm"
              onFocus={(event) => event.currentTarget.select()}
            />
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                className="flex-1 whitespace-nowrap"
                onClick={() => void copy(query.data.url)}
              >
                {t('booking.calendar.copy')}
              </Button>
              <a
                href={query.data.webcalUrl}
                className={buttonClasses({ variant: 'secondary', className: 'flex-1 whitespace-nowrap' })}
              >
                <CalendarIcon />
                {t('booking.calendar.open')}
              </a>
            </div>
          </div>
          <details className="rounded-xl border border-line p-3 text-sm">
            <summary className="cursor-pointer font-semibold text-ink">{t('booking.calendar.google')}</summary>
            <ol className="mt-2 list-decimal space-y-1 ps-5 text-muted">
              <li>{t('booking.calendar.google.1')}</li>
              <li>{t('booking.calendar.google.2')}</li>
              <li>{t('booking.calendar.google.3')}</li>
            </ol>
          </details>
          <details className="rounded-xl border border-line p-3 text-sm">
            <summary className="cursor-pointer font-semibold text-ink">{t('booking.calendar.outlook')}</summary>
            <ol className="mt-2 list-decimal space-y-1 ps-5 text-muted">
              <li>{t('booking.calendar.outlook.1')}</li>
              <li>{t('booking.calendar.outlook.2')}</li>
              <li>{t('booking.calendar.outlook.3')}</li>
            </ol>
          </details>
          <p className="text-xs text-muted">{t('booking.calendar.private')}</p>
        </div>
      )}
    </Card>
  );
}
