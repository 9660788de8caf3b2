import { createFakeRealtimeServer } from '@darsak/client';
import type { DemoSession, Interview } from '@darsak/domain/interviews';
import { Role } from '@darsak/domain/users';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_URL } from '../../config/env.ts';
import { authStore } from '../../lib/auth-store.ts';
import { captureDownloads } from '../../testing/downloads.ts';
import { renderAdmin, staffUser } from '../../testing/render-admin.tsx';
import { stubApi } from '../../testing/stub-api.ts';
import { setOnboardingSocketFactory } from './hooks/use-onboarding-live.ts';

// the first screen of a file loads its lazy route cold
configure({ asyncUtilTimeout: 5000 });

const admin = staffUser(Role.admin);
const manager = staffUser(Role.tutorManager);

const appointment = {
  id: 7,
  startsAt: '2025-01-07T10:00:00.000Z',
  endsAt: '2025-01-07T10:30:00.000Z',
  joinOpensAt: '2025-01-07T09:50:00.000Z',
  applicant: { id: 31, name: 'أحمد محمود', image: null },
  manager: { id: 5, name: 'سعاد علي', image: null },
  introVideoUrl: null,
  feedback: 'نطق واضح',
  note: null,
  decidedBy: 5,
  decidedAt: '2025-01-07T10:40:00.000Z',
  cancelledBy: null,
  cancelledAt: null,
  cancelReason: null,
  createdAt: '2025-01-05T10:00:00.000Z',
};
const interview: Interview = { ...appointment, status: 2, level: 4 };
const demoSession: DemoSession = { ...appointment, id: 8, status: 1, feedback: null };
const managers = { total: 1, list: [{ id: 5, name: 'سعاد علي' }] };

beforeEach(() => {
  localStorage.clear();
  setOnboardingSocketFactory(createFakeRealtimeServer().factory);
});
afterEach(() => {
  authStore.reset();
  vi.unstubAllGlobals();
});

