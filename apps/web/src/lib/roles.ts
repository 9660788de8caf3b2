import { ROLE_GROUPS, Role, type RoleId, type RoleName, roleNameOf } from '@darsak/domain/users';
import { paths } from '../config/paths.ts';

export { Role, type RoleId, type RoleName, roleNameOf };

export const STUDENT_ROLES = ['student'] as const satisfies readonly RoleName[];
export const TUTOR_ROLES = ROLE_GROUPS.tutorLike;
/** Accounts that use the main app; staff-only accounts are sent to the admin app. */
export const APP_ROLES = ['student', 'tutor', 'tutorManager'] as const satisfies readonly RoleName[];

export const hasRole = (role: RoleId, allowed: readonly RoleName[]): boolean => allowed.includes(roleNameOf(role));

export const isStudent = (role: RoleId) => role === Role.student;
export const isTutorLike = (role: RoleId) => role === Role.tutor || role === Role.tutorManager;

/** Where "home" is for a signed-in user: a tutor manager's work is their interviews and demo sessions. */
export function homePathFor(role: RoleId): string {
  if (isStudent(role)) return paths.studentDashboard.href();
  if (role === Role.tutorManager) return paths.interviews.href();
  if (isTutorLike(role)) return paths.tutorDashboard.href();
  return paths.home.href();
}

export function settingsPathFor(role: RoleId): string {
  return isTutorLike(role) ? paths.tutorAccountSettings.href() : paths.studentSettings.href();
}

export function completeProfilePathFor(role: RoleId): string {
  return isTutorLike(role) ? paths.tutorCompleteProfile.href() : paths.completeProfile.href();
}
