/** Every route of the main app (spec §2): its pattern and a function building its address. */
export const paths = {
  home: { path: '/', href: () => '/' },
  login: { path: '/login', href: (next?: string) => (next ? `/login?next=${encodeURIComponent(next)}` : '/login') },
  register: { path: '/register/:role', href: (role: 'student' | 'tutor' = 'student') => `/register/${role}` },
  invite: { path: '/invite/:token', href: (token: string) => `/invite/${token}` },
  resetPassword: { path: '/reset-password', href: () => '/reset-password' },
  forgetPassword: { path: '/forget-password', href: () => '/forget-password' },
  completeProfile: { path: '/complete-profile', href: () => '/complete-profile' },
  tutorCompleteProfile: { path: '/t/complete-profile', href: () => '/t/complete-profile' },
  tutorOnboarding: { path: '/t/onboarding', href: () => '/t/onboarding' },
  chat: { path: '/chat', href: () => '/chat' },
  invoices: { path: '/invoices', href: () => '/invoices' },
  payments: { path: '/payments', href: () => '/payments' },
  payment: { path: '/payments/:id', href: (id: number) => `/payments/${id}` },
  plans: { path: '/plans', href: () => '/plans' },
  checkout: {
    path: '/checkout/:planId/:period',
    href: (planId: number, period: string) => `/checkout/${planId}/${encodeURIComponent(period)}`,
  },
  cardAdded: { path: '/card-added', href: () => '/card-added' },
  profile: { path: '/profile', href: () => '/profile' },
  myReports: { path: '/reports', href: () => '/reports' },
  interviews: { path: '/interviews', href: () => '/interviews' },
  interview: { path: '/interview/:id', href: (id: number) => `/interview/${id}` },
  demoSession: { path: '/demo-session/:id', href: (id: number) => `/demo-session/${id}` },
  lessonsSchedule: { path: '/lessons-schedule', href: () => '/lessons-schedule' },
  scheduleManagement: { path: '/schedule-management', href: () => '/schedule-management' },
  studentDashboard: { path: '/s/dashboard', href: () => '/s/dashboard' },
  studentSettings: { path: '/s/settings', href: () => '/s/settings' },
  tutorDashboard: { path: '/t/dashboard', href: () => '/t/dashboard' },
  tutorAccountSettings: { path: '/t/account-settings', href: () => '/t/account-settings' },
  tutorProfileSettings: { path: '/t/profile-settings', href: () => '/t/profile-settings' },
  tutors: { path: '/tutors', href: () => '/tutors' },
  tutor: { path: '/t/:id', href: (id: number) => `/t/${id}` },
  upcomingLessons: { path: '/upcoming-lessons', href: () => '/upcoming-lessons' },
  lesson: { path: '/lesson/:id', href: (id: number) => `/lesson/${id}` },
  session: { path: '/session', href: () => '/session' },
} as const;

/** Only same-app paths are followed after sign-in (no open redirects). */
export function safeNext(next: string | null | undefined): string | undefined {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return undefined;
  return next;
}
