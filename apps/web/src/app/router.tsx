import { CrashScreen, LoadingAnimation, type RouteHandle } from '@darsak/ui';
import { type MessageKey, registeredMessagesLoaded } from '@darsak/ui/i18n';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  createContext,
  type HydrationState,
  matchRoutes,
  type Params,
  type RouteObject,
  RouterContextProvider,
} from 'react-router';
import { AppShell } from '../components/layouts/app-shell.tsx';
import { RootLayout } from '../components/layouts/root-layout.tsx';
import { fetchCheckoutPage } from '../features/checkout/checkout-page-data.ts';
import { sessionNow } from '../lib/auth-store.ts';
import { STUDENT_ROLES, TUTOR_ROLES } from '../lib/roles.ts';
import { GuestOnly, RequireAuth, RequireRole } from './guards.tsx';

/** The app's query client, which the pages' loaders fetch into. */
const queriesContext = createContext<QueryClient>();

/** Fetches into the query client what a page shows first. */
type PageData = (queries: QueryClient, params: Params) => Promise<void>;

/**
 * A lazily loaded page with the crash screen as its error element; it renders once the catalogues its module
 * registered are in the language shown. A signed-in page's `data` is fetched while its code loads: the page then
 * renders once, in a transition React slices (the router's), instead of rendering empty and then again, blocking
 * the phone, as each answer arrives.
 */
function page(
  path: string | undefined,
  title: MessageKey,
  load: () => Promise<ComponentType>,
  data?: PageData,
): RouteObject {
  const handle: RouteHandle = { title };
  const lazy = async () => {
    const Component = await load();
    // no extra wait when nothing is being fetched (a page in Arabic opens as soon as its chunk is in)
    const fetching = registeredMessagesLoaded();
    if (fetching) await fetching;
    return { Component };
  };
  const fetched = data && {
    loader: async ({ params, context }: { params: Params; context: Readonly<RouterContextProvider> }) => {
      if (sessionNow().user) await data(context.get(queriesContext), params);
      return null;
    },
    // the answers are the query cache's to keep fresh: a change of the address's query (a started payment's id) is
    // not a new page, and must not unmount this one
    shouldRevalidate: ({ currentUrl, nextUrl }: { currentUrl: URL; nextUrl: URL }) =>
      currentUrl.pathname !== nextUrl.pathname,
  };
  const base = { handle, lazy, ...fetched, errorElement: <CrashScreen showDetails={import.meta.env.DEV} /> };
  return path === undefined ? { index: true, ...base } : { path, ...base };
}

