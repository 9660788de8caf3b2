import { availabilityKeys, lessonsKeys, subscriptionsKeys, tutorsKeys } from '@darsak/client';
import { LessonStatus } from '@darsak/domain/lessons';
import type { LessonEventPayload } from '@darsak/domain/realtime';
import { useToast } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { useDateFormat } from '../../../lib/date-format.ts';
import { useRealtimeEvent } from '../../../lib/realtime.ts';

/**
 * Lesson booked, moved or cancelled (spec §4 realtime): every lesson view, free times, the week's minutes and
 * the stats are fetched again, and the other member is told with a toast (whoever acted already knows; an
 * admin's cancellation is news to both).
 */
export function useLessonsRealtime(viewerId: number | undefined) {
  const queryClient = useQueryClient();
  const { t } = useI18n();
  const dates = useDateFormat();
  const { toast } = useToast();
  const enabled = viewerId !== undefined;

  const refresh = (payload: LessonEventPayload) => {
    void queryClient.invalidateQueries({ queryKey: lessonsKeys.all });
    void queryClient.invalidateQueries({ queryKey: availabilityKeys.free() });
    void queryClient.invalidateQueries({ queryKey: subscriptionsKeys.all });
    void queryClient.invalidateQueries({ queryKey: tutorsKeys.stats() });
    void queryClient.invalidateQueries({ queryKey: tutorsKeys.info(payload.tutorId) });
  };

  useRealtimeEvent(
    'lesson:booked',
    (payload) => {
      refresh(payload);
      if (payload.tutorId === viewerId) {
        toast({ type: 'info', title: t('booking.realtime.booked', { when: dates.dayTime(payload.startsAt) }) });
      }
    },
    enabled,
  );
  useRealtimeEvent(
    'lesson:rebooked',
    (payload) => {
      refresh(payload);
      if (payload.tutorId === viewerId) {
        toast({ type: 'info', title: t('booking.realtime.rebooked', { when: dates.dayTime(payload.startsAt) }) });
      }
    },
    enabled,
  );
  // a lesson ended: its minutes are counted, and what was not taken is back in the week
  useRealtimeEvent('lesson:ended', refresh, enabled);
  useRealtimeEvent(
    'lesson:cancelled',
    (payload) => {
      refresh(payload);
      const byOther =
        (payload.status === LessonStatus.cancelledByStudent && payload.tutorId === viewerId) ||
        (payload.status === LessonStatus.cancelledByTutor && payload.studentId === viewerId) ||
        payload.status === LessonStatus.cancelledByAdmin;
      if (byOther) {
        toast({
          type: 'warning',
          title: t('booking.realtime.cancelled', { when: dates.dayTime(payload.startsAt) }),
        });
      }
    },
    enabled,
  );
}
