import { useT } from '../i18n/i18n-provider.tsx';

/** The first focusable element of every page: jumps over the navigation to the main content. */
export function SkipLink({ targetId = 'main' }: { targetId?: string }) {
  const t = useT();
  return (
    <a
      href={`#${targetId}`}
      // Hidden, it is pinned inside the page's start corner: left where it falls (past the edge of an RTL page),
      // or padded, it would let phones scroll sideways.
      className="sr-only start-0 top-0 m-0 z-50 rounded-lg bg-primary-700 font-semibold text-white focus:not-sr-only focus:fixed focus:start-3 focus:top-3 focus:px-4 focus:py-2"
    >
      {t('common.skipToContent')}
    </a>
  );
}
