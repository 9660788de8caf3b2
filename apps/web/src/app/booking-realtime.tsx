import { useLessonsRealtime } from '../features/lessons/hooks/use-lessons-realtime.ts';
import { useTutorsRealtime } from '../features/tutors/hooks/use-tutors-realtime.ts';
import { useCurrentUser } from '../lib/auth-store.ts';
import { isStudent } from '../lib/roles.ts';

/**
 * Booking's realtime, for the whole signed-in app: lesson events refresh every lesson view (and tell the other
 * member), and students follow the tutors channel so the list and profiles stay current.
 */
export function BookingRealtime() {
  const user = useCurrentUser();
  useLessonsRealtime(user?.id);
  useTutorsRealtime(user ? isStudent(user.role) : false);
  return null;
}
