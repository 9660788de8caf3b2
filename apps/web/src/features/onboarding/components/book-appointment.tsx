import { type AppointmentKind, interviewersQuery, onboardingKeys } from '@darsak/client';
import { demoSessionsContract, interviewsContract } from '@darsak/domain/interviews';
import { Alert, Button, cn, EmptyState, FormError, LoadingAnimation, SelectField, useToast } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { api } from '../../../lib/api.ts';
import { useDateFormat } from '../../../lib/date-format.ts';
import { useErrorText } from '../../../lib/forms.ts';

const CONTRACTS = { interview: interviewsContract, demoSession: demoSessionsContract } as const;

/**
 * Booking an interview or the demo session: an interviewer, a day, then one of their free 30-minute times, and a
 * confirmation naming all three. A refusal (someone took the time) refreshes the free times.
 */
export function BookAppointment({ kind }: { kind: AppointmentKind }) {
  const { t } = useI18n();
  const dates = useDateFormat();
  const errorText = useErrorText();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const interviewers = useQuery(interviewersQuery(api));
  const [managerId, setManagerId] = useState<number | null>(null);
  const [day, setDay] = useState<string | null>(null);
  const [startsAt, setStartsAt] = useState<string | null>(null);

  const available = useMemo(() => (interviewers.data ?? []).filter((i) => i.freeTimes.length > 0), [interviewers.data]);
  const chosen = available.find((i) => i.interviewer.id === managerId) ?? available[0];
  const days = useMemo(() => {
    const byDay = new Map<string, string[]>();
    for (const time of chosen?.freeTimes ?? []) {
      const key = dates.dayKey(time.startsAt);
      byDay.set(key, [...(byDay.get(key) ?? []), time.startsAt]);
    }
    return byDay;
  }, [chosen, dates]);
  const shownDay = day && days.has(day) ? day : [...days.keys()][0];

  const book = useMutation({
    mutationFn: (body: { managerId: number; startsAt: string }) => api.callRoute(CONTRACTS[kind].book, { body }),
    onSuccess: () => {
      toast({ type: 'success', title: t('onboarding.book.done') });
      void queryClient.invalidateQueries({ queryKey: onboardingKeys.all });
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: onboardingKeys.interviewers() }),
  });

  if (interviewers.isPending) return <LoadingAnimation />;
  if (interviewers.isError) return <LoadError error={interviewers.error} onRetry={() => void interviewers.refetch()} />;
  if (!chosen) {
    // No interviewer has a free time yet: the applicant is told by message when one adds hours (the server's
    // interviewHoursAdded), and this page reloads the times by itself when that happens.
    return (
      <EmptyState
        level={3}
        title={t(`onboarding.book.noTimesYet.${kind}`)}
        description={t('onboarding.book.noTimesYetBody')}
        action={
          <Button variant="secondary" loading={interviewers.isFetching} onClick={() => void interviewers.refetch()}>
            {t('onboarding.book.checkAgain')}
          </Button>
        }
      />
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted">{t('onboarding.book.hint')}</p>
      <SelectField
        label={t('onboarding.book.interviewer')}
        value={String(chosen.interviewer.id)}
        onChange={(event) => {
          setManagerId(Number(event.target.value));
          setStartsAt(null);
        }}
        placeholder={false}
        options={available.map((i) => ({ value: String(i.interviewer.id), label: i.interviewer.name }))}
      />
      <fieldset className="flex min-w-0 flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold text-ink">{t('onboarding.book.day')}</legend>
        <div className="flex gap-2 overflow-x-auto pb-1">
          {[...days.keys()].map((key) => (
            <button
              key={key}
              type="button"
              aria-pressed={key === shownDay}
              onClick={() => {
                setDay(key);
                setStartsAt(null);
              }}
              className={cn(
                'shrink-0 rounded-lg border px-3 py-2 text-sm',
                key === shownDay ? 'border-primary-600 bg-primary-50 text-primary-800' : 'border-line bg-surface',
              )}
            >
              {dates.dayShort(days.get(key)?.[0] ?? key)}
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset className="flex min-w-0 flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold text-ink">{t('onboarding.book.time')}</legend>
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
          {(shownDay ? (days.get(shownDay) ?? []) : []).map((time) => (
            <button
              key={time}
              type="button"
              aria-pressed={time === startsAt}
              onClick={() => setStartsAt(time)}
              className={cn(
                'rounded-lg border px-2 py-2 text-sm',
                time === startsAt ? 'border-primary-600 bg-primary-600 text-white' : 'border-line bg-surface',
              )}
            >
              {dates.time(time)}
            </button>
          ))}
        </div>
      </fieldset>
      {startsAt && (
        <Alert tone="info">
          {t('onboarding.book.confirmBody', {
            kind: t(`onboarding.kind.${kind}`),
            name: chosen.interviewer.name,
            when: dates.dayTime(startsAt),
          })}
        </Alert>
      )}
      <FormError message={book.error ? errorText(book.error) : undefined} />
      <div>
        <Button
          disabled={!startsAt}
          loading={book.isPending}
          onClick={() => startsAt && book.mutate({ managerId: chosen.interviewer.id, startsAt })}
        >
          {t('onboarding.book.confirm')}
        </Button>
      </div>
    </div>
  );
}
