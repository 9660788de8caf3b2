import type { MessageKey } from '@darsak/ui/i18n';
import { paths } from '../../config/paths.ts';

export interface TourStep {
  id: 'welcome' | 'tutors' | 'minutes' | 'booking' | 'lessons' | 'chat';
  /** The page the step is told on (the tour takes the student there). */
  href: string;
  title: MessageKey;
  body: MessageKey;
}

const step = (id: TourStep['id'], href: string): TourStep => ({
  id,
  href,
  title: `tour.${id}.title` as MessageKey,
  body: `tour.${id}.body` as MessageKey,
});

/** A new student's first look round: dashboard, finding a tutor, weekly minutes, booking, joining, chat. */
export const TOUR_STEPS: readonly TourStep[] = [
  step('welcome', paths.studentDashboard.href()),
  step('tutors', paths.tutors.href()),
  step('minutes', paths.plans.href()),
  step('booking', paths.tutors.href()),
  step('lessons', paths.upcomingLessons.href()),
  step('chat', paths.chat.href()),
];
