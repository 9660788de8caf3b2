import { render } from '@testing-library/react';
import { type ReactNode, useEffect } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { useIntegrations } from './use-integrations.ts';

beforeEach(() => {
  // gtag.js stays out of the document: only the commands the app queues are looked at.
  vi.spyOn(document.head, 'append').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  delete window.gtag;
  delete window.dataLayer;
  delete window.clarity;
  window.history.replaceState(null, '', '/');
});

const config = { environment: 'staging', analyticsId: 'G-ABCDE12345', sessionRecordingId: 'abcde12345' } as const;

/** Names the page in its own effect, after its children's, as the apps' root layout does. */
function Layout({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = title;
  }, [title]);
  return children;
}

function Tracker({ page }: { page: string }) {
  useIntegrations({ config, version: '1.0.0', userId: null, page });
  return null;
}

const pageViews = () =>
  (window.dataLayer ?? [])
    .map((command) => Array.from(command as ArrayLike<unknown>))
    .filter((c) => c[1] === 'page_view');

it('sends each page view with the title of the page it counts', async () => {
  const at = (page: string, title: string) => (
    <Layout title={title}>
      <Tracker page={page} />
    </Layout>
  );
  const { rerender } = render(at('/s/dashboard', 'Dashboard'));
  await Promise.resolve();
  rerender(at('/tutors', 'Tutors'));
  await Promise.resolve();
  expect(pageViews().map((view) => (view[2] as { page_title: string }).page_title)).toEqual(['Dashboard', 'Tutors']);
});

it('starts session recording on the first page whose address carries nothing personal', () => {
  window.history.replaceState(null, '', '/invite/abc123def');
  const { rerender } = render(<Tracker page="/invite/abc123def" />);
  expect(window.clarity).toBeUndefined();
  window.history.replaceState(null, '', '/register');
  rerender(<Tracker page="/register" />);
  expect(window.clarity).toBeDefined();
});
