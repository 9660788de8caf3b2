import { RootLayout as AppRootLayout } from '@darsak/ui';
import { Integrations } from '../../app/integrations.tsx';
import { UnsupportedBrowserNotice } from '../unsupported-browser-notice.tsx';

export function RootLayout() {
  return (
    <AppRootLayout appName="app.name">
      <Integrations />
      <UnsupportedBrowserNotice />
    </AppRootLayout>
  );
}
