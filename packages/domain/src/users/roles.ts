/** Role ids of spec §3. */
export const Role = {
  superAdmin: 1,
  admin: 2,
  tutor: 3,
  student: 4,
  tutorManager: 5,
  studio: 6,
} as const;
export type RoleName = keyof typeof Role;
export type RoleId = (typeof Role)[RoleName];

export const ROLE_NAMES = Object.keys(Role) as RoleName[];
export const ROLE_IDS = Object.values(Role) as RoleId[];

export const roleNameOf = (id: RoleId): RoleName => ROLE_NAMES.find((n) => Role[n] === id) as RoleName;

/** Role groups of the permission table in DESIGN §4. */
export const ROLE_GROUPS = {
  admins: ['superAdmin', 'admin'],
  tutorLike: ['tutor', 'tutorManager'],
  staff: ['superAdmin', 'admin', 'tutorManager', 'studio'],
  interviewers: ['tutorManager', 'admin', 'superAdmin'],
  studioStaff: ['studio', 'admin', 'superAdmin'],
} as const satisfies Record<string, readonly RoleName[]>;

export const isAdminRole = (role: RoleId) => role === Role.superAdmin || role === Role.admin;
export const isTutorLike = (role: RoleId) => role === Role.tutor || role === Role.tutorManager;
