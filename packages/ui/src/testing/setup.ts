import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { registerMessages } from '../i18n/catalogues.ts';
import { EVERY_FEATURE } from './every-feature.ts';

// findBy*/waitFor wait up to 5 s: lazy pages and query retries take longer than 1 s under load.
configure({ asyncUtilTimeout: 5000 });

// Component tests render pieces of an app without its entry, which registers the app's features.
void registerMessages(...EVERY_FEATURE);

afterEach(() => {
  // a test of server rendering runs in Node, with no page to clean
  if (typeof window === 'undefined') return;
  cleanup();
  window.localStorage.clear();
  document.documentElement.removeAttribute('dir');
  document.documentElement.removeAttribute('lang');
});
