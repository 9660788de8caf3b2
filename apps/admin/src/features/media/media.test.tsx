import { createFakeRealtimeServer } from '@darsak/client';
import type { IntroVideo, StudioTutor } from '@darsak/domain/interviews';
import { Role } from '@darsak/domain/users';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { captureDownloads } from '../../testing/downloads.ts';
import { renderAdmin, staffUser } from '../../testing/render-admin.tsx';
import { stubApi } from '../../testing/stub-api.ts';
import { setOnboardingSocketFactory } from '../interviews/hooks/use-onboarding-live.ts';

// the first screen of a file loads its lazy route cold
configure({ asyncUtilTimeout: 5000 });

const admin = staffUser(Role.admin);
const studio = staffUser(Role.studio);

const video = (overrides: Partial<IntroVideo> = {}): IntroVideo => ({
  id: 12,
  tutor: { id: 31, name: 'أحمد محمود', image: null },
  url: '/assets/uploads/intro-31.webm',
  mimeType: 'video/webm',
  durationSeconds: 95,
  status: 'pending',
  reviewNote: null,
  reviewedAt: null,
  reapplyAt: null,
  createdAt: '2025-01-05T10:00:00.000Z',
  ...overrides,
});

const studioTutor: StudioTutor = {
  tutor: {
    id: 31,
    name: 'أحمد محمود',
    image: '/assets/uploads/a.webp',
    email: 'ahmed@example.com',
    phone: null,
    gender: 'male',
  },
  meta: {
    userId: 31,
    bio: null,
    about: null,
    video: '/assets/uploads/studio-31.mp4',
    thumbnail: null,
    activated: true,
    noticePeriodMinutes: 30,
    bypassOnboarding: false,
    missingData: [],
  },
  photoSession: { id: 3, status: 'done', createdAt: '2025-01-05T10:00:00.000Z', completedAt: null },
};

let realtime: ReturnType<typeof createFakeRealtimeServer>;
beforeEach(() => {
  localStorage.clear();
  realtime = createFakeRealtimeServer();
  realtime.handle('channel:subscribe', () => ({ ok: true, data: null }));
  setOnboardingSocketFactory(realtime.factory);
});
afterEach(() => {
  authStore.reset();
  vi.unstubAllGlobals();
});

