import type { RoleId } from '@darsak/domain/users';
import type { MessageKey } from '@darsak/ui/i18n';
import { paths } from '../../config/paths.ts';
import type { UserMeta } from '../../lib/auth-store.ts';
import { isStudent, isTutorLike, Role } from '../../lib/roles.ts';

export type SidebarIcon =
  | 'home'
  | 'users'
  | 'book'
  | 'calendar'
  | 'clock'
  | 'chat'
  | 'card'
  | 'wallet'
  | 'settings'
  | 'user'
  | 'video'
  | 'rocket';

export interface SidebarEntry {
  key: string;
  label: MessageKey;
  href: string;
  icon: SidebarIcon;
}

/**
 * The sidebar of spec §2 filtered by role: dashboard, tutors, lessons, lessons-schedule, schedule,
 * schedule-management, chat, subscriptions, invoices (earnings), settings, profile (logout is a button).
 */
export function sidebarEntriesFor(role: RoleId, meta?: UserMeta | null): SidebarEntry[] {
  const student = isStudent(role);
  const tutorLike = isTutorLike(role);
  const entries: Array<SidebarEntry | false> = [
    student && { key: 'dashboard', label: 'sidebar.dashboard', href: paths.studentDashboard.href(), icon: 'home' },
    role === Role.tutor && {
      key: 'dashboard',
      label: 'sidebar.dashboard',
      href: paths.tutorDashboard.href(),
      icon: 'home',
    },
    role === Role.tutorManager && {
      key: 'interviews',
      label: 'sidebar.interviews',
      href: paths.interviews.href(),
      icon: 'video',
    },
    role === Role.tutor &&
      meta?.activated !== true && {
        key: 'onboarding',
        label: 'sidebar.onboarding',
        href: paths.tutorOnboarding.href(),
        icon: 'rocket',
      },
    student && { key: 'tutors', label: 'sidebar.tutors', href: paths.tutors.href(), icon: 'users' },
    (student || tutorLike) && {
      key: 'lessons',
      label: 'sidebar.lessons',
      href: paths.upcomingLessons.href(),
      icon: 'book',
    },
    student && {
      key: 'lessons-schedule',
      label: 'sidebar.lessonsSchedule',
      href: paths.lessonsSchedule.href(),
      icon: 'calendar',
    },
    tutorLike && { key: 'schedule', label: 'sidebar.schedule', href: paths.lessonsSchedule.href(), icon: 'calendar' },
    tutorLike && {
      key: 'schedule-management',
      label: role === Role.tutorManager ? 'sidebar.interviewHours' : 'sidebar.scheduleManagement',
      href: paths.scheduleManagement.href(),
      icon: 'clock',
    },
    { key: 'chat', label: 'sidebar.chat', href: paths.chat.href(), icon: 'chat' },
    student && { key: 'subscriptions', label: 'sidebar.subscriptions', href: paths.plans.href(), icon: 'card' },
    tutorLike && { key: 'invoices', label: 'sidebar.invoices', href: paths.invoices.href(), icon: 'wallet' },
    student && { key: 'settings', label: 'sidebar.settings', href: paths.studentSettings.href(), icon: 'settings' },
    tutorLike && {
      key: 'settings',
      label: 'sidebar.settings',
      href: paths.tutorAccountSettings.href(),
      icon: 'settings',
    },
    { key: 'profile', label: 'sidebar.profile', href: paths.profile.href(), icon: 'user' },
  ];
  return entries.filter((entry): entry is SidebarEntry => entry !== false);
}