describe('admin /interviews', { timeout: 20_000 }, () => {
  it("shows an admin every interview with its outcome and level, filtered by status and interviewer, linking to the main app's page", async () => {
    const calls = stubApi(admin, {
      'GET /api/v1/interview/list/': () => ({ body: { total: 1, list: [interview] } }),
      'GET /api/v1/user/list': () => ({ body: managers }),
    });
    const user = userEvent.setup();
    renderAdmin('/interviews', admin);

    const row = (await screen.findByText('أحمد محمود')).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('سعاد علي');
    expect(row.textContent).toContain('اجتاز');
    expect(row.textContent).toContain('نطق واضح');
    expect(row.textContent).toContain('فوق المتوسط');
    const open = within(row).getByRole('link', { name: 'فتح موعد أحمد محمود في التطبيق الرئيسي' });
    expect(open.getAttribute('href')).toBe(new URL('/interview/7', APP_URL).toString());
    expect(calls.find((c) => c.path === '/api/v1/user/list')?.query.get('role')).toBe(String(Role.tutorManager));

    await user.selectOptions(screen.getByLabelText('الحالة'), 'ناجحة');
    await waitFor(() => expect(calls.at(-1)?.query.get('status')).toBe('passed'));
    await user.selectOptions(await screen.findByLabelText('المقابِل'), 'سعاد علي');
    await waitFor(() => expect(calls.at(-1)?.query.get('managerId')).toBe('5'));
    expect(calls.at(-1)?.query.get('status')).toBe('passed');
  });

  it('finds an applicant, sorts, and downloads what is filtered as CSV', async () => {
    const calls = stubApi(admin, {
      'GET /api/v1/interview/list/': () => ({ body: { total: 1, list: [interview] } }),
      'GET /api/v1/user/list': () => ({ body: managers }),
    });
    const downloads = captureDownloads();
    const user = userEvent.setup();
    renderAdmin('/interviews', admin);
    await screen.findByText('أحمد محمود');

    await user.type(screen.getByLabelText(/^بحث/), 'أحمد');
    await waitFor(() => expect(calls.at(-1)?.query.get('q')).toBe('أحمد'));
    await user.selectOptions(screen.getByLabelText('الترتيب'), 'الأحدث موعدًا أولًا');
    await waitFor(() => expect(calls.at(-1)?.query.get('sort')).toBe('latest'));

    await user.click(screen.getByRole('button', { name: 'تصدير CSV' }));
    await waitFor(() => expect(downloads.clicked()).toBe(true));
    const exported = calls.filter((c) => c.path === '/api/v1/interview/list/').at(-1);
    expect([exported?.query.get('q'), exported?.query.get('sort'), exported?.query.get('size')]).toEqual([
      'أحمد',
      'latest',
      '100',
    ]);
    const text = await downloads.lastText();
    expect(text).toContain('أحمد محمود');
    expect(text).toContain('فوق المتوسط');
    downloads.restore();
  });

  it('shows a tutor manager their demo sessions too, without the interviewer filter', async () => {
    const calls = stubApi(manager, {
      'GET /api/v1/interview/list/': () => ({ body: { total: 0, list: [] } }),
      'GET /api/v1/demo-session/list': () => ({ body: { total: 1, list: [demoSession] } }),
    });
    const user = userEvent.setup();
    renderAdmin('/interviews', manager);

    expect(await screen.findByText('لا توجد مواعيد هنا.')).toBeTruthy();
    expect(screen.queryByLabelText('المقابِل')).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'الجلسات التجريبية' }));
    const link = await screen.findByRole('link', { name: 'فتح موعد أحمد محمود في التطبيق الرئيسي' });
    expect(link.getAttribute('href')).toBe(new URL('/demo-session/8', APP_URL).toString());
    expect(calls.some((c) => c.path === '/api/v1/user/list')).toBe(false);
  });

  it('lets a tutor manager decide a started demo session here, opening with the notes kept in the call', async () => {
    const started = { ...demoSession, note: 'ثقة في الحديث' };
    const calls = stubApi(manager, {
      'GET /api/v1/interview/list/': () => ({ body: { total: 0, list: [] } }),
      'GET /api/v1/demo-session/list': () => ({ body: { total: 1, list: [started] } }),
      'PATCH /api/v1/demo-session': () => ({ body: { ...started, status: 2 } }),
    });
    const user = userEvent.setup();
    renderAdmin('/interviews?tab=demoSession', manager);

    expect(await screen.findByText('تنتظر القرار')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'تسجيل النتيجة — أحمد محمود' }));
    const dialog = await screen.findByRole('dialog', { name: 'الجلسة التجريبية — أحمد محمود' });
    expect((within(dialog).getByLabelText('ملاحظة داخلية') as HTMLTextAreaElement).value).toBe('ثقة في الحديث');
    await user.click(within(dialog).getByRole('radio', { name: 'لم يجتز' }));
    await user.type(within(dialog).getByLabelText(/ملاحظات للمتقدّم/), 'يحتاج إلى تحضير أفضل');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ النتيجة' }));
    const confirm = await screen.findByRole('dialog', { name: 'تسجيل النتيجة' });
    await user.click(within(confirm).getByRole('button', { name: 'حفظ النتيجة' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      id: 8,
      action: 'decide',
      outcome: 'rejected',
      note: 'ثقة في الحديث',
      feedback: 'يحتاج إلى تحضير أفضل',
    });
    expect(await screen.findByText('حُفظت النتيجة وأُبلغ المتقدّم.')).toBeTruthy();
  });

  it('opens the intro videos for a reviewer from ?tab=introVideos', async () => {
    const calls = stubApi(manager, {
      'GET /api/v1/interview/list/': () => ({ body: { total: 0, list: [] } }),
      'GET /api/v1/intro-video/list': () => ({ body: { total: 0, list: [] } }),
    });
    renderAdmin('/interviews?tab=introVideos', manager);
    expect((await screen.findByRole('tab', { name: 'فيديوهات التعريف' })).getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/v1/intro-video/list')).toBe(true));
  });

  it('says when the list cannot be loaded and tries again', async () => {
    let fail = true;
    stubApi(admin, {
      'GET /api/v1/interview/list/': () =>
        fail ? { status: 500, body: { code: 'unexpected' } } : { body: { total: 1, list: [interview] } },
      'GET /api/v1/user/list': () => ({ body: managers }),
    });
    const user = userEvent.setup();
    renderAdmin('/interviews', admin);

    expect(await screen.findByText('تعذّر تحميل المواعيد.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByText('أحمد محمود')).toBeTruthy();
  });
});
