import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { makeLesson } from '../../testing/booking-fixtures.ts';
import { makeSessionToken, minutesFromNow } from '../../testing/session-fixtures.ts';
import { makeUser, renderApp, stubApi } from '../../testing/test-utils.tsx';

afterEach(() => {
  authStore.reset();
  vi.unstubAllGlobals();
});

const student = makeUser({ id: 7, name: 'سارة أحمد' });
const minutes = minutesFromNow;

const track = (kind: 'audio' | 'video') => ({
  kind,
  enabled: true,
  label: `fake ${kind}`,
  stop: vi.fn(),
  getSettings: () => ({ deviceId: `${kind}-1` }),
});

/** A browser with WebRTC, and a camera and microphone that behave as told. */
function fakeDevices(getUserMedia: () => Promise<unknown>, kinds = ['videoinput', 'audioinput']) {
  vi.stubGlobal('RTCPeerConnection', class {});
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia: vi.fn(getUserMedia),
      enumerateDevices: vi.fn(async () =>
        kinds.map((kind, i) => ({ kind, deviceId: `${kind}-1`, label: `device ${i}`, groupId: 'g' })),
      ),
    },
  });
  return navigator.mediaDevices as unknown as { getUserMedia: ReturnType<typeof vi.fn> };
}

const working = async () => {
  const tracks = [track('video'), track('audio')];
  return {
    getTracks: () => tracks,
    getVideoTracks: () => tracks.filter((t) => t.kind === 'video'),
    getAudioTracks: () => tracks.filter((t) => t.kind === 'audio'),
  };
};

function sessionApi(token: unknown = makeSessionToken(), status = 200, extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi(
    {
      'GET /api/v1/session/token': () => ({ status, body: token }),
      'GET /api/v1/session/3': () => ({
        body: {
          ...makeSessionToken(),
          id: 3,
          type: 'lesson',
          status: 1,
          startedAt: null,
          endedAt: null,
          members: [
            { id: 7, name: 'سارة أحمد', image: null, role: 4 },
            { id: 9, name: 'أحمد محمود', image: null, role: 3 },
          ],
          events: [],
        },
      }),
      'GET /api/v1/chat/list/4/messages': () => ({ body: { total: 0, list: [] } }),
      'GET /api/v1/chat/room/members/4': () => ({ body: [] }),
      ...extra,
    },
    student,
  );
}

const slow = { timeout: 5000 };

describe('/session notices', () => {
  it('tells a browser without WebRTC that live lessons need another browser', async () => {
    vi.stubGlobal('RTCPeerConnection', undefined);
    sessionApi();
    renderApp('/session?lessonId=42', { user: student });
    expect(await screen.findByText('الدروس المباشرة غير متاحة على هذا المتصفح', {}, slow)).toBeTruthy();
  });

  it('asks for the lesson when the address has none', async () => {
    fakeDevices(working);
    sessionApi();
    renderApp('/session', { user: student });
    expect((await screen.findByRole('alert', {}, slow)).textContent).toContain('لم نتعرّف على الدرس');
  });

  it('says when the session opens, before its window', async () => {
    fakeDevices(working);
    sessionApi({ code: 'session-not-open', message: 'x', details: { opensAt: minutes(30), endsAt: minutes(70) } }, 422);
    renderApp('/session?lessonId=42', { user: student });
    expect(await screen.findByRole('heading', { name: 'الجلسة غير متاحة الآن' }, slow)).toBeTruthy();
    expect(screen.getByText(/تُفتح الجلسة/)).toBeTruthy();
  });
});

describe('/session device permission screens', () => {
  it('explains a refused permission and asks again on retry', async () => {
    const devices = fakeDevices(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    sessionApi();
    const user = userEvent.setup();
    renderApp('/session?lessonId=42', { user: student });
    expect(await screen.findByText('لم يُسمح باستخدام الكاميرا أو الميكروفون', {}, slow)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'أعد المحاولة' }));
    await waitFor(() => expect(devices.getUserMedia).toHaveBeenCalledTimes(2));
  });

  it('says when there is no camera and no microphone', async () => {
    fakeDevices(working, []);
    sessionApi();
    renderApp('/session?lessonId=42', { user: student });
    expect(await screen.findByText('لم نجد كاميرا أو ميكروفون', {}, slow)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ادخل دون كاميرا وميكروفون' })).toBeTruthy();
  });
});

