import { I18nProvider } from '@darsak/ui/i18n';
import { AppUrlProvider } from './components/app-url.tsx';
import { Layout } from './components/layout.tsx';
import { resolveRoute } from './routes.tsx';

/** The whole site for one address; rendered to HTML at build time and hydrated in the browser. */
export function SiteApp({ path, appUrl }: { path: string; appUrl: string }) {
  const route = resolveRoute(path);
  return (
    <I18nProvider defaultLocale="ar" persist={false}>
      <AppUrlProvider url={appUrl}>
        <Layout current={route.path}>{route.render()}</Layout>
      </AppUrlProvider>
    </I18nProvider>
  );
}
