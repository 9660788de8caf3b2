import { canonicalAddress } from '@darsak/client';
import { readRuntimeConfig } from '@darsak/domain/config';
import { loadStoredLocale, registerMessages } from '@darsak/ui/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { WEB_FEATURES } from './app/messages.ts';
import { AppProvider } from './app/provider.tsx';
import { AppRouter } from './app/router.tsx';
import { loadFormValidationOnFocus } from './lib/forms.ts';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The app's feature catalogues first (Arabic at once), so the stored language below is fetched with them.
void registerMessages(...WEB_FEATURES);

loadFormValidationOnFocus();

// One origin keeps one session: a page opened at another address than the configured one moves there first.
const canonical = canonicalAddress(window.location.href, readRuntimeConfig()?.urls.app);
if (canonical) window.location.replace(canonical);
// A reader of another language than Arabic fetches its catalogue first, so the first paint is in that language.
else
  void loadStoredLocale().then(() =>
    createRoot(root).render(
      <StrictMode>
        <AppProvider>
          <AppRouter />
        </AppProvider>
      </StrictMode>,
    ),
  );
