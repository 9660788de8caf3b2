import { availabilityKeys, errorCodeOf, isApiError, slotsQuery, tutorsKeys } from '@darsak/client';
import { availabilityContract, type ReplaceSlotsInput, SLOT_STEP_MINUTES } from '@darsak/domain/availability';
import { WEEKDAYS } from '@darsak/domain/lessons';
import { Alert, Button, Card, cn, Form, FormActions, FormError, LoadingAnimation, useToast } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentProps, useEffect, useMemo, useRef } from 'react';
import { type FieldErrors, useFieldArray, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { api } from '../../../lib/api.ts';
import { useCurrentUser } from '../../../lib/auth-store.ts';
import { useDateFormat } from '../../../lib/date-format.ts';
import { formResolver, useFieldErrorText } from '../../../lib/forms.ts';
import { Role } from '../../../lib/roles.ts';
import { LessonLengthsField } from './lesson-lengths-field.tsx';

/** The start or end of one span: a visible "from"/"to" and, for screen readers, which span of which day. */
function SpanTimeSelect({
  label,
  span,
  options,
  invalid,
  ...select
}: ComponentProps<'select'> & {
  id: string;
  label: string;
  span: string;
  options: readonly { value: number; label: string }[];
  invalid: boolean;
}) {
  return (
    <div className="flex min-w-28 flex-1 flex-col gap-1">
      <label htmlFor={select.id} className="text-xs font-semibold text-muted">
        {label}
        <span className="sr-only"> {span}</span>
      </label>
      <select
        className={cn('h-10 rounded-lg border bg-surface px-2', invalid ? 'border-red-500' : 'border-line')}
        aria-invalid={invalid || undefined}
        {...select}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Egyptian calendars start the week on Saturday. */
const WEEK_ORDER = [6, 0, 1, 2, 3, 4, 5] as const;
const MINUTES_PER_DAY = 1440;
const DEFAULT_SPAN = { startMinute: 17 * 60, endMinute: 19 * 60 };

/** The body as the schema takes it; the page always sends the lengths. */
type ScheduleForm = ReplaceSlotsInput;

const resolver = formResolver((forms) => forms.WeeklyScheduleForm);

interface OrphanedLesson {
  id: number;
  startsAt: string;
  endsAt: string;
}

/** The lessons a refused change would have cancelled (`conflicting-schedule` details). */
function orphanedLessonsOf(error: unknown): OrphanedLesson[] {
  if (!isApiError(error, 'conflicting-schedule')) return [];
  const lessons = error.details?.lessons;
  if (!Array.isArray(lessons)) return [];
  return lessons.filter(
    (l): l is OrphanedLesson =>
      typeof l === 'object' && l !== null && typeof l.id === 'number' && typeof l.startsAt === 'string',
  );
}

/** "٥:٠٠ م" for a minute of the day (1440: the day's end, "١٢:٠٠ ص" of the next). */
function useMinuteLabel() {
  const { intlLocale } = useI18n();
  return useMemo(() => {
    const formatter = new Intl.DateTimeFormat(intlLocale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
    return (minute: number) => formatter.format(new Date(Date.UTC(2000, 0, 1) + minute * 60_000));
  }, [intlLocale]);
}

function useReplaceSlots() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReplaceSlotsInput) => api.callRoute(availabilityContract.replace, { body }),
    onSuccess: (list) => {
      queryClient.setQueryData(availabilityKeys.slots('me'), list);
      void queryClient.invalidateQueries({ queryKey: availabilityKeys.all });
      void queryClient.invalidateQueries({ queryKey: tutorsKeys.all });
    },
  });
}

/**
 * /schedule-management: the tutor's weekly availability, spans per weekday in Cairo time on the quarter-hour
 * grid, and the lesson lengths they teach. Saving replaces both; a change that would cancel booked lessons is
 * refused and the lessons are listed.
 */