describe('/session ready to join and waiting', () => {
  it('offers the devices, joins with a fresh token, waits for the tutor, and leaves after confirming', async () => {
    fakeDevices(working);
    const { calls } = sessionApi();
    const user = userEvent.setup();
    const { realtime } = renderApp('/session?lessonId=42', { user: student });
    realtime.handle('session:join', () => ({
      ok: true,
      data: { sessionId: 3, lessonId: 42, roomId: 4, joinState: 'waitingForTutor', peers: [] },
    }));
    expect(await screen.findByRole('heading', { name: 'جاهز للانضمام؟' }, slow)).toBeTruthy();
    expect(screen.getByLabelText('الكاميرا')).toBeTruthy();
    expect(screen.getByLabelText('الميكروفون')).toBeTruthy();
    expect(screen.getByText('في انتظار المعلّم')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'اكتم الميكروفون' }));
    await user.click(screen.getByRole('button', { name: 'انضم إلى الدرس' }));
    const call = await screen.findByRole('region', { name: 'مكالمة الدرس' });
    expect(await within(call).findByText('في انتظار المعلّم')).toBeTruthy();
    // The log export sits with the controls below the video, not in the header laid over it (it hid it on phones).
    expect(within(call).getByRole('button', { name: 'تصدير السجل' }).closest('header')).toBeNull();
    await waitFor(() =>
      expect(realtime.received).toContainEqual({ event: 'session:join', payload: { token: 'join-token' } }),
    );
    expect(calls.filter((c) => c.path === '/api/v1/session/token')).toHaveLength(2);
    expect(realtime.received).toContainEqual({
      event: 'session:media',
      payload: { sessionId: 3, camera: true, microphone: false },
    });
    expect(await screen.findByRole('complementary', { name: 'محادثة الدرس' })).toBeTruthy();

    act(() => realtime.push('session:state', { sessionId: 3, joinState: 'tutorDidNotAttend' }));
    expect(await within(call).findByText('لم يحضر المعلّم')).toBeTruthy();

    await user.click(within(call).getByRole('button', { name: 'غادر الدرس' }));
    const dialog = await screen.findByRole('dialog', { name: 'مغادرة الدرس؟' });
    await user.click(within(dialog).getByRole('button', { name: 'غادر الدرس' }));
    expect(await screen.findByRole('heading', { name: 'غادرت الدرس' })).toBeTruthy();
    expect(realtime.received).toContainEqual({ event: 'session:leave', payload: { sessionId: 3 } });
  }, 20_000);
});

describe('/session: the lesson’s clock, and a lesson ended before its time', () => {
  /** The student in a lesson that started five minutes ago, alone in its call. */
  async function inLessonAlone() {
    fakeDevices(working);
    sessionApi(makeSessionToken({ startsAt: minutes(-5), noShowAt: minutes(0), endsAt: minutes(25) }));
    const user = userEvent.setup();
    const { realtime } = renderApp('/session?lessonId=42', { user: student });
    realtime.handle('session:join', () => ({
      ok: true,
      data: { sessionId: 3, lessonId: 42, roomId: 4, joinState: null, peers: [] },
    }));
    await user.click(await screen.findByRole('button', { name: 'انضم إلى الدرس' }, slow));
    const call = await screen.findByRole('region', { name: 'مكالمة الدرس' });
    const lessonEvent = { lessonId: 42, tutorId: 9, studentId: 7, startsAt: minutes(-5), durationMinutes: 30 };
    return { realtime, call, lessonEvent };
  }

  it('shows the counted time stopped while the call is down, and the end when the server ends the lesson', async () => {
    const { realtime, call, lessonEvent } = await inLessonAlone();
    // no connection to the tutor: nothing counted, and the clock says it stopped
    const clock = await within(call).findByTestId('lesson-clock');
    expect(clock.textContent).toBe('متوقف عند \u2066٠٠:٠٠\u2069');
    expect(clock.title).toBe('يتوقف عند انقطاع الاتصال، ولا تُحتسب إلا الدقائق التي اتصلتما فيها.');

    act(() => realtime.push('lesson:ended', { ...lessonEvent, status: 'fulfilled' }));
    expect(await screen.findByRole('heading', { name: 'انتهى الدرس لانقطاع الاتصال' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'تفاصيل الدرس' }).getAttribute('href')).toBe('/lesson/42');
    await waitFor(() =>
      expect(realtime.received).toContainEqual({ event: 'session:leave', payload: { sessionId: 3 } }),
    );
  }, 20_000);

  it('tells a student left waiting that the lesson ended as the tutor’s no-show, with her minutes back', async () => {
    const { realtime, lessonEvent } = await inLessonAlone();
    act(() => realtime.push('lesson:cancelled', { ...lessonEvent, status: 'cancelledByTutor' }));
    expect(await screen.findByRole('heading', { name: 'لم يحضر المعلّم، فأُلغي الدرس' })).toBeTruthy();
    expect(screen.getByText(/عادت دقائق الدرس كلها إلى رصيدك الأسبوعي/)).toBeTruthy();
  }, 20_000);
});

