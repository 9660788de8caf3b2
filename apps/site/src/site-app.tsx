import { Layout } from './components/layout.tsx';
import { type LiveData, SiteProvider } from './components/site-context.tsx';
import { alternateOf, resolveRoute } from './routes.tsx';

/** The whole site for one address, rendered to static HTML (at build time, and its live parts as it is sent). */
export function SiteApp({ path, appUrl, live }: { path: string; appUrl: string; live?: LiveData }) {
  const route = resolveRoute(path);
  return (
    <SiteProvider locale={route.locale} appUrl={appUrl} live={live}>
      <Layout current={route.page} alternate={alternateOf(route)}>
        {route.render()}
      </Layout>
    </SiteProvider>
  );
}
