import { RootLayout as AppRootLayout } from '@darsak/ui';
import { UnsupportedBrowserNotice } from '../unsupported-browser-notice.tsx';

export function RootLayout() {
  return (
    <AppRootLayout appName="app.name">
      <UnsupportedBrowserNotice />
    </AppRootLayout>
  );
}
