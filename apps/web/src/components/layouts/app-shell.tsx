import { LoadingAnimation } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { lazy, Suspense, useState } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { TourProvider } from '../../features/tour/components/tour-provider.tsx';
import { useCurrentUser } from '../../lib/auth-store.ts';
import { ConnectionBanner } from '../connection-banner.tsx';
import { Navbar } from './navbar.tsx';
import { SidebarNav } from './sidebar.tsx';

/** The phone's sidebar drawer, loaded when first opened (its dialog library is not needed to show a page). */
const Drawer = lazy(async () => ({ default: (await import('@darsak/ui/dialog')).Drawer }));

/**
 * The page frame: navbar on top; for signed-in users the sidebar beside the content (≥768 px) or in a
 * drawer (phones). While a lazy route loads, the content area shows the loading animation.
 */
export function AppShell() {
  const t = useT();
  const user = useCurrentUser();
  const navigation = useNavigation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const loading = navigation.state === 'loading';

  return (
    <TourProvider>
      <div className="flex min-h-dvh flex-col">
        <Navbar onOpenSidebar={() => setDrawerOpen(true)} />
        <ConnectionBanner />
        <div className="mx-auto flex w-full max-w-7xl flex-1">
          {user && (
            <aside className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-64 shrink-0 overflow-y-auto border-e border-line p-4 md:block">
              <SidebarNav />
            </aside>
          )}
          <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 outline-none sm:px-6 lg:px-10 lg:py-8">
            {loading ? (
              <LoadingAnimation />
            ) : (
              // A page the server rendered is hydrated apart from the frame around it, after it: two shorter tasks
              // on a phone instead of one (React hydrates each Suspense boundary in a pass of its own).
              <Suspense fallback={<LoadingAnimation />}>
                <Outlet />
              </Suspense>
            )}
          </main>
        </div>
        {user && drawerOpen && (
          <Suspense fallback={null}>
            <Drawer open onOpenChange={setDrawerOpen} title={t('sidebar.label')}>
              <SidebarNav onNavigate={() => setDrawerOpen(false)} />
            </Drawer>
          </Suspense>
        )}
      </div>
    </TourProvider>
  );
}
