import { buttonClasses, cn, MenuIcon } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { NavLink } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useCurrentUser } from '../../lib/auth-store.ts';
import { homePathFor } from '../../lib/roles.ts';
import { Brand } from './brand.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { UserMenu } from './user-menu.tsx';

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'whitespace-nowrap rounded-lg px-1.5 py-1.5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-primary-600 sm:px-3',
    isActive ? 'text-primary-700' : 'text-muted hover:text-ink',
  );

/** Top bar: logo; main, register and login when signed out; the user menu when signed in. */
export function Navbar({ onOpenSidebar }: { onOpenSidebar: () => void }) {
  const t = useT();
  const user = useCurrentUser();
  return (
    <header className="sticky top-0 z-20 border-b border-line bg-surface/90 backdrop-blur">
      {/* Signed out on a 390 px phone, the logo, login, register and language fill the row: keep it tight. */}
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-1 px-2 sm:gap-2 sm:px-6">
        {user && (
          <button
            type="button"
            onClick={onOpenSidebar}
            aria-label={t('nav.openSidebar')}
            className="-ms-1 flex size-10 items-center justify-center rounded-lg text-ink hover:bg-primary-50 focus-visible:outline-2 focus-visible:outline-primary-600 md:hidden"
          >
            <MenuIcon />
          </button>
        )}
        <Brand to={user ? homePathFor(user.role) : paths.home.href()} />
        <nav aria-label={t('nav.primary')} className="ms-auto flex items-center gap-0.5 sm:gap-1">
          {!user && (
            <>
              <NavLink to={paths.home.href()} end className={(s) => cn(linkClasses(s), 'max-sm:hidden')}>
                {t('nav.main')}
              </NavLink>
              <NavLink to={paths.login.href()} className={linkClasses}>
                {t('nav.login')}
              </NavLink>
              <NavLink
                to={paths.register.href('student')}
                className={buttonClasses({ size: 'sm', className: 'ms-0.5 whitespace-nowrap sm:ms-1' })}
              >
                {t('nav.register')}
              </NavLink>
            </>
          )}
          <LanguageSwitch />
          {user && <UserMenu user={user} />}
        </nav>
      </div>
    </header>
  );
}
