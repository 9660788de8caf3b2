import type { LessonView } from '@darsak/domain/lessons';
import { Button, Dialog, FormError, useToast } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useEffect, useState } from 'react';
import { useErrorText } from '../../../lib/forms.ts';
import { useEndAsTutorAbsent } from '../hooks/use-lesson-mutations.ts';

/**
 * "End the lesson: the tutor did not attend", confirmed (spec §4 session join): the lesson is cancelled as the
 * tutor's, its minutes come back to the student's week at once and both are told. Shown by the lesson page and
 * the session screen once the tutor counts as absent.
 */
export function TutorAbsentButton({
  lessonId,
  durationMinutes,
  onEnded,
}: {
  lessonId: number;
  durationMinutes: number;
  onEnded?: (lesson: LessonView) => void;
}) {
  const { t, format } = useI18n();
  const errorText = useErrorText();
  const { toast } = useToast();
  const [open, setOpen] = useState(false);
  const end = useEndAsTutorAbsent();

  useEffect(() => {
    if (!open) end.reset();
  }, [open, end.reset]);

  const confirm = () =>
    end.mutate(lessonId, {
      onSuccess: (lesson) => {
        setOpen(false);
        toast({
          type: 'success',
          title: t('booking.absent.done'),
          description: t('booking.cancel.minutesBack', { count: lesson.durationMinutes }),
        });
        onEnded?.(lesson);
      },
    });

  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {t('booking.absent.open')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={t('booking.absent.title')} size="sm">
        <div className="flex flex-col gap-4">
          <p className="text-ink">{t('booking.absent.body', { minutes: format.minutes(durationMinutes) })}</p>
          <FormError message={end.error ? errorText(end.error) : undefined} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="ghost" onClick={() => setOpen(false)}>
              {t('booking.absent.keepWaiting')}
            </Button>
            <Button variant="danger" loading={end.isPending} onClick={confirm}>
              {t('booking.absent.confirm')}
            </Button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
