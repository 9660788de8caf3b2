import {
  Avatar,
  Badge,
  BookIcon,
  Button,
  CalendarIcon,
  CapIcon,
  CardIcon,
  ChartIcon,
  ClockIcon,
  Drawer,
  GlobeIcon,
  HomeIcon,
  ImageIcon,
  LoadingAnimation,
  MailIcon,
  MenuIcon,
  ServerIcon,
  SettingsIcon,
  SideNav,
  TagIcon,
  UserIcon,
  UsersIcon,
  VideoIcon,
  WalletIcon,
  WarningIcon,
} from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { type ComponentType, type SVGProps, useState } from 'react';
import { Link, Outlet, useNavigation } from 'react-router';
import { type AdminArea, isStaff, staffEntriesFor } from '../lib/access.ts';
import { useAuth } from '../lib/auth-store.ts';
import { useLogout } from '../lib/use-logout.ts';

const ICONS: Record<AdminArea, ComponentType<SVGProps<SVGSVGElement>>> = {
  dashboard: HomeIcon,
  users: UsersIcon,
  tutors: CapIcon,
  interviews: VideoIcon,
  lessons: BookIcon,
  plans: CardIcon,
  planInvites: MailIcon,
  invites: UserIcon,
  auditLog: ClockIcon,
  invoices: WalletIcon,
  reports: WarningIcon,
  topics: TagIcon,
  photoSessions: CalendarIcon,
  media: ImageIcon,
  serverStats: ChartIcon,
  platformSettings: ServerIcon,
  userSettings: SettingsIcon,
};

function StaffNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useI18n();
  const { user } = useAuth();
  const logout = useLogout();
  if (!user) return null;
  const entries = staffEntriesFor(user.role).map((entry) => ({
    key: entry.area,
    href: entry.href,
    label: t(entry.label),
    Icon: ICONS[entry.area],
    end: entry.href === '/',
  }));
  return <SideNav entries={entries} onNavigate={onNavigate} onLogout={() => void logout()} />;
}

function LanguageSwitch() {
  const { t, locale, setLocale } = useI18n();
  const other = locale === 'ar' ? 'en' : 'ar';
  return (
    <Button
      variant="ghost"
      size="sm"
      lang={other}
      aria-label={t('common.otherLanguageLabel')}
      onClick={() => setLocale(other)}
    >
      <GlobeIcon className="size-4" />
      <span className="max-sm:sr-only">{t('common.otherLanguage')}</span>
    </Button>
  );
}

/** The staff frame: top bar, role-filtered sidebar (drawer on phones), content. */
export function AdminShell() {
  const { t } = useI18n();
  const { user } = useAuth();
  const navigation = useNavigation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const staff = user !== null && isStaff(user.role);

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-20 border-b border-primary-900 bg-primary-800 text-white">
        <div className="flex h-16 items-center gap-2 px-3 sm:px-6">
          {staff && (
            <button
              type="button"
              onClick={() => setDrawerOpen(true)}
              aria-label={t('nav.openSidebar')}
              className="flex size-10 items-center justify-center rounded-lg hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white md:hidden"
            >
              <MenuIcon />
            </button>
          )}
          {/* Named by the words it shows (WCAG 2.5.3); the mark's letter is drawn by CSS, outside that label. */}
          <Link
            to="/"
            className="flex items-center gap-2 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-white"
          >
            <span
              aria-hidden="true"
              className="flex size-9 items-center justify-center rounded-xl bg-white text-lg font-extrabold text-primary-800 before:content-['د']"
            />
            <span className="text-lg font-extrabold">{t('admin.appName')}</span>
          </Link>
          <div className="ms-auto flex items-center gap-2 [&_button]:text-white [&_button:hover]:bg-white/10">
            <LanguageSwitch />
            {user && (
              <div className="flex items-center gap-2">
                <Avatar name={user.name} src={user.image} size="sm" decorative />
                <div className="hidden flex-col leading-tight sm:flex">
                  <span className="text-sm font-semibold">{user.name}</span>
                  <Badge tone="accent" className="w-fit">
                    {t(`role.${user.role}`)}
                  </Badge>
                </div>
              </div>
            )}
          </div>
        </div>
      </header>
      <div className="flex flex-1">
        {staff && (
          <aside className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-64 shrink-0 overflow-y-auto border-e border-line bg-surface p-4 md:block">
            <StaffNav />
          </aside>
        )}
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 outline-none sm:px-6 lg:px-10">
          {navigation.state === 'loading' ? <LoadingAnimation /> : <Outlet />}
        </main>
      </div>
      {staff && (
        <Drawer open={drawerOpen} onOpenChange={setDrawerOpen} title={t('sidebar.label')}>
          <StaffNav onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      )}
    </div>
  );
}
