import { Role } from '@darsak/domain/users';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { renderAdmin, staffUser, testToken } from '../../testing/render-admin.tsx';

configure({ asyncUtilTimeout: 5000 });
const studio = staffUser(Role.studio);

const studioTutor = (
  media: { image: string | null; video: string | null; thumbnail: string | null },
  status = 'pending',
) => ({
  tutor: {
    id: 31,
    name: 'أحمد محمود',
    image: media.image,
    email: 'ahmed@example.com',
    phone: '01012345678',
    gender: 'male' as 'male' | 'female',
  },
  meta: {
    userId: 31,
    bio: null,
    about: null,
    video: media.video,
    thumbnail: media.thumbnail,
    activated: false,
    noticePeriodMinutes: 30,
    bypassOnboarding: false,
    missingData: [],
  },
  photoSession: { id: 3, status, createdAt: '2025-01-05T10:00:00.000Z', completedAt: null },
});

/** The API as the admin app calls it: the studio's routes answered from `handlers`, the rest 404. */
function stubApi(handlers: Record<string, () => { status?: number; body: unknown }>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const key = `${init?.method ?? 'GET'} ${url.pathname}`;
      calls.push(key);
      const table: Record<string, () => { status?: number; body: unknown }> = {
        'POST /api/v1/auth/refresh-token': () => ({ body: { token: testToken } }),
        'GET /api/v1/user/current': () => ({ body: studio }),
        ...handlers,
      };
      const answer = table[key]?.() ?? { status: 404, body: { code: 'route-not-found' } };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

afterEach(() => {
  authStore.reset();
  vi.unstubAllGlobals();
});

describe('admin photo sessions', { timeout: 20_000 }, () => {
  it('lists the tutors waiting for their photo session', async () => {
    stubApi({
      'GET /api/v1/user/tutor/all/for/studio': () => ({
        body: { total: 1, list: [studioTutor({ image: null, video: null, thumbnail: null })] },
      }),
    });
    renderAdmin('/photo-sessions', studio);
    expect(await screen.findByRole('link', { name: 'أحمد محمود' })).toBeTruthy();
    expect(screen.getByText(/^ينتظر منذ/)).toBeTruthy();
  });

  it('says a woman tutor has been waiting in the feminine', async () => {
    const mona = studioTutor({ image: null, video: null, thumbnail: null });
    mona.tutor = { ...mona.tutor, name: 'منى علي', gender: 'female' };
    stubApi({ 'GET /api/v1/user/tutor/all/for/studio': () => ({ body: { total: 1, list: [mona] } }) });
    renderAdmin('/photo-sessions', studio);
    expect(await screen.findByText(/^تنتظر منذ/)).toBeTruthy();
  });

  it('shows what is missing and the refusal when the session is finished too early, after a confirmation', async () => {
    const calls = stubApi({
      'GET /api/v1/user/tutor/31/for/studio': () => ({
        body: studioTutor({ image: '/assets/uploads/a.webp', video: null, thumbnail: null }),
      }),
      'POST /api/v1/photo-session/31/done': () => ({
        status: 422,
        body: { code: 'media-incomplete', message: 'x' },
      }),
    });
    renderAdmin('/photo-session/31', studio);
    expect(await screen.findByRole('heading', { name: 'أحمد محمود', level: 1 })).toBeTruthy();
    expect(screen.getAllByText('لم يُرفع بعد')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'إنهاء جلسة التصوير وتفعيل المعلّم' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(
      (await screen.findAllByRole('button', { name: 'إنهاء جلسة التصوير وتفعيل المعلّم' })).at(-1) as HTMLElement,
    );
    await waitFor(() => expect(calls).toContain('POST /api/v1/photo-session/31/done'));
    expect(await screen.findByText(/ارفع الصورة والفيديو التعريفي والصورة المصغّرة/)).toBeTruthy();
    expect(dialog).toBeTruthy();
  });
});
