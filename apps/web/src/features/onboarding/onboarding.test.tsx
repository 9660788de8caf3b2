import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { makeTutorMeta, makeUser, renderApp, stubApi } from '../../testing/test-utils.tsx';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  authStore.reset();
  vi.unstubAllGlobals();
});

const applicant = makeUser({ id: 31, role: 3, name: 'أحمد محمود' });
const meta = makeTutorMeta({ userId: 31, activated: false });
const person = (id: number, name: string) => ({ id, name, image: null });
const inDays = (days: number, hour = 10) => {
  const at = new Date(Date.now() + days * 86_400_000);
  at.setUTCHours(hour, 0, 0, 0);
  return at.toISOString();
};
const step = (name: string, state: string, extra: Record<string, unknown> = {}) => ({
  step: name,
  state,
  at: null,
  reapplyAt: null,
  appointmentId: null,
  ...extra,
});
const interview = (status: number, extra: Record<string, unknown> = {}) => ({
  id: 5,
  status,
  startsAt: inDays(-1),
  endsAt: inDays(-1),
  joinOpensAt: inDays(-1, 9),
  applicant: person(31, 'أحمد محمود'),
  manager: person(40, 'منى عبد الرحمن'),
  introVideoUrl: null,
  feedback: null,
  note: null,
  level: null,
  decidedBy: null,
  decidedAt: null,
  cancelledBy: null,
  cancelledAt: null,
  cancelReason: null,
  createdAt: inDays(-3),
  ...extra,
});
const status = (steps: unknown[], current: string, extra: Record<string, unknown> = {}) => ({
  steps,
  current,
  introVideo: null,
  interview: null,
  demoSession: null,
  ...extra,
});
const done = ['profile', 'introVideo'].map((s) => step(s, 'done'));
const locked = ['demoSession', 'photoSession', 'activated'].map((s) => step(s, 'locked'));

describe('/t/onboarding', () => {
  it('books an interview from the interviewer free times after a confirmation naming it', async () => {
    const startsAt = inDays(2);
    const { calls } = stubApi(
      {
        'GET /api/v1/user/tutor/onboarding': () => ({
          body: status([...done, step('interview', 'todo'), ...locked], 'interview'),
        }),
        'GET /api/v1/user/interviewer/select': () => ({
          body: [{ interviewer: person(40, 'منى عبد الرحمن'), freeTimes: [{ startsAt, endsAt: startsAt }] }],
        }),
        'POST /api/v1/interview': () => ({ status: 201, body: interview(1, { startsAt }) }),
      },
      applicant,
      meta,
    );
    renderApp('/t/onboarding', { user: applicant });
    expect(await screen.findByRole('heading', { name: 'احجز موعد المقابلة' })).toBeTruthy();
    const time = await screen.findByRole('button', { pressed: false, name: /[٠-٩]+:[٠-٩]+/ });
    await userEvent.click(time);
    expect(screen.getByText(/المقابلة مع منى عبد الرحمن يوم/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'تأكيد الحجز' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/v1/interview')).toBe(true));
    expect(calls.find((c) => c.path === '/api/v1/interview')?.body).toEqual({ managerId: 40, startsAt });
  });

  it('tells a rejected applicant when they may reapply and offers no booking before then', async () => {
    const reapplyAt = inDays(80);
    stubApi(
      {
        'GET /api/v1/user/tutor/onboarding': () => ({
          body: status([...done, step('interview', 'rejected', { reapplyAt }), ...locked], 'interview', {
            interview: interview(3, { feedback: 'تحتاج إلى تحسين الطلاقة' }),
          }),
        }),
      },
      applicant,
      meta,
    );
    renderApp('/t/onboarding', { user: applicant });
    expect(await screen.findByText(/يمكنك المحاولة مرة أخرى بدءًا من/)).toBeTruthy();
    expect(screen.getByText(/تحتاج إلى تحسين الطلاقة/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'تأكيد الحجز' })).toBeNull();
  });
});

describe('/t/onboarding intro video on object storage', () => {
  /** The browser's upload to the store: what it was sent, with a progress event on the way. */
  function stubStoreUpload() {
    const sent: { method?: string; url?: string; headers: Record<string, string>; body?: unknown } = { headers: {} };
    class StoreXhr {
      upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
      status = 200;
      responseText = '';
      withCredentials = false;
      onload?: () => void;
      open(method: string, url: string) {
        Object.assign(sent, { method, url });
      }
      setRequestHeader(key: string, value: string) {
        sent.headers[key] = value;
      }
      getResponseHeader = () => '';
      send(body: unknown) {
        sent.body = body;
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
        this.onload?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', StoreXhr);
    return sent;
  }

  it('asks for an upload URL, sends the file to the store itself, then confirms it', async () => {
    const sent = stubStoreUpload();
    const todo = ['interview', 'demoSession', 'photoSession', 'activated'].map((s) => step(s, 'locked'));
    const target = {
      method: 'PUT',
      url: 'https://store.example/darsak/uploads/31-abc.webm?X-Amz-Signature=f00',
      headers: { 'content-type': 'video/webm' },
      key: '31-abc.webm',
      expiresAt: inDays(1),
    };
    const { calls } = stubApi(
      {
        'GET /api/v1/config': () => ({
          body: { environment: 'local', supportLinks: {}, googleSimulator: false, directUploads: true },
        }),
        'GET /api/v1/user/tutor/onboarding': () => ({
          body: status([step('profile', 'done'), step('introVideo', 'todo'), ...todo], 'introVideo'),
        }),
        'POST /api/v1/intro-video/upload-url': () => ({ body: target }),
        'POST /api/v1/intro-video/with/key': () => ({ status: 201, body: { id: 9, status: 'pending' } }),
      },
      applicant,
      meta,
    );
    renderApp('/t/onboarding', { user: applicant });
    const video = new File(['webm bytes'], 'intro.webm', { type: 'video/webm' });
    await userEvent.upload(await screen.findByLabelText('اختر ملف الفيديو'), video);
    await userEvent.click(screen.getByRole('button', { name: 'أرسل الفيديو' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/v1/intro-video/with/key')).toBe(true));

    expect(calls.find((c) => c.path === '/api/v1/intro-video/upload-url')?.body).toEqual({
      contentType: 'video/webm',
      sizeBytes: video.size,
    });
    expect(sent).toEqual({ method: 'PUT', url: target.url, headers: target.headers, body: video });
    expect(calls.find((c) => c.path === '/api/v1/intro-video/with/key')?.body).toEqual({ key: '31-abc.webm' });
    expect(calls.some((c) => c.path === '/api/v1/intro-video/with/asset')).toBe(false);
  });
});

describe('/interview/{id}', () => {
  it('lets the manager record the outcome only after the start, and says when the room opens', async () => {
    const manager = makeUser({ id: 40, role: 5, name: 'منى عبد الرحمن' });
    const tomorrow = { startsAt: inDays(1), endsAt: inDays(1), joinOpensAt: inDays(1, 9) };
    stubApi(
      { 'GET /api/v1/interview/5': () => ({ body: interview(1, tomorrow) }) },
      manager,
      makeTutorMeta({ userId: 40, activated: true }),
    );
    renderApp('/interview/5', { user: manager });
    expect(await screen.findByText(/يمكنك تسجيل النتيجة بعد بدء الموعد/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'حفظ النتيجة' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('تُفتح الغرفة قبل الموعد بـ٦٠ دقيقة.')).toBeTruthy();
  });
});
