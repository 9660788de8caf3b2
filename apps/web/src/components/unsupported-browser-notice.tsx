import { Alert, Button } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { useState, useSyncExternalStore } from 'react';

const DISMISSED_KEY = 'darsak.unsupported-browser-dismissed';

/**
 * What the app needs from a browser (ES2023 features, modern CSS, Intl with Arabic). Arabic is checked through its
 * plural rules, which cost a page almost nothing, where a number formatter loads the locale's data up front.
 */
export function isBrowserSupported(): boolean {
  try {
    return (
      typeof globalThis.fetch === 'function' &&
      typeof globalThis.AbortController === 'function' &&
      typeof globalThis.IntersectionObserver === 'function' &&
      typeof Array.prototype.findLast === 'function' &&
      typeof globalThis.structuredClone === 'function' &&
      (typeof globalThis.CSS?.supports !== 'function' || globalThis.CSS.supports('inset-inline-start', '0')) &&
      new Intl.PluralRules('ar').select(3) === 'few'
    );
  } catch {
    return false;
  }
}

let supportedOnce: boolean | undefined;
/** The check once per page: the notice renders with every route change. */
const browserSupported = () => (supportedOnce ??= isBrowserSupported());

/** Live lessons need WebRTC (spec's no-WebRTC notice). */
export function hasWebRtc(): boolean {
  return typeof globalThis.RTCPeerConnection === 'function';
}

const unchanging = () => () => {};
/** The page is rendered on the server as for a supported browser; the browser's own check follows hydration. */
const useBrowserSupported = () => useSyncExternalStore(unchanging, browserSupported, () => true);

/** A dismissible banner shown on browsers that lack what Darsak needs. */
export function UnsupportedBrowserNotice() {
  const t = useT();
  const supported = useBrowserSupported();
  const [dismissed, setDismissed] = useState(() => {
    try {
      return window.sessionStorage.getItem(DISMISSED_KEY) === '1';
    } catch {
      return false;
    }
  });
  if (supported || dismissed) return null;
  const dismiss = () => {
    setDismissed(true);
    try {
      window.sessionStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // ignore: the banner only hides for this page
    }
  };
  return (
    <div className="px-3 pt-3">
      <Alert
        tone="warning"
        title={t('unsupported.title')}
        action={
          <Button size="sm" variant="secondary" onClick={dismiss}>
            {t('unsupported.dismiss')}
          </Button>
        }
      >
        {t('unsupported.body')}
      </Alert>
    </div>
  );
}

/** Shown on the live-session screens when the browser cannot make video calls. */
export function NoWebRtcNotice() {
  const t = useT();
  return (
    <Alert tone="error" title={t('noWebrtc.title')}>
      {t('noWebrtc.body')}
    </Alert>
  );
}
