import { CrashScreen, LoadingAnimation, RootLayout, type RouteHandle } from '@darsak/ui';
import type { MessageKey } from '@darsak/ui/i18n';
import { type ComponentType, useState } from 'react';
import { createBrowserRouter, type RouteObject, RouterProvider } from 'react-router';
import { AdminShell } from '../components/admin-shell.tsx';
import { GuestOnly, RequireArea, RequireStaff } from './guards.tsx';
import { Integrations } from './integrations.tsx';

function page(path: string | undefined, title: MessageKey, load: () => Promise<ComponentType>): RouteObject {
  const handle: RouteHandle = { title };
  const base = {
    handle,
    errorElement: <CrashScreen showDetails={import.meta.env.DEV} />,
    lazy: async () => ({ Component: await load() }),
  };
  return path === undefined ? { index: true, ...base } : { path, ...base };
}

/** Admin routes of spec §2. */
export const routes: RouteObject[] = [
  {
    element: (
      <RootLayout appName="admin.appName">
        <Integrations />
      </RootLayout>
    ),
    errorElement: <CrashScreen showDetails={import.meta.env.DEV} />,
    hydrateFallbackElement: <LoadingAnimation fullPage />,
    children: [
      {
        element: <AdminShell />,
        errorElement: <CrashScreen showDetails={import.meta.env.DEV} />,
        children: [
          {
            element: <GuestOnly />,
            children: [page('login', 'admin.login.title', async () => (await import('./routes/login.tsx')).LoginPage)],
          },
          {
            element: <RequireStaff />,
            children: [
              page(
                undefined,
                'admin.sidebar.dashboard',
                async () => (await import('./routes/dashboard.tsx')).DashboardPage,
              ),
              {
                element: <RequireArea area="users" />,
                children: [
                  page('users', 'admin.sidebar.users', async () => (await import('./routes/users.tsx')).UsersPage),
                  page('user/:id', 'admin.feature.user', async () => (await import('./routes/user.tsx')).UserPage),
                ],
              },
              {
                element: <RequireArea area="tutors" />,
                children: [
                  page('tutors', 'admin.sidebar.tutors', async () => (await import('./routes/tutors.tsx')).TutorsPage),
                  page('tutor/:id', 'admin.feature.tutor', async () => (await import('./routes/tutor.tsx')).TutorPage),
                ],
              },
              {
                element: <RequireArea area="interviews" />,
                children: [
                  page(
                    'interviews',
                    'admin.sidebar.interviews',
                    async () => (await import('./routes/interviews.tsx')).InterviewsPage,
                  ),
                ],
              },
              {
                element: <RequireArea area="lessons" />,
                children: [
                  page(
                    'lessons',
                    'admin.sidebar.lessons',
                    async () => (await import('./routes/lessons.tsx')).LessonsPage,
                  ),
                  page(
                    'lesson/:id',
                    'admin.feature.lesson',
                    async () => (await import('./routes/lesson.tsx')).LessonPage,
                  ),
                ],
              },
              {
                element: <RequireArea area="plans" />,
                children: [
                  page('plans', 'admin.sidebar.plans', async () => (await import('./routes/plans.tsx')).PlansPage),
                  page(
                    'coupon/:id',
                    'payments.admin.coupons.detail',
                    async () => (await import('./routes/coupon.tsx')).CouponPage,
                  ),
                ],
              },
              {
                element: <RequireArea area="planInvites" />,
                children: [
                  page(
                    'plan-invites',
                    'admin.sidebar.planInvites',
                    async () => (await import('./routes/plan-invites.tsx')).PlanInvitesPage,
                  ),
                ],
              },
              {
                element: <RequireArea area="invites" />,
                children: [
                  page(
                    'invites',
                    'staff.sidebar.invites',
                    async () => (await import('./routes/invites.tsx')).InvitesPage,
                  ),
                ],
              },
              {
                element: <RequireArea area="auditLog" />,
                children: [
                  page(
                    'audit-log',
                    'staff.sidebar.auditLog',
                    async () => (await import('./routes/audit-log.tsx')).AuditLogPage,
                  ),
                ],
              },
              {
                element: <RequireArea area="invoices" />,
                children: [
                  page(
                    'invoices',
                    'admin.sidebar.invoices',
                    async () => (await import('./routes/invoices.tsx')).InvoicesPage,
                  ),
                ],
              },
              {
                element: <RequireArea area="reports" />,
                children: [
                  page('reports', 'reports.admin.nav', async () => (await import('./routes/reports.tsx')).ReportsPage),
                  page('report/:id', 'reports.admin.nav', async () => (await import('./routes/report.tsx')).ReportPage),
                ],
              },
              {
                element: <RequireArea area="topics" />,
                children: [
                  page('topics', 'admin.sidebar.topics', async () => (await import('./routes/topics.tsx')).TopicsPage),
                ],
              },
              {
                element: <RequireArea area="photoSessions" />,
                children: [
                  page(
                    'photo-sessions',
                    'admin.sidebar.photoSessions',
                    async () => (await import('./routes/photo-sessions.tsx')).PhotoSessionsPage,
                  ),
                  page(
                    'photo-session/:tutorId',
                    'admin.feature.photoSession',
                    async () => (await import('./routes/photo-sessions.tsx')).PhotoSessionPage,
                  ),
                ],
              },
              {
                element: <RequireArea area="media" />,
                children: [
                  page('media', 'admin.sidebar.media', async () => (await import('./routes/media.tsx')).MediaPage),
                ],
              },
              {
                element: <RequireArea area="serverStats" />,
                children: [
                  page(
                    'server-stats',
                    'admin.sidebar.serverStats',
                    async () => (await import('./routes/server-stats.tsx')).ServerStatsPage,
                  ),
                ],
              },
              {
                element: <RequireArea area="platformSettings" />,
                children: [
                  page(
                    'platform-settings',
                    'admin.sidebar.platformSettings',
                    async () => (await import('./routes/platform-settings.tsx')).PlatformSettingsPage,
                  ),
                ],
              },
              {
                element: <RequireArea area="userSettings" />,
                children: [
                  page(
                    'user-settings',
                    'admin.sidebar.userSettings',
                    async () => (await import('./routes/user-settings.tsx')).UserSettingsPage,
                  ),
                ],
              },
            ],
          },
          page('*', 'notFound.title', async () => (await import('./routes/not-found.tsx')).NotFoundPage),
        ],
      },
    ],
  },
];

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