describe('admin /media', { timeout: 20_000 }, () => {
  it('plays a pending video and accepts it after a confirmation; the list follows the change', async () => {
    let list = [video()];
    const calls = stubApi(admin, {
      'GET /api/v1/intro-video/list': () => ({ body: { total: list.length, list } }),
      'PUT /api/v1/intro-video/12': () => {
        list = [];
        return { body: video({ status: 'accepted', reviewedAt: '2025-01-06T10:00:00.000Z' }) };
      },
    });
    const user = userEvent.setup();
    renderAdmin('/media', admin);

    const player = await screen.findByLabelText('فيديو تعريف أحمد محمود');
    expect(player.getAttribute('src')).toMatch(/\/assets\/uploads\/intro-31\.webm$/);
    expect(calls.find((c) => c.path === '/api/v1/intro-video/list')?.query.get('status')).toBe('pending');
    await waitFor(() =>
      expect(realtime.received).toContainEqual({ event: 'channel:subscribe', payload: { channel: 'onboarding' } }),
    );

    await user.click(screen.getByRole('button', { name: 'قبول' }));
    const dialog = await screen.findByRole('dialog', { name: 'قبول فيديو أحمد محمود؟' });
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'قبول' }));
    expect(await screen.findByText('قُبل الفيديو وأُبلغ المتقدّم.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ status: 'accepted' });
    expect(await screen.findByText('لا توجد فيديوهات هنا.')).toBeTruthy();

    // another reviewer's applicant sends a video: it appears without a reload
    list = [video({ id: 13, tutor: { id: 32, name: 'منى سالم', image: null } })];
    realtime.push('onboarding:changed', { tutorId: 32, step: 'introVideo' });
    expect(await screen.findByLabelText('فيديو تعريف منى سالم')).toBeTruthy();
  });

  it('rejects only with a reason, which it sends to the applicant', async () => {
    const calls = stubApi(admin, {
      'GET /api/v1/intro-video/list': () => ({ body: { total: 1, list: [video()] } }),
      'PUT /api/v1/intro-video/12': () => ({ body: video({ status: 'rejected', reviewNote: 'الصوت غير واضح' }) }),
    });
    const user = userEvent.setup();
    renderAdmin('/media', admin);

    await user.click(await screen.findByRole('button', { name: 'رفض' }));
    const dialog = await screen.findByRole('dialog', { name: 'رفض فيديو أحمد محمود؟' });
    expect(within(dialog).getByText('يظهر للمتقدّم كما تكتبه.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'رفض الفيديو' }));
    expect(await within(dialog).findByText('هذا الحقل مطلوب.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.type(within(dialog).getByLabelText(/السبب/), 'الصوت غير واضح');
    await user.click(within(dialog).getByRole('button', { name: 'رفض الفيديو' }));
    expect(await screen.findByText('رُفض الفيديو وأُبلغ المتقدّم بالسبب.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ status: 'rejected', reason: 'الصوت غير واضح' });
  });

  it('filters by status and shows a reviewed video with its reason and no actions', async () => {
    const calls = stubApi(admin, {
      'GET /api/v1/intro-video/list': (_body, url) =>
        url.searchParams.get('status') === 'rejected'
          ? {
              body: {
                total: 1,
                list: [video({ status: 'rejected', reviewNote: 'قصير', reviewedAt: '2025-01-06T10:00:00.000Z' })],
              },
            }
          : { body: { total: 0, list: [] } },
    });
    const user = userEvent.setup();
    renderAdmin('/media', admin);

    expect(await screen.findByText('لا توجد فيديوهات هنا.')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('الحالة'), 'مرفوض');
    expect(await screen.findByText('سبب الرفض: قصير')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'قبول' })).toBeNull();
    expect(calls.at(-1)?.query.get('status')).toBe('rejected');

    await user.type(screen.getByLabelText(/بحث/), ' أحمد ');
    await waitFor(() => expect(calls.at(-1)?.query.get('q')).toBe('أحمد'));
    expect(calls.at(-1)?.query.get('status')).toBe('rejected');
    expect(calls.at(-1)?.query.get('page')).toBe('1');

    // the CSV holds what is filtered, every page
    const downloads = captureDownloads();
    await user.click(screen.getByRole('button', { name: 'تصدير CSV' }));
    await waitFor(() => expect(downloads.clicked()).toBe(true));
    expect([calls.at(-1)?.query.get('status'), calls.at(-1)?.query.get('q'), calls.at(-1)?.query.get('size')]).toEqual([
      'rejected',
      'أحمد',
      '100',
    ]);
    const text = await downloads.lastText();
    expect(text).toContain('أحمد محمود,مرفوض,95');
    expect(text).toContain('قصير');
    downloads.restore();
  });

  it("shows studio staff only the studio's media, with a link to replace it, and remembers the page size", async () => {
    const calls = stubApi(studio, {
      'GET /api/v1/user/tutor/all/for/studio': () => ({ body: { total: 1, list: [studioTutor] } }),
    });
    const user = userEvent.setup();
    renderAdmin('/media', studio);

    const link = await screen.findByRole('link', { name: 'استبدال وسائط أحمد محمود' });
    expect(link.getAttribute('href')).toBe('/photo-session/31');
    expect(screen.getByLabelText('فيديو تعريف أحمد محمود').getAttribute('src')).toMatch(/studio-31\.mp4$/);
    expect(screen.getByText('لم يُرفع بعد')).toBeTruthy(); // no thumbnail yet
    expect(screen.queryByRole('tab')).toBeNull();
    expect(calls.some((c) => c.path === '/api/v1/intro-video/list')).toBe(false);

    await user.selectOptions(screen.getByLabelText('عدد الصفوف في الصفحة'), '20');
    await waitFor(() => expect(calls.at(-1)?.query.get('size')).toBe('20'));
    expect(localStorage.getItem('darsak.admin.pageSize.studioMedia')).toBe('20');

    await user.type(screen.getByLabelText(/بحث/), 'ahmed@');
    await waitFor(() => expect(calls.at(-1)?.query.get('q')).toBe('ahmed@'));

    const downloads = captureDownloads();
    await user.click(screen.getByRole('button', { name: 'تصدير CSV' }));
    await waitFor(() => expect(downloads.clicked()).toBe(true));
    expect(await downloads.lastText()).toContain('31,أحمد محمود,ahmed@example.com,,,مرفوع,لم يُرفع بعد,مرفوع');
    downloads.restore();
  });
});
