import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { resolveRoute } from './routes.tsx';
import { SiteApp } from './site-app.tsx';
import { BUILD_APP_URL } from './site-env.ts';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');

const app = (
  <StrictMode>
    <SiteApp path={window.location.pathname} appUrl={BUILD_APP_URL} />
  </StrictMode>
);

// A prerendered page is hydrated when it is the page of this address; otherwise (the dev page, or a server
// answering with another page's HTML) it is rendered from scratch.
if (root.hasChildNodes() && root.dataset.route === resolveRoute(window.location.pathname).path) hydrateRoot(root, app);
else {
  root.replaceChildren();
  createRoot(root).render(app);
}
