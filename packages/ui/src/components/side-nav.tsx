import type { ComponentType, SVGProps } from 'react';
import { NavLink } from 'react-router';
import { useT } from '../i18n/i18n-provider.tsx';
import { cn } from '../lib/cn.ts';
import { LogoutIcon } from './icons.tsx';

export interface SideNavEntry {
  key: string;
  href: string;
  /** Already translated. */
  label: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Active only on this exact path (a home entry at `/`). */
  end?: boolean;
}

const itemClasses =
  'flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-start font-medium transition-colors focus-visible:outline-2 focus-visible:outline-primary-600';

/**
 * The signed-in navigation of the web and admin apps: the role's pages and sign-out; in the side column on wide
 * screens and inside the drawer on phones (`onNavigate` closes the drawer).
 */
export function SideNav({
  entries,
  onNavigate,
  onLogout,
}: {
  entries: readonly SideNavEntry[];
  onNavigate?: (() => void) | undefined;
  onLogout: () => void;
}) {
  const t = useT();
  return (
    <nav aria-label={t('sidebar.label')} className="flex flex-col gap-1">
      <ul className="flex flex-col gap-1">
        {entries.map(({ key, href, label, Icon, end }) => (
          <li key={key}>
            <NavLink
              to={href}
              end={end ?? false}
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
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
      <div className="mt-2 border-t border-line pt-2">
        <button
          type="button"
          className={cn(itemClasses, 'text-red-700 hover:bg-red-50')}
          onClick={() => {
            onNavigate?.();
            onLogout();
          }}
        >
          <LogoutIcon className="shrink-0" />
          {t('sidebar.logout')}
        </button>
      </div>
    </nav>
  );
}
