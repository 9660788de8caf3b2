import { useT } from '../i18n/i18n-provider.tsx';

/** The first focusable element of every page: jumps over the navigation to the main content. */
export function SkipLink({ targetId = 'main' }: { targetId?: string }) {
  const t = useT();
  return (
    <a
      href={`#${targetId}`}
      className="sr-only z-50 rounded-lg bg-primary-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:start-3 focus:top-3"
    >
      {t('common.skipToContent')}
    </a>
  );
}
