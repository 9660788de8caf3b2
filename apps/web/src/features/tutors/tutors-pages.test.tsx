import { ERROR_MESSAGES_AR } from '@darsak/domain/errors';
import type { SessionLength } from '@darsak/domain/sessions';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { makeRating, makeTutorCard, makeTutorProfile } from '../../testing/booking-fixtures.ts';
import { makePlan } from '../../testing/payments-factories.ts';
import { makeUser, renderApp, stubApi } from '../../testing/test-utils.tsx';

// Whole-app renders with lazy routes: give them time on a busy machine.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  authStore.reset();
  vi.unstubAllGlobals();
});

const topics = {
  'GET /api/v1/topic/list': () => ({
    body: {
      total: 2,
      list: [
        { id: 1, nameAr: 'المحادثة', nameEn: 'Conversation' },
        { id: 3, nameAr: 'اختبار الآيلتس', nameEn: 'IELTS' },
      ],
    },
  }),
};

describe('/tutors', () => {
  it('lists tutors with rating and next free time, then loads further pages until the total', async () => {
    vi.stubGlobal('IntersectionObserver', undefined); // the button, not the scroll position, loads here
    const first = Array.from({ length: 10 }, (_, i) => makeTutorCard({ id: 100 + i, name: `معلم رقم ${i + 1}` }));
    const { calls } = stubApi({
      ...topics,
      'GET /api/v1/user/tutor/list/onboarded': (_init, url) =>
        url.searchParams.get('page') === '2'
          ? {
              body: {
                total: 11,
                list: [
                  makeTutorCard({
                    id: 200,
                    name: 'ياسمين فؤاد',
                    rating: { average: null, count: 0 },
                    lessonLengths: [30],
                  }),
                ],
              },
            }
          : { body: { total: 11, list: first } },
    });
    const user = userEvent.setup();
    renderApp('/tutors');
    expect(await screen.findByText('يظهر ١٠ من ١١ معلّمًا')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'معلم رقم 1' }).getAttribute('href')).toBe('/t/100');
    expect(screen.getAllByRole('img', { name: 'التقييم ٤٫٥ من ٥، ممتاز' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('article')).toHaveLength(10);

    await user.click(screen.getByRole('button', { name: 'عرض المزيد من المعلّمين' }));
    expect(await screen.findByText('يظهر ١١ من ١١ معلّمًا')).toBeTruthy();
    expect(screen.getByText('معلّمة جديدة')).toBeTruthy();
    // only a tutor with one lesson length says so on the card
    expect(screen.getAllByText('٣٠ دقيقة فقط')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'عرض المزيد من المعلّمين' })).toBeNull();
    const pages = calls.filter((c) => c.path === '/api/v1/user/tutor/list/onboarded');
    expect(pages).toHaveLength(2);
  });

  it('loads the next page by itself when the end of the list comes into view', async () => {
    class SeenAtOnce {
      constructor(private readonly callback: (entries: Array<{ isIntersecting: boolean }>) => void) {}
      observe() {
        setTimeout(() => this.callback([{ isIntersecting: true }]), 0);
      }
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', SeenAtOnce);
    stubApi({
      ...topics,
      'GET /api/v1/user/tutor/list/onboarded': (_init, url) => {
        const page = Number(url.searchParams.get('page'));
        return { body: { total: 3, list: [makeTutorCard({ id: page, name: `معلم رقم ${page}` })] } };
      },
    });
    renderApp('/tutors');
    expect(await screen.findByText('يظهر ٣ من ٣ معلّمين')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it('filters by topic, day and time, sorts by the soonest free time, and says when nothing matches', async () => {
    const seen: URLSearchParams[] = [];
    stubApi({
      ...topics,
      'GET /api/v1/user/tutor/list/onboarded': (_init, url) => {
        seen.push(url.searchParams);
        return url.searchParams.get('timeOfDay') === 'night'
          ? { body: { total: 0, list: [] } }
          : { body: { total: 1, list: [makeTutorCard()] } };
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/tutors');
    await screen.findByText('يظهر ١ من معلّم واحد');
    await user.selectOptions(screen.getByLabelText('الموضوع'), 'اختبار الآيلتس');
    await user.selectOptions(screen.getByLabelText('اليوم'), 'الاثنين');
    await user.selectOptions(screen.getByLabelText('الترتيب'), 'أقرب موعد متاح');
    await waitFor(() => expect(seen.at(-1)?.get('sort')).toBe('soonest'));
    const last = seen.at(-1);
    expect(last?.get('topicId')).toBe('3');
    expect(last?.get('weekday')).toBe('1');
    expect(router.state.location.search).toContain('topic=3');

    await user.selectOptions(screen.getByLabelText('وقت اليوم'), 'الليل (٩ م – ٦ ص)');
    expect(await screen.findByRole('heading', { name: 'لا يوجد معلّمون بهذه الاختيارات' })).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: 'مسح التصفية' })[0] as HTMLElement);
    await screen.findByText('يظهر ١ من معلّم واحد');
    expect(router.state.location.search).toBe('');
  });

  it('loads as many tutors a page as the student picked, and remembers the choice (spec §9)', async () => {
    const sizes: (string | null)[] = [];
    stubApi({
      ...topics,
      'GET /api/v1/user/tutor/list/onboarded': (_init, url) => {
        sizes.push(url.searchParams.get('size'));
        return { body: { total: 1, list: [makeTutorCard()] } };
      },
    });
    const user = userEvent.setup();
    renderApp('/tutors');
    await user.selectOptions(await screen.findByLabelText('عدد العناصر في الصفحة', {}, { timeout: 5000 }), '20');
    await waitFor(() => expect(sizes.at(-1)).toBe('20'));
    expect(sizes[0]).toBe('10');
    expect(localStorage.getItem('darsak.pageSize.tutors')).toBe('20');
    localStorage.removeItem('darsak.pageSize.tutors');
  });

  it('shows a failed load with a retry', async () => {
    let fail = true;
    stubApi({
      ...topics,
      'GET /api/v1/user/tutor/list/onboarded': () =>
        fail
          ? { status: 503, body: { code: 'service-unavailable', message: '' } }
          : { body: { total: 1, list: [makeTutorCard()] } },
    });
    const user = userEvent.setup();
    renderApp('/tutors');
    expect((await screen.findByRole('alert')).textContent).toContain(ERROR_MESSAGES_AR['service-unavailable']);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByText('يظهر ١ من معلّم واحد')).toBeTruthy();
  });
});

describe('/t/{id}', () => {
  it('shows the profile tab and the reviews tab with rating labels and texts', async () => {
    stubApi({
      'GET /api/v1/user/tutor/info/21': () => ({ body: makeTutorProfile() }),
      'GET /api/v1/rating/list/tutor/21': () => ({
        body: {
          total: 2,
          summary: { average: 4, count: 2 },
          list: [
            makeRating(),
            makeRating({ id: 62, value: 3, text: null, rater: { id: 8, name: 'ليلى حسام', image: null } }),
          ],
        },
      }),
    });
    const user = userEvent.setup();
    renderApp('/t/21');
    expect(await screen.findByRole('heading', { level: 1, name: 'ياسمين فؤاد' })).toBeTruthy();
    expect(screen.getByText('درست الأدب الإنجليزي في جامعة الإسكندرية.')).toBeTruthy();
    expect(screen.getByText('٣٠ دقيقة')).toBeTruthy();
    expect(screen.getByText('مدة الدرس').nextElementSibling?.textContent).toBe('١٥ أو ٣٠ دقيقة');
    // visitors are asked to sign in before booking, and come back here
    expect(screen.getByRole('link', { name: 'احجز درسًا' }).getAttribute('href')).toBe('/login?next=%2Ft%2F21');

    await user.click(screen.getByRole('tab', { name: /التقييمات/ }));
    const reviews = await screen.findByRole('list', { name: 'التقييمات' });
    expect(within(reviews).getByText('شرح ممتاز وصبر جميل.')).toBeTruthy();
    expect(within(reviews).getByText('ممتاز')).toBeTruthy();
    expect(within(reviews).getByText('جيد')).toBeTruthy();
    expect(screen.getByText('يظهر ٢ من تقييمين')).toBeTruthy();
  });

  it('shows the price of a lesson from the plans, and the latest reviews with a way to all of them', async () => {
    const reviews = [61, 62, 63].map((id) => makeRating({ id, text: `رأي رقم ${id}` }));
    stubApi({
      'GET /api/v1/user/tutor/info/21': () => ({ body: makeTutorProfile() }),
      // 1,100 EGP a month for 120 minutes a week, 20% off a year: 50.77 EGP for 30 minutes, from 51
      'GET /api/v1/plan/list': () => ({ body: { total: 1, list: [makePlan()] } }),
      'GET /api/v1/rating/list/tutor/21': (_init, url) => ({
        body: {
          total: 5,
          summary: { average: 4, count: 5 },
          list:
            url.searchParams.get('size') === '3'
              ? reviews
              : [...reviews, makeRating({ id: 64 }), makeRating({ id: 65 })],
        },
      }),
    });
    const user = userEvent.setup();
    renderApp('/t/21');
    const price = (await screen.findByText('سعر الدرس')).nextElementSibling;
    expect(price?.textContent).toMatch(/^من \u200f?٥١٫٠٠\sج\.م\.\u200f? للدرس \(٣٠ دقيقة\)/);
    expect(screen.getByRole('link', { name: 'الباقات والأسعار' }).getAttribute('href')).toBe('/plans');

    const latest = await screen.findByRole('heading', { level: 2, name: 'آراء الطلاب' });
    const card = latest.closest('section') ?? latest.parentElement?.parentElement;
    expect(within(card as HTMLElement).getAllByRole('heading', { level: 3 })).toHaveLength(3);
    expect(within(card as HTMLElement).getByText('رأي رقم 63')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'كل التقييمات (٥)' }));
    expect(screen.getByRole('tab', { name: /التقييمات/ }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('يظهر ٥ من ٥ تقييمات')).toBeTruthy();
  });

  it.each<[SessionLength[], string]>([
    [[30], '٣٠ دقيقة فقط'],
    // the tutor teaches no length the platform offers
    [[], 'لا توجد مدة متاحة للحجز الآن'],
  ])('names the lesson lengths that may be booked (%j)', async (lessonLengths, text) => {
    stubApi({
      'GET /api/v1/user/tutor/info/21': () => ({ body: makeTutorProfile({ lessonLengths }) }),
      'GET /api/v1/rating/list/tutor/21': () => ({
        body: { total: 0, summary: { average: null, count: 0 }, list: [] },
      }),
    });
    renderApp('/t/21');
    expect((await screen.findByText('مدة الدرس')).nextElementSibling?.textContent).toBe(text);
  });

  it('shows the intro video as its poster until it is played, then the player', async () => {
    const video = '/assets/uploads/intro.mp4';
    stubApi({
      'GET /api/v1/user/tutor/info/21': () => ({
        body: makeTutorProfile({ video, thumbnail: '/assets/uploads/intro.jpg' }),
      }),
      'GET /api/v1/rating/list/tutor/21': () => ({
        body: { total: 0, summary: { average: null, count: 0 }, list: [] },
      }),
    });
    const { container } = renderApp('/t/21');
    const play = await screen.findByRole('button', { name: 'شغّل فيديو ياسمين فؤاد التعريفي' });
    expect(container.querySelector('video')).toBeNull();
    await userEvent.click(play);
    expect(container.querySelector('video')?.getAttribute('src')).toBe(video);
    expect(container.querySelector('video')?.autoplay).toBe(true);
    expect(document.activeElement).toBe(container.querySelector('video'));
  });

  it("marks the student's own review, which they may delete after confirming", async () => {
    const student = makeUser();
    let list = [
      makeRating({ id: 62, raterId: 8, value: 3, text: 'جيد', rater: { id: 8, name: 'ليلى حسام', image: null } }),
      makeRating({ id: 61, raterId: student.id, rater: { id: student.id, name: student.name, image: null } }),
    ];
    const { calls } = stubApi(
      {
        'GET /api/v1/user/tutor/info/21': () => ({ body: makeTutorProfile() }),
        'GET /api/v1/rating/list/tutor/21': () => ({
          body: { total: list.length, summary: { average: 4, count: list.length }, list },
        }),
        'DELETE /api/v1/rating/61': () => {
          list = list.filter((rating) => rating.id !== 61);
          return { body: { ok: true } };
        },
      },
      student,
    );
    const user = userEvent.setup();
    renderApp('/t/21', { user: student });
    await user.click(await screen.findByRole('tab', { name: /التقييمات/ }));
    const reviews = await screen.findByRole('list', { name: 'التقييمات' });
    const [other, mine] = within(reviews).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(mine).getByText('تقييمك')).toBeTruthy();
    expect(within(other).queryByText('تقييمك')).toBeNull();
    expect(within(other).queryByRole('button', { name: 'حذف تقييمي' })).toBeNull();

    await user.click(within(mine).getByRole('button', { name: 'حذف تقييمي' }));
    const dialog = await screen.findByRole('dialog', { name: 'حذف تقييمك؟' });
    expect(dialog.textContent).toContain('أحمد حسن');
    await user.click(within(dialog).getByRole('button', { name: 'نعم، احذفه' }));
    await waitFor(() => expect(within(reviews).getAllByRole('listitem')).toHaveLength(1));
    expect(within(reviews).queryByText('شرح ممتاز وصبر جميل.')).toBeNull();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/v1/rating/61']);
  });

  it('offers booking and a message link to a student', async () => {
    const student = makeUser();
    stubApi(
      {
        'GET /api/v1/user/tutor/info/21': () => ({ body: makeTutorProfile() }),
        'GET /api/v1/rating/list/tutor/21': () => ({
          body: { total: 0, summary: { average: null, count: 0 }, list: [] },
        }),
      },
      student,
    );
    renderApp('/t/21', { user: student });
    expect(await screen.findByRole('button', { name: 'احجز درسًا' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'مراسلة' }).getAttribute('href')).toBe('/chat?with=21');
  });
});
