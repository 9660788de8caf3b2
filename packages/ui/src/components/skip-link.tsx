import { useT } from '../i18n/i18n-provider.tsx';

/** The first focusable element of every page: jumps over the navigation to the main content. */
export function SkipLink({ targetId = 'main' }: { targetId?: string }) {
  const t = useT();
  return (
    <a
      href={`#${targetId}`}
      // Padded only when shown: padding on the hidden link widens it past the page edge (a sideways scroll).
      className="sr-only z-50 rounded-lg bg-primary-700 font-semibold text-white focus:not-sr-only focus:fixed focus:start-3 focus:top-3 focus:px-4 focus:py-2"
    >
      {t('common.skipToContent')}
    </a>
  );
}
