import { useSyncExternalStore } from 'react';

/** Chromium's `beforeinstallprompt` event (not in the DOM library's types). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const DISMISSED_KEY = 'darsak.install.dismissed';
const VISITS_KEY = 'darsak.install.visits';
/** The dashboard visits before the offer: a person who comes back, not one trying the app once. */
export const VISITS_BEFORE_OFFER = 3;

let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {}
}

/**
 * Keeps the browser's offer to install the app (it comes once, early, before any page may show it) instead of its
 * own mini-infobar; the dashboard offers it at its moment (`useInstallOffer`). Called once at start.
 */
export function captureInstallPrompt(): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    write(DISMISSED_KEY, 'installed');
    changed();
  });
}

/** One more visit of a dashboard (counted per browser). */
export function countDashboardVisit(): number {
  const visits = Number(read(VISITS_KEY) ?? '0') + 1;
  write(VISITS_KEY, String(visits));
  return visits;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The install offer: shown once the browser offers installing, the person has come back to her dashboard a few
 * times, and she has neither installed nor closed it before (remembered in this browser).
 */
export function useInstallOffer(visits: number) {
  const prompt = useSyncExternalStore(
    subscribe,
    () => deferred,
    () => null,
  );
  const dismissed = useSyncExternalStore(
    subscribe,
    () => read(DISMISSED_KEY) !== null,
    () => true,
  );
  return {
    shown: prompt !== null && !dismissed && visits >= VISITS_BEFORE_OFFER,
    async install() {
      if (!deferred) return;
      const event = deferred;
      deferred = null;
      await event.prompt();
      const { outcome } = await event.userChoice;
      write(DISMISSED_KEY, outcome);
      changed();
    },
    dismiss() {
      write(DISMISSED_KEY, 'dismissed');
      changed();
    },
  };
}
