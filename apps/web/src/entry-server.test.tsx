// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { renderPage } from './entry-server.tsx';
import { makeRating, makeTutorCard, makeTutorProfile } from './testing/booking-fixtures.ts';
import { makePlan, NO_SUBSCRIPTION } from './testing/payments-factories.ts';
import { fakeToken, makeUser, stubApi } from './testing/test-utils.tsx';

/** The public pages' answers, as the API gives them to a signed-out reader. */
const tutor = makeTutorProfile({ id: 5, name: 'سارة عادل' });
const answers = {
  'GET /api/v1/user/tutor/list/onboarded': () => ({ body: { total: 1, list: [makeTutorCard({ name: 'سارة عادل' })] } }),
  'GET /api/v1/topic/list': () => ({ body: { total: 1, list: tutor.topics } }),
  'GET /api/v1/user/tutor/info/5': () => ({ body: tutor }),
  'GET /api/v1/plan/list': () => ({ body: { total: 1, list: [makePlan()] } }),
  'GET /api/v1/rating/list/tutor/5': () => ({
    body: { total: 1, summary: { average: 5, count: 1 }, list: [makeRating({ text: 'Clear and patient.' })] },
  }),
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
    // the price of a lesson (from the plans) and what students say are in the HTML
    expect(page?.html).toContain('Lesson price');
    expect(page?.html).toContain('Clear and patient.');
  });

  it('is not rendered when an answer it needs fails (the browser renders it)', async () => {
    stubApi({ ...answers, 'GET /api/v1/user/tutor/info/5': () => ({ status: 503, body: { code: 'x', message: '' } }) });
    expect(await renderPage('/t/5', 'ar')).toBeUndefined();
  });
});

describe("a student's checkout rendered on the server for her", () => {
  const student = makeUser({ name: 'منى سامي' });
  const checkout = {
    'GET /api/v1/plan/2': () => ({ body: makePlan() }),
    'GET /api/v1/sub/user': () => ({ body: NO_SUBSCRIPTION }),
    'GET /api/v1/tx/last': () => ({ body: null }),
    'GET /api/v1/fawry/card-token/list': () => ({ body: { list: [] } }),
    'GET /api/v1/student/tour': () => ({ body: { completedAt: '2025-01-01T10:00:00.000Z' } }),
  };

  it('is rendered with her data, her calls made with her token, and carries who it was rendered for', async () => {
    const token = fakeToken(student.id);
    const authorizations = new Map<string, string | null>();
    const { calls } = stubApi(
      {
        ...checkout,
        'GET /api/v1/sub/user': (init) => {
          authorizations.set('/api/v1/sub/user', new Headers(init?.headers).get('authorization'));
          return { body: NO_SUBSCRIPTION };
        },
      },
      student,
    );
    const page = await renderPage('/checkout/2/month', 'ar', token);
    expect(page?.html).toContain('ملخص الطلب');
    expect(page?.html).toContain('منى سامي');
    expect(dataOf(page?.data ?? '').signedIn).toMatchObject({ id: student.id, name: 'منى سامي' });
    expect(calls.map((call) => call.path)).toContain('/api/v1/sub/user');
    expect(authorizations.get('/api/v1/sub/user')).toBe(`Bearer ${token}`);
  });

  it('is not rendered for a refused token, nor without one (the browser renders it, and asks her to sign in)', async () => {
    stubApi(checkout);
    expect(await renderPage('/checkout/2/month', 'ar', fakeToken(99))).toBeUndefined();
    expect(await renderPage('/checkout/2/month', 'ar')).toBeUndefined();
  });

  it('renders two readers at once each for herself', async () => {
    const other = makeUser({ id: 8, name: 'هالة نبيل' });
    const byToken = new Map([
      [fakeToken(student.id), student],
      [fakeToken(other.id), other],
    ]);
    stubApi({
      ...checkout,
      'GET /api/v1/user/current': (init) => {
        const user = byToken.get(new Headers(init?.headers).get('authorization')?.replace('Bearer ', '') ?? '');
        return user ? { body: user } : { status: 401, body: { code: 'unauthenticated', message: '' } };
      },
    });
    const [hers, theirs] = await Promise.all([
      renderPage('/checkout/2/month', 'ar', fakeToken(student.id)),
      renderPage('/checkout/2/month', 'ar', fakeToken(other.id)),
    ]);
    expect(hers?.html).toContain('منى سامي');
    expect(hers?.html).not.toContain('هالة نبيل');
    expect(theirs?.html).toContain('هالة نبيل');
    expect(theirs?.html).not.toContain('منى سامي');
  });
});
