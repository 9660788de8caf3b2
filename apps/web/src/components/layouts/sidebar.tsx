import {
  BookIcon,
  CalendarIcon,
  CardIcon,
  ChatIcon,
  ClockIcon,
  HomeIcon,
  RocketIcon,
  SettingsIcon,
  SideNav,
  UserIcon,
  UsersIcon,
  VideoIcon,
  WalletIcon,
} from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import type { ComponentType, SVGProps } from 'react';
import { useCurrentUser, useUserMeta } from '../../lib/auth-store.ts';
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

/** The signed-in navigation; in the side column on wide screens and inside the drawer on phones. */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const t = useT();
  const user = useCurrentUser();
  const meta = useUserMeta();
  const logout = useLogout();
  if (!user) return null;
  const entries = sidebarEntriesFor(user.role, meta).map((entry) => ({
    key: entry.key,
    href: entry.href,
    label: t(entry.label),
    Icon: ICONS[entry.icon],
  }));
  return <SideNav entries={entries} onNavigate={onNavigate} onLogout={() => void logout()} />;
}
