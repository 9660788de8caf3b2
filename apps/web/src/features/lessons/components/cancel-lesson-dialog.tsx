import type { LessonView } from '@darsak/domain/lessons';
import { Alert, Button, Dialog, FormError, useToast } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useEffect, useState } from 'react';
import { useDateFormat } from '../../../lib/date-format.ts';
import { useErrorText } from '../../../lib/forms.ts';
import { useCancelLesson } from '../hooks/use-lesson-mutations.ts';
import { useNow } from '../hooks/use-now.ts';
import { otherMemberOf } from './lesson-card.tsx';
import { canChange } from './lesson-rules.ts';

/**
 * "Cancel lesson" with a confirmation: what is cancelled, that the minutes come back, and until when it is
 * allowed (the cancellation window). Refusals are shown in the dialog.
 */
export function CancelLessonButton({ lesson, viewerId }: { lesson: LessonView; viewerId: number }) {
  const { t, format } = useI18n();
  const dates = useDateFormat();
  const errorText = useErrorText();
  const { toast } = useToast();
  const now = useNow();
  const [open, setOpen] = useState(false);
  const cancel = useCancelLesson();
  const other = otherMemberOf(lesson, viewerId);
  const student = lesson.student.id === viewerId;

  useEffect(() => {
    if (!open) cancel.reset();
  }, [open, cancel.reset]);

  if (!canChange(lesson, now)) return null;
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {t('booking.cancel.open')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={t('booking.cancel.title')} size="sm">
        <div className="flex flex-col gap-4">
          <p className="text-ink">
            {t(student ? 'booking.cancel.bodyStudent' : 'booking.cancel.bodyTutor', {
              name: other.name,
              gender: other.gender,
              when: dates.dayTime(lesson.startsAt),
              minutes: format.minutes(lesson.durationMinutes),
            })}
          </p>
          <Alert tone="info">{t('booking.cancel.window', { until: dates.dayTime(lesson.cancellableUntil) })}</Alert>
          <FormError message={cancel.error ? errorText(cancel.error) : undefined} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="ghost" onClick={() => setOpen(false)}>
              {t('booking.cancel.keep')}
            </Button>
            <Button
              variant="danger"
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(lesson.id, {
                  onSuccess: () => {
                    setOpen(false);
                    toast({
                      type: 'success',
                      title: t('booking.cancel.done'),
                      description: student
                        ? t('booking.cancel.minutesBack', { count: lesson.durationMinutes })
                        : undefined,
                    });
                  },
                })
              }
            >
              {t('booking.cancel.confirm')}
            </Button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