export function WeeklyScheduleEditor() {
  const { t, locale, format, errorMessage } = useI18n();
  const dates = useDateFormat();
  const fieldText = useFieldErrorText();
  const minuteLabel = useMinuteLabel();
  const { toast } = useToast();
  // A tutor manager's week is when applicants book interviews and demo sessions with them, not lessons.
  const interviewer = useCurrentUser()?.role === Role.tutorManager;
  const current = useQuery(slotsQuery(api));
  const replace = useReplaceSlots();
  const values = useMemo<ScheduleForm | undefined>(
    () =>
      current.data && {
        slots: current.data.list.map(({ weekday, startMinute, endMinute }) => ({ weekday, startMinute, endMinute })),
        lessonLengths: current.data.lessonLengths,
      },
    [current.data],
  );
  const form = useForm({ resolver, values });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'slots' });
  const slots = form.watch('slots') ?? [];
  const lessonLengths = form.watch('lessonLengths') ?? [];
  const notice = useRef<HTMLDivElement>(null);
  // A refused save is explained at the top: bring it into view wherever the tutor pressed save.
  useEffect(() => {
    if (replace.error) notice.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [replace.error]);

  const startOptions = useMemo(
    () =>
      Array.from({ length: MINUTES_PER_DAY / SLOT_STEP_MINUTES }, (_, i) => i * SLOT_STEP_MINUTES).map((m) => ({
        value: m,
        label: minuteLabel(m),
      })),
    [minuteLabel],
  );
  const endOptions = useMemo(
    () =>
      Array.from({ length: MINUTES_PER_DAY / SLOT_STEP_MINUTES }, (_, i) => (i + 1) * SLOT_STEP_MINUTES).map((m) => ({
        value: m,
        label: m === MINUTES_PER_DAY ? t('booking.slots.endOfDay') : minuteLabel(m),
      })),
    [minuteLabel, t],
  );

  if (current.isPending) return <LoadingAnimation />;
  if (current.isError) return <LoadError error={current.error} onRetry={() => void current.refetch()} />;

  const weeklyMinutes = slots.reduce((sum, s) => sum + Math.max(0, Number(s.endMinute) - Number(s.startMinute)), 0);
  const orphaned = orphanedLessonsOf(replace.error);
  const slotErrors = (form.formState.errors as FieldErrors<ScheduleForm>).slots;

  const addSpan = (weekday: number) => {
    const day = slots.filter((s) => s.weekday === weekday).sort((a, b) => a.endMinute - b.endMinute);
    const last = day.at(-1);
    const start = last ? Math.min(last.endMinute, MINUTES_PER_DAY - 60) : DEFAULT_SPAN.startMinute;
    append({ weekday, startMinute: start, endMinute: Math.min(start + 60, MINUTES_PER_DAY) });
  };

  return (
    <Form
      data-schema-form
      onSubmit={form.handleSubmit((body) =>
        replace.mutate(body, {
          onSuccess: () =>
            toast({
              type: 'success',
              title: t(interviewer ? 'booking.slots.interviewer.saved' : 'booking.slots.saved'),
            }),
        }),
      )}
    >
      <div ref={notice} className="scroll-mt-20 empty:hidden">
        {orphaned.length > 0 ? (
          <Alert tone="error" title={errorMessage('conflicting-schedule')}>
            <p className="mb-2">{t('booking.slots.conflictBody')}</p>
            <ul className="list-disc space-y-1 ps-5">
              {orphaned.map((lesson) => (
                <li key={lesson.id}>
                  <Link className="font-semibold underline" to={paths.lesson.href(lesson.id)}>
                    {dates.dayTime(lesson.startsAt)} – {dates.time(lesson.endsAt)}
                  </Link>
                </li>
              ))}
            </ul>
          </Alert>
        ) : (
          <FormError message={replace.error ? errorMessage(errorCodeOf(replace.error)) : undefined} />
        )}
      </div>
      {interviewer && current.data.list.length === 0 && (
        <Alert tone="warning" title={t('booking.slots.interviewer.noneTitle')}>
          {t('booking.slots.interviewer.noneBody')}
        </Alert>
      )}
      <Alert tone="info">
        {t(interviewer ? 'booking.slots.interviewer.intro' : 'booking.slots.intro', {
          total: format.duration(weeklyMinutes),
        })}
      </Alert>
      {!interviewer && (
        <LessonLengthsField
          value={lessonLengths}
          onChange={(lengths) =>
            form.setValue('lessonLengths', lengths, {
              shouldDirty: true,
              shouldValidate: form.formState.isSubmitted,
            })
          }
          error={fieldText(form.formState.errors.lessonLengths)}
        />
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        {WEEK_ORDER.map((weekday) => {
          const dayName = locale === 'ar' ? WEEKDAYS[weekday].ar : WEEKDAYS[weekday].en;
          const rows = fields
            .map((field, index) => ({ field, index }))
            .filter(({ index }) => slots[index]?.weekday === weekday);
          return (
            <Card key={weekday} title={dayName} className="p-4 sm:p-4">
              <fieldset className="flex flex-col gap-3">
                <legend className="sr-only">{t('booking.slots.dayLegend', { day: dayName })}</legend>
                {rows.length === 0 && (
                  <p className="text-sm text-muted">
                    {t(interviewer ? 'booking.slots.interviewer.dayOff' : 'booking.slots.dayOff')}
                  </p>
                )}
                {rows.map(({ field, index }, position) => {
                  const error = slotErrors?.[index];
                  const message = fieldText(
                    error?.endMinute ??
                      error?.startMinute ??
                      error?.root ??
                      (error as { message?: string } | undefined),
                  );
                  const startId = `slot-${field.id}-start`;
                  const endId = `slot-${field.id}-end`;
                  return (
                    <div key={field.id} className="flex flex-col gap-1">
                      <div className="flex flex-wrap items-end gap-2">
                        <SpanTimeSelect
                          id={startId}
                          label={t('booking.slots.from')}
                          span={t('booking.slots.spanOf', { day: dayName, n: format.number(position + 1) })}
                          options={startOptions}
                          invalid={Boolean(message)}
                          {...form.register(`slots.${index}.startMinute`, { valueAsNumber: true })}
                        />
                        <SpanTimeSelect
                          id={endId}
                          label={t('booking.slots.to')}
                          span={t('booking.slots.spanOf', { day: dayName, n: format.number(position + 1) })}
                          options={endOptions}
                          invalid={Boolean(message)}
                          aria-describedby={message ? `${endId}-error` : undefined}
                          {...form.register(`slots.${index}.endMinute`, { valueAsNumber: true })}
                        />
                        <Button
                          variant="ghost"
                          size="sm"
                          className="h-10 text-red-700"
                          onClick={() => remove(index)}
                          aria-label={t('booking.slots.removeSpan', { day: dayName, n: format.number(position + 1) })}
                        >
                          {t('booking.slots.remove')}
                        </Button>
                      </div>
                      {message && (
                        <p id={`${endId}-error`} className="text-sm font-medium text-red-700">
                          {message}
                        </p>
                      )}
                    </div>
                  );
                })}
                <Button
                  variant="link"
                  size="sm"
                  className="self-start"
                  onClick={() => addSpan(weekday)}
                  aria-label={t('booking.slots.addSpanTo', { day: dayName })}
                >
                  + {t('booking.slots.addSpan')}
                </Button>
              </fieldset>
            </Card>
          );
        })}
      </div>
      <FormActions className="sticky bottom-0 z-10 -mx-1 border-t border-line bg-canvas/95 px-1 py-3 backdrop-blur">
        <Button type="submit" loading={replace.isPending}>
          {t('booking.slots.save')}
        </Button>
        <Button variant="ghost" onClick={() => form.reset(values)} disabled={!form.formState.isDirty}>
          {t('booking.slots.undo')}
        </Button>
      </FormActions>
    </Form>
  );
}