/** Every main-app route of spec §2. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <CrashScreen showDetails={import.meta.env.DEV} />,
    hydrateFallbackElement: <LoadingAnimation fullPage />,
    children: [
      {
        element: <AppShell />,
        errorElement: <CrashScreen showDetails={import.meta.env.DEV} />,
        children: [
          page(undefined, 'nav.main', async () => (await import('./routes/home.tsx')).HomePage),
          {
            element: <GuestOnly />,
            children: [
              page('login', 'page.login.title', async () => (await import('./routes/auth/login.tsx')).LoginPage),
              page(
                'register/:role',
                'page.register.title',
                async () => (await import('./routes/auth/register.tsx')).RegisterPage,
              ),
            ],
          },
          page('invite/:token', 'invite.title', async () => (await import('./routes/auth/invite.tsx')).InvitePage),
          page(
            'forget-password',
            'page.forgetPassword.title',
            async () => (await import('./routes/auth/forget-password.tsx')).ForgetPasswordPage,
          ),
          page(
            'reset-password',
            'page.resetPassword.title',
            async () => (await import('./routes/auth/reset-password.tsx')).ResetPasswordPage,
          ),
          page('plans', 'sidebar.subscriptions', async () => (await import('./routes/plans/plans.tsx')).PlansPage),
          page('tutors', 'sidebar.tutors', async () => (await import('./routes/tutors/tutors.tsx')).TutorsPage),
          page(
            't/:id',
            'feature.tutorProfile',
            async () => (await import('./routes/tutors/tutor-profile.tsx')).TutorProfilePage,
          ),
          {
            element: <RequireAuth />,
            children: [
              page(
                'profile',
                'sidebar.profile',
                async () => (await import('./routes/profile/profile.tsx')).ProfilePage,
              ),
              page('chat', 'sidebar.chat', async () => (await import('./routes/chat/chat.tsx')).ChatRoutePage),
              page(
                'reports',
                'reports.mine.title',
                async () => (await import('./routes/reports/my-reports.tsx')).MyReportsPage,
              ),
              page(
                'upcoming-lessons',
                'feature.upcomingLessons',
                async () => (await import('./routes/lessons/upcoming-lessons.tsx')).UpcomingLessonsPage,
              ),
              page(
                'lessons-schedule',
                'sidebar.lessonsSchedule',
                async () => (await import('./routes/lessons/lessons-schedule.tsx')).LessonsSchedulePage,
              ),
              page(
                'lesson/:id',
                'feature.lesson',
                async () => (await import('./routes/lessons/lesson.tsx')).LessonPage,
              ),
              page(
                'session',
                'feature.session',
                async () => (await import('./routes/session/session.tsx')).SessionRoutePage,
              ),
              {
                element: <RequireRole roles={STUDENT_ROLES} />,
                children: [
                  page(
                    's/dashboard',
                    'sidebar.dashboard',
                    async () => (await import('./routes/student/student-dashboard.tsx')).StudentDashboardPage,
                  ),
                  page(
                    's/settings',
                    'sidebar.settings',
                    async () => (await import('./routes/settings/student-settings.tsx')).StudentSettingsPage,
                  ),
                  page(
                    'complete-profile',
                    'page.completeProfile.title',
                    async () => (await import('./routes/profile/complete-profile.tsx')).CompleteProfilePage,
                  ),
                  page(
                    'payments',
                    'feature.payments',
                    async () => (await import('./routes/payments/payments.tsx')).PaymentsPage,
                  ),
                  page(
                    'payments/:id',
                    'feature.payment',
                    async () => (await import('./routes/payments/payment.tsx')).PaymentPage,
                  ),
                  page(
                    'checkout/:planId/:period',
                    'feature.checkout',
                    async () => (await import('./routes/checkout/checkout.tsx')).CheckoutPage,
                    fetchCheckoutPage,
                  ),
                  page(
                    'card-added',
                    'feature.cardAdded',
                    async () => (await import('./routes/checkout/card-added.tsx')).CardAddedPage,
                  ),
                ],
              },
              {
                element: <RequireRole roles={TUTOR_ROLES} />,
                children: [
                  page(
                    't/dashboard',
                    'sidebar.dashboard',
                    async () => (await import('./routes/tutor/tutor-dashboard.tsx')).TutorDashboardPage,
                  ),
                  page(
                    't/account-settings',
                    'sidebar.settings',
                    async () => (await import('./routes/settings/tutor-account-settings.tsx')).TutorAccountSettingsPage,
                  ),
                  page(
                    't/profile-settings',
                    'page.tutorProfileSettings.title',
                    async () => (await import('./routes/settings/tutor-profile-settings.tsx')).TutorProfileSettingsPage,
                  ),
                  page(
                    't/complete-profile',
                    'page.completeProfile.title',
                    async () => (await import('./routes/profile/complete-profile.tsx')).CompleteProfilePage,
                  ),
                  page(
                    'invoices',
                    'sidebar.invoices',
                    async () => (await import('./routes/tutor/invoices.tsx')).InvoicesPage,
                  ),
                  page(
                    'schedule-management',
                    'sidebar.scheduleManagement',
                    async () => (await import('./routes/tutor/schedule-management.tsx')).ScheduleManagementPage,
                  ),
                ],
              },
              {
                element: <RequireRole roles={['tutor']} />,
                children: [
                  page(
                    't/onboarding',
                    'sidebar.onboarding',
                    async () => (await import('./routes/onboarding/onboarding-pages.tsx')).OnboardingPage,
                  ),
                ],
              },
              {
                element: <RequireRole roles={['tutorManager']} />,
                children: [
                  page(
                    'interviews',
                    'sidebar.interviews',
                    async () => (await import('./routes/onboarding/onboarding-pages.tsx')).InterviewsPage,
                  ),
                  page(
                    'interview/:id',
                    'feature.interview',
                    async () => (await import('./routes/onboarding/onboarding-pages.tsx')).InterviewPage,
                  ),
                  page(
                    'demo-session/:id',
                    'feature.demoSession',
                    async () => (await import('./routes/onboarding/onboarding-pages.tsx')).DemoSessionPage,
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

/**
 * Loads the pages of an address before a server-rendered page is hydrated: the router would otherwise render its
 * fallback while they load, which is not what the server sent.
 */
export async function loadPagesOf(address: string): Promise<void> {
  const matches = matchRoutes(routes, address) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy());
      delete route.lazy;
    }),
  );
}

/** What the pages' loaders are given: the app's query client. */
export const pageDataContext = (queries: QueryClient) => () =>
  new RouterContextProvider(new Map([[queriesContext, queries]]));

/**
 * The browser's router, made before React renders (its routes' matching is a task of its own on a phone), with the
 * router's state the server rendered the page with (`hydrationData`, entry-server.tsx) when hydrating.
 */
export const createAppRouter = (queries: QueryClient, hydrationData?: HydrationState): AppRouter =>
  createBrowserRouter(routes, { hydrationData, getContext: pageDataContext(queries) });
export type AppRouter = ReturnType<typeof createBrowserRouter>;
