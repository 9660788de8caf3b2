// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { renderPage } from './entry-server.tsx';
import { makeTutorCard, makeTutorProfile } from './testing/booking-fixtures.ts';
import { stubApi } from './testing/test-utils.tsx';

/** The public pages' answers, as the API gives them to a signed-out reader. */
const tutor = makeTutorProfile({ id: 5, name: 'سارة عادل' });
const answers = {
  'GET /api/v1/user/tutor/list/onboarded': () => ({ body: { total: 1, list: [makeTutorCard({ name: 'سارة عادل' })] } }),
  'GET /api/v1/topic/list': () => ({ body: { total: 1, list: tutor.topics } }),
  'GET /api/v1/user/tutor/info/5': () => ({ body: tutor }),
};

const dataOf = (block: string) =>
  JSON.parse(/<script type="application\/json" id="server-rendering">([\s\S]*)<\/script>/.exec(block)?.[1] ?? 'null');

describe('a public page rendered on the server', () => {
  it('/tutors: the list as a signed-out reader sees it, with the answers it was rendered from', async () => {
    const { calls } = stubApi(answers);
    const page = await renderPage('/tutors?topic=3', 'ar');
    expect(page?.status).toBe(200);
    expect(page?.html).toContain('سارة عادل');
    expect(page?.html).toContain('تسجيل الدخول');
    const queries = dataOf(page?.data ?? '').queries.queries.map((query: { queryKey: unknown }) => query.queryKey);
    expect(queries).toContainEqual(['tutors', 'list', { topicId: 3, sort: 'recommended' }, 10]);
    expect(calls.map((call) => call.path)).toEqual([
      '/api/v1/config',
      '/api/v1/user/tutor/list/onboarded',
      '/api/v1/topic/list',
    ]);
  });

  it("/t/{id}: the tutor's profile, in English when asked", async () => {
    stubApi(answers);
    const page = await renderPage('/t/5', 'en');
    expect(page?.html).toContain('سارة عادل');
    expect(page?.html).toContain('Book a lesson');
  });

  it('is not rendered when an answer it needs fails (the browser renders it)', async () => {
    stubApi({ ...answers, 'GET /api/v1/user/tutor/info/5': () => ({ status: 503, body: { code: 'x', message: '' } }) });
    expect(await renderPage('/t/5', 'ar')).toBeUndefined();
  });
});
