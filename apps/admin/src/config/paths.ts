/** Admin routes of spec §2. */
export const paths = {
  dashboard: { path: '/', href: () => '/' },
  login: { path: '/login', href: (next?: string) => (next ? `/login?next=${encodeURIComponent(next)}` : '/login') },
  invoices: { path: '/invoices', href: () => '/invoices' },
  media: { path: '/media', href: () => '/media' },
  plans: { path: '/plans', href: () => '/plans' },
  coupon: { path: '/coupon/:id', href: (id: number) => `/coupon/${id}` },
  users: { path: '/users', href: () => '/users' },
  user: { path: '/user/:id', href: (id: number) => `/user/${id}` },
  interviews: { path: '/interviews', href: () => '/interviews' },
  lessons: { path: '/lessons', href: () => '/lessons' },
  lesson: { path: '/lesson/:id', href: (id: number) => `/lesson/${id}` },
  serverStats: { path: '/server-stats', href: () => '/server-stats' },
  platformSettings: { path: '/platform-settings', href: () => '/platform-settings' },
  topics: { path: '/topics', href: () => '/topics' },
  userSettings: { path: '/user-settings', href: () => '/user-settings' },
  photoSession: { path: '/photo-session/:tutorId', href: (tutorId: number) => `/photo-session/${tutorId}` },
  photoSessions: { path: '/photo-sessions', href: () => '/photo-sessions' },
  tutor: { path: '/tutor/:id', href: (id: number) => `/tutor/${id}` },
  tutors: { path: '/tutors', href: () => '/tutors' },
  planInvites: { path: '/plan-invites', href: () => '/plan-invites' },
  invites: { path: '/invites', href: () => '/invites' },
  auditLog: { path: '/audit-log', href: () => '/audit-log' },
  reports: { path: '/reports', href: () => '/reports' },
  report: { path: '/report/:id', href: (id: number) => `/report/${id}` },
} as const;

export function safeNext(next: string | null | undefined): string | undefined {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return undefined;
  return next;
}
