import type { User } from '@darsak/domain/users';
import {
  Avatar,
  Badge,
  ChatIcon,
  ChevronIcon,
  cn,
  InfoIcon,
  LogoutIcon,
  RocketIcon,
  SettingsIcon,
  UserIcon,
} from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { LazyReportProblemDialog } from '../../features/reports/components/report-problem-button.tsx';
import { ReportProblemMenuItem } from '../../features/reports/components/report-problem-menu-item.tsx';
import { useStartTour } from '../../features/tour/components/tour-provider.tsx';
import { settingsPathFor } from '../../lib/roles.ts';
import { useLogout } from '../../lib/use-logout.ts';
import { useSupportLinks } from '../support-links.tsx';

const itemClasses =
  'flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-start text-sm hover:bg-primary-50 focus-visible:outline-2 focus-visible:outline-primary-600';

/** The signed-in user's menu: a disclosure with links; Escape or a click outside closes it. */
export function UserMenu({ user }: { user: User }) {
  const t = useT();
  const logout = useLogout();
  const startTour = useStartTour();
  const supportLinks = useSupportLinks();
  const [open, setOpen] = useState(false);
  const [reporting, setReporting] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const close = () => setOpen(false);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        className="flex items-center gap-2 rounded-full p-1 pe-2 hover:bg-primary-50 focus-visible:outline-2 focus-visible:outline-primary-600"
      >
        <Avatar name={user.name} src={user.image} size="sm" decorative />
        {/* Named by what it shows, the person's name, then what it opens (WCAG 2.5.3). */}
        <span className="hidden max-w-40 truncate text-sm font-semibold sm:inline">{user.name}</span>
        <span className="sr-only">{t('nav.userMenu')}</span>
        <ChevronIcon className={cn('size-4 text-muted transition-transform', open && 'rotate-180')} />
      </button>
      {open && (
        <div
          id={panelId}
          className="absolute end-0 top-full z-30 mt-2 w-64 rounded-2xl border border-line bg-surface p-2 shadow-xl"
        >
          <div className="flex items-center gap-3 border-b border-line px-2 pb-3 pt-1">
            <Avatar name={user.name} src={user.image} size="md" decorative />
            <div className="min-w-0">
              <p className="truncate font-semibold">{user.name}</p>
              <p className="truncate text-xs text-muted" dir="ltr">
                {user.email}
              </p>
              <Badge tone="primary" className="mt-1">
                {t(`role.${user.role}`)}
              </Badge>
            </div>
          </div>
          <ul className="mt-2 flex flex-col gap-0.5">
            <li>
              <Link to={paths.profile.href()} className={itemClasses} onClick={close}>
                <UserIcon className="size-4" />
                {t('sidebar.profile')}
              </Link>
            </li>
            <li>
              <Link to={settingsPathFor(user.role)} className={itemClasses} onClick={close}>
                <SettingsIcon className="size-4" />
                {t('sidebar.settings')}
              </Link>
            </li>
            {startTour && (
              <li>
                <button
                  type="button"
                  className={itemClasses}
                  onClick={() => {
                    close();
                    startTour();
                  }}
                >
                  <RocketIcon className="size-4" />
                  {t('tour.menu')}
                </button>
              </li>
            )}
            <li>
              <Link to={paths.myReports.href()} className={itemClasses} onClick={close}>
                <InfoIcon className="size-4" />
                {t('reports.mine.title')}
              </Link>
            </li>
            <li>
              <ReportProblemMenuItem
                className={itemClasses}
                onClick={() => {
                  close();
                  setReporting(true);
                }}
              />
            </li>
            {supportLinks.map(({ channel, label, url }) => (
              <li key={channel}>
                <a href={url} target="_blank" rel="noopener noreferrer" className={itemClasses} onClick={close}>
                  <ChatIcon className="size-4" />
                  {t(label)}
                </a>
              </li>
            ))}
            <li>
              <button
                type="button"
                className={cn(itemClasses, 'text-red-700 hover:bg-red-50')}
                onClick={() => {
                  close();
                  void logout();
                }}
              >
                <LogoutIcon className="size-4" />
                {t('sidebar.logout')}
              </button>
            </li>
          </ul>
        </div>
      )}
      {reporting && (
        <Suspense fallback={null}>
          <LazyReportProblemDialog open onOpenChange={setReporting} />
        </Suspense>
      )}
    </div>
  );
}
