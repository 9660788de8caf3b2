import { configure, screen, waitFor, within } from '@testing-library/react';
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

  it('tells an applicant when no interviewer has times yet that a message will come, and finds new times', async () => {
    const startsAt = inDays(2);
    let opened = false;
    stubApi(
      {
        'GET /api/v1/user/tutor/onboarding': () => ({
          body: status([...done, step('interview', 'todo'), ...locked], 'interview'),
        }),
        'GET /api/v1/user/interviewer/select': () => ({
          body: [
            { interviewer: person(40, 'منى عبد الرحمن'), freeTimes: opened ? [{ startsAt, endsAt: startsAt }] : [] },
          ],
        }),
      },
      applicant,
      meta,
    );
    renderApp('/t/onboarding', { user: applicant });
    expect(await screen.findByRole('heading', { name: 'لا توجد مواعيد للمقابلات بعد', level: 3 })).toBeTruthy();
    expect(screen.getByText(/سنرسل لك رسالة فور فتح مواعيد جديدة/)).toBeTruthy();
    opened = true;
    await userEvent.click(screen.getByRole('button', { name: 'تحقّق من المواعيد الآن' }));
    expect(await screen.findByRole('button', { pressed: false, name: /[٠-٩]+:[٠-٩]+/ })).toBeTruthy();
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

/** The browser's upload (to the API or the store): what it was sent, with a progress event on the way. */
function stubBrowserUpload() {
  const sent: { method?: string; url?: string; headers: Record<string, string>; body?: unknown } = { headers: {} };
  class UploadXhr {
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
  vi.stubGlobal('XMLHttpRequest', UploadXhr);
  return sent;
}

describe('/t/onboarding after a passed interview', () => {
  it("keeps the interviewer's feedback on the interview step while the applicant books the demo session", async () => {
    stubApi(
      {
        'GET /api/v1/user/tutor/onboarding': () => ({
          body: status(
            [...done, step('interview', 'done', { at: inDays(-1) }), step('demoSession', 'todo'), ...locked.slice(1)],
            'demoSession',
            { interview: interview(2, { feedback: 'نطق واضح، ركّز على الأزمنة' }) },
          ),
        }),
        'GET /api/v1/user/interviewer/select': () => ({ body: [] }),
      },
      applicant,
      meta,
    );
    renderApp('/t/onboarding', { user: applicant });
    expect(await screen.findByText('ملاحظات المُحاوِر: نطق واضح، ركّز على الأزمنة')).toBeTruthy();
  });
});

describe('/t/onboarding once activated', () => {
  it('tells a woman tutor she is a tutor now, in the feminine', async () => {
    const woman = makeUser({ id: 32, role: 3, name: 'منى عبد الرحمن', gender: 'female' });
    const steps = ['profile', 'introVideo', 'interview', 'demoSession', 'photoSession', 'activated'];
    stubApi(
      {
        'GET /api/v1/user/tutor/onboarding': () => ({
          body: status(
            steps.map((s) => step(s, 'done')),
            'activated',
          ),
        }),
      },
      woman,
      makeTutorMeta({ userId: 32, activated: true }),
    );
    renderApp('/t/onboarding', { user: woman });
    expect(await screen.findByText('أنتِ الآن معلّمة على درسك')).toBeTruthy();
    expect(screen.getByText(/حدّثي جدولك/)).toBeTruthy();
  });
});

describe('/t/onboarding intro video on object storage', () => {
  it('asks for an upload URL, sends the file to the store itself, then confirms it', async () => {
    const sent = stubBrowserUpload();
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

describe('/t/onboarding intro video picker', () => {
  const atIntroVideo = () =>
    stubApi(
      {
        'GET /api/v1/user/tutor/onboarding': () => ({
          body: status(
            [
              step('profile', 'done'),
              step('introVideo', 'todo'),
              ...['interview', ...locked.map((s) => s.step)].map((s) => step(s, 'locked')),
            ],
            'introVideo',
          ),
        }),
        'POST /api/v1/intro-video/with/asset': () => ({ status: 201, body: { id: 9, status: 'pending' } }),
      },
      applicant,
      meta,
    );

  it('offers exactly what the server takes (MP4, WebM, MOV) and refuses another type before any upload', async () => {
    const { calls } = atIntroVideo();
    renderApp('/t/onboarding', { user: applicant });
    const input = (await screen.findByLabelText('اختر ملف الفيديو')) as HTMLInputElement;
    expect(input.accept.split(',')).toEqual(
      expect.arrayContaining(['video/mp4', 'video/webm', 'video/quicktime', '.mov']),
    );
    await userEvent.upload(input, new File(['mkv'], 'intro.mkv', { type: 'video/x-matroska' }), { applyAccept: false });
    expect(await screen.findByText('اختر ملف فيديو بصيغة MP4 أو WebM أو MOV.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'أرسل الفيديو' })).toBeNull();
    expect(calls.some((c) => c.path === '/api/v1/intro-video/with/asset')).toBe(false);
  });

  it("sends an iPhone's .mov the browser plays, and holds one it cannot play with what to do", async () => {
    atIntroVideo();
    const sent = stubBrowserUpload();
    const { container } = renderApp('/t/onboarding', { user: applicant });
    const input = await screen.findByLabelText('اختر ملف الفيديو');
    await userEvent.upload(input, new File(['hevc'], 'IMG_0002.MOV', { type: 'video/quicktime' }));
    container.querySelector('video')?.dispatchEvent(new Event('error'));
    expect(await screen.findByText(/أرسل فيديو MP4 أو WebM أو MOV بترميز H\.264/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'أرسل الفيديو' }) as HTMLButtonElement).disabled).toBe(true);

    await userEvent.upload(input, new File(['h264'], 'IMG_0001.MOV', { type: 'video/quicktime' }));
    await userEvent.click(screen.getByRole('button', { name: 'أرسل الفيديو' }));
    await waitFor(() => expect(sent.url).toMatch(/\/api\/v1\/intro-video\/with\/asset$/));
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

  it('opens the decision with the notes kept during the call, and sends them with it', async () => {
    const manager = makeUser({ id: 40, role: 5, name: 'منى عبد الرحمن' });
    const { calls } = stubApi(
      {
        'GET /api/v1/interview/5': () => ({ body: interview(1, { note: 'يتردد في الأزمنة' }) }),
        'PATCH /api/v1/interview': () => ({ body: interview(2, { note: 'يتردد في الأزمنة' }) }),
      },
      manager,
      makeTutorMeta({ userId: 40, activated: true }),
    );
    renderApp('/interview/5', { user: manager });
    const note = (await screen.findByLabelText('ملاحظة داخلية')) as HTMLTextAreaElement;
    expect(note.value).toBe('يتردد في الأزمنة');
    await userEvent.selectOptions(screen.getByLabelText(/مستوى الإنجليزية/), '3');
    await userEvent.type(screen.getByLabelText(/ملاحظات للمتقدّم/), 'نطق واضح');
    await userEvent.click(screen.getByRole('button', { name: 'حفظ النتيجة' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'حفظ النتيجة' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      id: 5,
      action: 'decide',
      outcome: 'passed',
      note: 'يتردد في الأزمنة',
      feedback: 'نطق واضح',
      level: 3,
    });
  });
});