describe('/session: the tutor did not attend', () => {
  it('lets the student end the lesson from the session screen, then shows it with the minutes back', async () => {
    fakeDevices(working);
    const ended = makeLesson({ id: 42, status: 'cancelledByTutor', cancelReason: 'tutorDidNotAttend' });
    const absent = makeSessionToken({ startsAt: minutes(-6), noShowAt: minutes(-1), joinState: 'tutorDidNotAttend' });
    const { calls } = sessionApi(absent, 200, {
      'POST /api/v1/lesson/42/tutor-did-not-attend': () => ({ body: ended }),
      'GET /api/v1/lesson/42': () => ({ body: ended }),
    });
    const user = userEvent.setup();
    renderApp('/session?lessonId=42', { user: student });
    expect(await screen.findByRole('heading', { name: 'جاهز للانضمام؟' }, slow)).toBeTruthy();
    expect(screen.getByText(/مرّت مهلة انتظار المعلّم ولم يدخل/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'إنهاء الدرس: المعلّم لم يحضر' }));
    const dialog = await screen.findByRole('dialog', { name: 'إنهاء الدرس لأن المعلّم لم يحضر؟' });
    await user.click(within(dialog).getByRole('button', { name: 'نعم، أنهِ الدرس' }));
    expect(await screen.findByText('لم يحضر المعلّم، فأُلغي الدرس', {}, slow)).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/v1/lesson/42/tutor-did-not-attend')).toHaveLength(1);
  }, 20_000);
});

describe('/session for an interview', () => {
  it("speaks of the interview, not a lesson, and keeps the interviewer's notes beside the call", async () => {
    fakeDevices(working);
    const manager = makeUser({ id: 40, role: 5, name: 'منى عبد الرحمن' });
    const token = makeSessionToken({ type: 'interview', lessonId: null, interviewId: 5, joinState: null });
    const interview = {
      id: 5,
      status: 1,
      startsAt: minutes(-2),
      endsAt: minutes(28),
      joinOpensAt: minutes(-12),
      applicant: { id: 31, name: 'أحمد محمود', image: null },
      manager: { id: 40, name: 'منى عبد الرحمن', image: null },
      introVideoUrl: null,
      feedback: null,
      note: 'نطق جيد',
      level: null,
      decidedBy: null,
      decidedAt: null,
      cancelledBy: null,
      cancelledAt: null,
      cancelReason: null,
      createdAt: minutes(-600),
    };
    const { calls } = stubApi(
      {
        'GET /api/v1/session/token': () => ({ body: token }),
        'GET /api/v1/session/3': () => ({
          body: {
            ...token,
            id: 3,
            status: 1,
            startedAt: null,
            endedAt: null,
            members: [
              { id: 40, name: 'منى عبد الرحمن', image: null, role: 5 },
              { id: 31, name: 'أحمد محمود', image: null, role: 3 },
            ],
            events: [],
          },
        }),
        'GET /api/v1/interview/5': () => ({ body: interview }),
        'PATCH /api/v1/interview': (init) => ({
          body: { ...interview, note: JSON.parse(String(init?.body)).note },
        }),
        'GET /api/v1/chat/list/4/messages': () => ({ body: { total: 0, list: [] } }),
        'GET /api/v1/chat/room/members/4': () => ({ body: [] }),
      },
      manager,
    );
    const user = userEvent.setup();
    const { realtime } = renderApp('/session?interviewId=5', { user: manager });
    realtime.handle('session:join', () => ({
      ok: true,
      data: { sessionId: 3, interviewId: 5, roomId: 4, joinState: null, peers: [] },
    }));
    expect(await screen.findByRole('heading', { name: 'المقابلة المباشرة' }, slow)).toBeTruthy();
    expect(screen.getByText(/موعد المقابلة/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'انضم إلى المقابلة' }));
    const call = await screen.findByRole('region', { name: 'مكالمة المقابلة' });
    expect(await within(call).findByText('في انتظار المتقدّم')).toBeTruthy();
    expect(await screen.findByRole('complementary', { name: 'محادثة المقابلة' })).toBeTruthy();
    expect(within(call).getByRole('button', { name: 'غادر المقابلة' })).toBeTruthy();
    // The brand درسك aside, nothing on the page speaks of a lesson.
    expect(document.querySelector('main')?.textContent).not.toMatch(/الدرس|دروس|درس\s/);

    const notes = (await screen.findByLabelText(/ملاحظاتك عن المتقدّم/)) as HTMLTextAreaElement;
    expect(notes.value).toBe('نطق جيد');
    await user.type(notes, '، يتردد في الأزمنة');
    await user.click(screen.getByRole('button', { name: 'حفظ الملاحظات' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      id: 5,
      action: 'notes',
      note: 'نطق جيد، يتردد في الأزمنة',
    });
    expect(await screen.findByText('حُفظت الملاحظات.')).toBeTruthy();
  }, 20_000);
});
