import {
  BookIcon,
  CalendarIcon,
  CardIcon,
  ChatIcon,
  ClockIcon,
  cn,
  HomeIcon,
  LogoutIcon,
  RocketIcon,
  SettingsIcon,
  UserIcon,
  UsersIcon,
  VideoIcon,
  WalletIcon,
} from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import type { ComponentType, SVGProps } from 'react';
import { NavLink } from 'react-router';
import { useAuth } from '../../lib/auth-store.ts';
import { useLogout } from '../../lib/use-logout.ts';
import { type SidebarIcon, sidebarEntriesFor } from './sidebar-entries.ts';

const ICONS: Record<SidebarIcon, ComponentType<SVGProps<SVGSVGElement>>> = {
  home: HomeIcon,
  users: UsersIcon,
  book: BookIcon,
  calendar: CalendarIcon,
  clock: ClockIcon,
  chat: ChatIcon,
  card: CardIcon,
  wallet: WalletIcon,
  settings: SettingsIcon,
  user: UserIcon,
  video: VideoIcon,
  rocket: RocketIcon,
};

const itemClasses =
  'flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-start font-medium transition-colors focus-visible:outline-2 focus-visible:outline-primary-600';

/** The signed-in navigation; in the side column on wide screens and inside the drawer on phones. */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const t = useT();
  const { user, meta } = useAuth();
  const logout = useLogout();
  if (!user) return null;
  const entries = sidebarEntriesFor(user.role, meta);
  return (
    <nav aria-label={t('sidebar.label')} className="flex flex-col gap-1">
      <ul className="flex flex-col gap-1">
        {entries.map((entry) => {
          const Icon = ICONS[entry.icon];
          return (
            <li key={entry.key}>
              <NavLink
                to={entry.href}
                onClick={onNavigate}
                className={({ isActive }) =>
                  cn(
                    itemClasses,
                    isActive
                      ? 'bg-primary-600 text-white shadow-sm'
                      : 'text-ink hover:bg-primary-50 hover:text-primary-800',
                  )
                }
              >
                <Icon className="shrink-0" />
                {t(entry.label)}
              </NavLink>
            </li>
          );
        })}
      </ul>
      <div className="mt-2 border-t border-line pt-2">
        <button
          type="button"
          className={cn(itemClasses, 'text-red-700 hover:bg-red-50')}
          onClick={() => {
            onNavigate?.();
            void logout();
          }}
        >
          <LogoutIcon className="shrink-0" />
          {t('sidebar.logout')}
        </button>
      </div>
    </nav>
  );
}
