import { ROLE_GROUPS, Role, type RoleId, type RoleName, roleNameOf } from '@darsak/domain/users';
import type { MessageKey } from '@darsak/ui/i18n';

/** Areas of the admin app and who may enter each (DESIGN §4 permission table). */
export type AdminArea =
  | 'dashboard'
  | 'users'
  | 'tutors'
  | 'interviews'
  | 'lessons'
  | 'plans'
  | 'planInvites'
  | 'invites'
  | 'auditLog'
  | 'invoices'
  | 'reports'
  | 'topics'
  | 'photoSessions'
  | 'media'
  | 'serverStats'
  | 'platformSettings'
  | 'userSettings';

const STAFF = ROLE_GROUPS.staff;
const ADMINS = ROLE_GROUPS.admins;

export const AREA_ROLES: Record<AdminArea, readonly RoleName[]> = {
  dashboard: STAFF,
  userSettings: STAFF,
  interviews: ROLE_GROUPS.interviewers,
  photoSessions: ROLE_GROUPS.studioStaff,
  media: ROLE_GROUPS.studioStaff,
  users: ADMINS,
  tutors: ADMINS,
  lessons: ADMINS,
  plans: ADMINS,
  planInvites: ADMINS,
  invites: ADMINS,
  auditLog: ADMINS,
  invoices: ADMINS,
  reports: ADMINS,
  topics: ADMINS,
  serverStats: ADMINS,
  platformSettings: ADMINS,
};

export const isStaff = (role: RoleId): boolean => (STAFF as readonly RoleName[]).includes(roleNameOf(role));

export const canEnter = (role: RoleId, area: AdminArea): boolean => AREA_ROLES[area].includes(roleNameOf(role));

export interface StaffEntry {
  area: AdminArea;
  label: MessageKey;
  href: string;
}

const ENTRIES: readonly StaffEntry[] = [
  { area: 'dashboard', label: 'admin.sidebar.dashboard', href: '/' },
  { area: 'users', label: 'admin.sidebar.users', href: '/users' },
  { area: 'tutors', label: 'admin.sidebar.tutors', href: '/tutors' },
  { area: 'interviews', label: 'admin.sidebar.interviews', href: '/interviews' },
  { area: 'lessons', label: 'admin.sidebar.lessons', href: '/lessons' },
  { area: 'plans', label: 'admin.sidebar.plans', href: '/plans' },
  { area: 'planInvites', label: 'admin.sidebar.planInvites', href: '/plan-invites' },
  { area: 'invites', label: 'staff.sidebar.invites', href: '/invites' },
  { area: 'invoices', label: 'admin.sidebar.invoices', href: '/invoices' },
  { area: 'reports', label: 'reports.admin.nav', href: '/reports' },
  { area: 'topics', label: 'admin.sidebar.topics', href: '/topics' },
  { area: 'photoSessions', label: 'admin.sidebar.photoSessions', href: '/photo-sessions' },
  { area: 'media', label: 'admin.sidebar.media', href: '/media' },
  { area: 'serverStats', label: 'admin.sidebar.serverStats', href: '/server-stats' },
  { area: 'platformSettings', label: 'admin.sidebar.platformSettings', href: '/platform-settings' },
  { area: 'auditLog', label: 'staff.sidebar.auditLog', href: '/audit-log' },
  { area: 'userSettings', label: 'admin.sidebar.userSettings', href: '/user-settings' },
];

/** The staff sidebar for one role. */
export const staffEntriesFor = (role: RoleId): StaffEntry[] => ENTRIES.filter((entry) => canEnter(role, entry.area));

export { Role };
