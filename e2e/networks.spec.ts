import { attendanceOf, type CallEvent } from '@darsak/domain/lessons';
import { type APIRequestContext, type Browser, type Page, request as requests, type TestInfo } from '@playwright/test';
import { openAdminAs } from './support/admin-app.ts';
import {
  attachClientLog,
  callQuality,
  callTimeline,
  join,
  lessonNow,
  receivedBytes,
  remoteMedia,
  selectedPath,
  timeToMedia,
  watchPeerConnections,
} from './support/live-session.ts';
import { createNetworkLab, type Home, labUnavailable, type NetworkLab, TURN_TLS_PORT } from './support/network-lab.ts';
import { type Person, registerPerson, signedInContext, signInApi } from './support/people.ts';
import { screenshot } from './support/screens.ts';
import { type Darsak, freePorts, startDarsak } from './support/server.ts';
import { expect, test } from './support/test.ts';

/**
 * Lessons on the networks our students have (issue 29, item 7): a student and a tutor at home on networks of their
 * own (network namespaces, e2e/support/network-lab.ts), Darsak and the TURN server as deployed on the machine
 * between them. What each network does to the call is measured and printed (time to media, time back after an
 * outage): figures of this machine, not limits.
 */

// CI has what the lab needs (.ci/run installs it): there a missing part fails the run instead of skipping it.
const unavailable = labUnavailable();
test.skip(unavailable !== null && !process.env.CI, unavailable ?? '');
test.beforeAll(() => expect(unavailable, 'the network lab cannot be made here').toBeNull());
test.describe.configure({ mode: 'serial' });

let lab: NetworkLab;
let darsak: Darsak;
let api: APIRequestContext;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  const [app, admin, site] = await freePorts();
  const [turnPort] = await freePorts();
  lab = await createNetworkLab(turnPort);
  darsak = await startDarsak({
    host: lab.serverAddress,
    ports: [app, admin, site],
    env: { HOST: lab.serverAddress, TURN_URLS: lab.turn.urls, TURN_SECRET: lab.turn.secret },
  });
  api = await requests.newContext({ baseURL: darsak.app });
});
test.beforeEach(() => {
  lab.student.openUp();
  lab.tutor.openUp();
});
test.afterAll(async () => {
  await api?.dispose();
  await darsak?.stop();
  await lab?.close();
});

/** A lesson going on now between a new student and a new tutor, each in a browser at home. */
async function lessonAtHome(like: Page) {
  const student = await registerPerson(api, 'student');
  const tutor = await registerPerson(api, 'tutor');
  const lessonId = await lessonNow(api, student, tutor);
  const open = async (home: Home, person: Person) => {
    const browser = await home.launchBrowser(darsak.app);
    const context = await signedInContext(browser, like, person, {
      permissions: ['camera', 'microphone'],
      baseURL: darsak.app,
    });
    await watchPeerConnections(context);
    return { browser, page: await context.newPage() };
  };
  const s = await open(lab.student, student);
  const t = await open(lab.tutor, tutor);
  return { student, tutor, lessonId, s: s.page, t: t.page, browsers: [s.browser, t.browser] };
}

/**
 * A lesson at home with both members in its call (the tutor first), given to `body`; each browser's own log is
 * attached when it fails, and both browsers are closed.
 */
async function inLessonAtHome(like: Page, testInfo: TestInfo, body: (lesson: LessonAtHome) => Promise<void>) {
  const lesson = await lessonAtHome(like);
  try {
    await join(lesson.t, lesson.lessonId);
    await join(lesson.s, lesson.lessonId);
    await body(lesson);
  } catch (error) {
    await attachClientLog(lesson.s, 'student', testInfo);
    await attachClientLog(lesson.t, 'tutor', testInfo);
    throw error;
  } finally {
    await Promise.all(lesson.browsers.map((browser: Browser) => browser.close()));
  }
}
type LessonAtHome = Awaited<ReturnType<typeof lessonAtHome>>;

/** Waits (polling every 100 ms) until video shows and grows again after `before`, on the same connection or a new one. */
async function mediaFlowsAgain(page: Page, before: Awaited<ReturnType<typeof remoteMedia>>, timeout: number) {
  await expect
    .poll(
      async () => {
        const now = await remoteMedia(page);
        return now.width > 0 && (now.connections > before.connections ? now.bytes > 0 : now.bytes > before.bytes);
      },
      { timeout, intervals: [100] },
    )
    .toBe(true);
}

/**
 * Strict networks, and the relay that gets through each: one that drops UDP (TURN over TCP), and one that lets only
 * HTTPS out (TURN over TLS on 443; the app's own port stands in for its HTTPS proxy, and TURN's 3478 does not pass).
 */
const STRICT_NETWORKS = [
  { name: 'UDP blocked', relayProtocol: 'tcp', close: () => lab.student.blockUdp() },
  {
    name: 'only HTTPS',
    relayProtocol: 'tls',
    close: () => lab.student.allowOnlyTcp([TURN_TLS_PORT, Number(new URL(darsak.app).port)]),
  },
] as const;

for (const [index, network] of STRICT_NETWORKS.entries()) {
  test(`a student on a network with ${network.name} reaches her tutor over TURN on ${network.relayProtocol.toUpperCase()}`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    network.close();
    await inLessonAtHome(page, testInfo, async ({ s, t }) => {
      const joined = Date.now();
      const studentMs = await timeToMedia(s, joined);
      const tutorMs = await timeToMedia(t, joined);
      expect(await selectedPath(s)).toEqual({ type: 'relay', relayProtocol: network.relayProtocol });
      console.log(`${network.name}: video at the student's after ${studentMs} ms, at the tutor's after ${tutorMs} ms`);
      console.log(`time to media (${network.name}): ${studentMs} ms`);
      testInfo.annotations.push({
        type: `time to media, ${network.name}`,
        description: `${Math.max(studentMs, tutorMs)} ms`,
      });
      await screenshot(s, testInfo, `networks-01-${index === 0 ? 'udp-blocked' : 'only-https'}-in-call`);
    });
  });
}

test('the ready screen checks the network before the lesson and says what to expect and what to try', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const lesson = await lessonAtHome(page);
  try {
    const s = lesson.s;
    await s.goto(`/session?lessonId=${lesson.lessonId}`);
    const check = s.getByTestId('network-check');
    const started = Date.now();
    // an open network at full speed
    await expect(check).toHaveAttribute('data-verdict', 'good', { timeout: 30_000 });
    await expect(check.getByText('مباشر أو عبر UDP (الأسرع)')).toBeVisible();
    await expect(check.getByText('اتصالك جيد للصوت والصورة.')).toBeVisible();
    console.log(`pre-lesson check on an open network: ${Date.now() - started} ms`);
    await screenshot(s, testInfo, 'networks-12-check-open');

    // a network that lets only HTTPS out, at 256 kbit/s: through the relay on 443, audio only
    lab.student.allowOnlyTcp([TURN_TLS_PORT, Number(new URL(darsak.app).port)]);
    lab.student.capTo(256);
    const again = Date.now();
    await s.getByRole('button', { name: 'أعد الفحص' }).click();
    await expect(check).toHaveAttribute('data-verdict', 'audioOnly', { timeout: 60_000 });
    await expect(check.getByText('عبر خادمنا على المنفذ ٤٤٣ (TLS)')).toBeVisible();
    await expect(check.getByText(/^سرعة الرفع ضعيفة/)).toBeVisible();
    await expect(check.getByText(/^شبكتك لا تسمح بالاتصال المباشر/)).toBeVisible();
    console.log(`pre-lesson check on a 256 kbit/s HTTPS-only network: ${Date.now() - again} ms`);
    await screenshot(s, testInfo, 'networks-13-check-strict-and-slow');
  } finally {
    await Promise.all(lesson.browsers.map((browser: Browser) => browser.close()));
  }
});

/**
 * Two ways a phone moves from Wi-Fi to mobile data: offline a moment between (the browser says so, and its socket
 * is replaced at once), or in a handover the page is not told of (the call finds its socket silent).
 */
const NETWORK_CHANGES = [
  { name: 'offline a moment between', offline: true },
  { name: 'in a handover', offline: false },
] as const;

for (const change of NETWORK_CHANGES) {
  test(`a student whose phone moves from Wi-Fi to mobile data ${change.name} is back in the call by itself`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    await inLessonAtHome(page, testInfo, async ({ s, t }) => {
      await timeToMedia(s, Date.now());
      const moved = Date.now();
      lab.student.changeNetwork({ offline: change.offline });
      // what was on its way has arrived; nothing more comes to the old address
      await page.waitForTimeout(300);
      const before = await remoteMedia(s);
      await mediaFlowsAgain(s, before, 30_000);
      const backMs = Date.now() - moved;
      console.log(`network change ${change.name}: video back at the student's ${backMs} ms after`);
      testInfo.annotations.push({
        type: `media back after a network change ${change.name}`,
        description: `${backMs} ms`,
      });
      await timeToMedia(t, Date.now());
      await screenshot(s, testInfo, `networks-11-after-network-change-${change.offline ? 'offline' : 'handover'}`);
      // The call stays up: nothing of the old network ends it later, not even the server's finding the old socket
      // gone (some 45 s on). Both changes leave that socket the same way: one of them waits for it.
      if (change.offline) return;
      const settled = await remoteMedia(s);
      await page.waitForTimeout(50_000);
      const later = await remoteMedia(s);
      expect(later.connections).toBe(settled.connections);
      expect(later.bytes).toBeGreaterThan(settled.bytes);
    });
  });
}

test('on a link capped at 256 kbit/s the call keeps its audio, pauses the video, and brings it back when the cap lifts', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  await inLessonAtHome(page, testInfo, async ({ s, t }) => {
    await timeToMedia(s, Date.now());
    const grows = async (side: Page, kind: 'audio' | 'video') => {
      const before = await receivedBytes(side, kind);
      await expect.poll(() => receivedBytes(side, kind), { timeout: 10_000 }).toBeGreaterThan(before + 2000);
    };
    // a crowded cell: 256 kbit/s each way (capped from before the join, the first video frame did not always
    // arrive within 30 s: one run in three)
    const capped = Date.now();
    lab.student.capTo(256);
    const peerNotice = t.getByText(/^الصوت فقط مع .+ حتى يتحسّن الاتصال$/);
    await expect(peerNotice).toBeVisible({ timeout: 60_000 });
    await expect(s.getByText('الاتصال ضعيف: أوقفنا إرسال صورتك ليبقى الصوت واضحًا')).toBeVisible();
    console.log(`256 kbit/s: the student's video paused ${Math.round((Date.now() - capped) / 1000)} s after the cap`);
    await screenshot(t, testInfo, 'networks-05-weak-link-tutor');
    await screenshot(s, testInfo, 'networks-06-weak-link-student');
    // the tutor still hears her
    await grows(t, 'audio');

    const lifted = Date.now();
    lab.student.openUp();
    await expect(peerNotice).toHaveCount(0, { timeout: 90_000 });
    await grows(t, 'video');
    console.log(`cap lifted: her video back ${Math.round((Date.now() - lifted) / 1000)} s after`);
  });
});

test('a student who asks for audio only gets it both ways, and the video back when she asks again', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await inLessonAtHome(page, testInfo, async ({ s, t }) => {
    await timeToMedia(s, Date.now());
    await timeToMedia(t, Date.now());
    /** Whether `kind` still arrives at `side`: its bytes grow over 3 s. */
    const arrives = async (side: Page, kind: 'audio' | 'video') => {
      const before = await receivedBytes(side, kind);
      await page.waitForTimeout(3000);
      return (await receivedBytes(side, kind)) > before + 500;
    };
    const audioOnly = s.getByRole('button', { name: 'الصوت فقط' });
    await audioOnly.click();
    await expect(audioOnly).toHaveAttribute('aria-pressed', 'true');
    await expect(t.getByText(/^طلب .+ الصوت فقط لضعف اتصاله/)).toBeVisible();
    await expect(s.getByText(/^الصوت فقط مع .+، بلا صورة في الاتجاهين/)).toBeVisible();
    // neither side sends video now (what was on its way first arrives), both still hear each other
    await page.waitForTimeout(1000);
    for (const side of [s, t]) {
      expect(await arrives(side, 'video')).toBe(false);
      expect(await receivedBytes(side, 'audio')).toBeGreaterThan(0);
    }
    expect(await arrives(s, 'audio')).toBe(true);
    await screenshot(s, testInfo, 'networks-14-audio-only-student');
    await screenshot(t, testInfo, 'networks-15-audio-only-tutor');

    await audioOnly.click();
    await expect(audioOnly).toHaveAttribute('aria-pressed', 'false');
    await expect(t.getByText(/^طلب .+ الصوت فقط/)).toHaveCount(0);
    await expect.poll(() => arrives(s, 'video'), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => arrives(t, 'video'), { timeout: 20_000 }).toBe(true);
  });
});

test('with 5% of its packets lost the call keeps its audio', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  lab.student.loseShare(5);
  await inLessonAtHome(page, testInfo, async ({ s, lessonId, student }) => {
    console.log(`time to media (5% loss): ${await timeToMedia(s, Date.now())} ms`);
    const lostShare = async (side: Page) =>
      side.evaluate(async () => {
        const newest = (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections?.at(-1);
        for (const report of (await newest?.getStats())?.values() ?? []) {
          const rtp = report as { type: string; kind?: string; packetsLost?: number; packetsReceived?: number };
          if (rtp.type === 'inbound-rtp' && rtp.kind === 'audio')
            return { lost: rtp.packetsLost ?? 0, received: rtp.packetsReceived ?? 0 };
        }
        return { lost: 0, received: 0 };
      });
    const before = await lostShare(s);
    const bytesBefore = await receivedBytes(s, 'audio');
    await page.waitForTimeout(15_000);
    const after = await lostShare(s);
    const lost = after.lost - before.lost;
    const share = lost / Math.max(1, lost + after.received - before.received);
    // she hears the tutor all along: 15 s of Opus (at least 8 kbit/s), the lost packets concealed
    expect(await receivedBytes(s, 'audio')).toBeGreaterThan(bytesBefore + 15_000);
    expect(share).toBeGreaterThan(0);
    await expect(s.getByTestId('lesson-clock')).toHaveAttribute('data-running', 'true');
    console.log(`5% loss: ${(share * 100).toFixed(1)}% of the tutor's audio packets lost over 15 s, the call held`);
    await screenshot(s, testInfo, 'networks-07-lossy-student');
    // she closes the tab: she left by choice (charged), not a drop (given back)
    await s.close();
    const herLast = async () =>
      ((await callTimeline(api, lessonId)) as CallEvent[]).filter((e) => e.userId === student.user.id).at(-1)?.kind;
    await expect.poll(herLast, { timeout: 10_000 }).toBe('leave');
  });
});

/** The student's two kinds of network: UDP let through (a direct path), or dropped (relayed over TCP). */
const OUTAGE_NETWORKS = [
  { name: 'with UDP', path: null },
  { name: 'with UDP blocked', path: { type: 'relay', relayProtocol: 'tcp' } },
] as const;

for (const network of OUTAGE_NETWORKS) {
  test(`a 20-second outage mid-lesson ${network.name} is shown, the call comes back by itself, and its time is not charged`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(240_000);
    if (network.path) lab.student.blockUdp();
    await inLessonAtHome(page, testInfo, async (lesson) => {
      const { s, t } = lesson;
      const joined = Date.now();
      const first = await timeToMedia(s, joined);
      if (network.path) expect(await selectedPath(s)).toEqual(network.path);
      console.log(`time to media (${network.path ? 'UDP blocked' : 'open network'}): ${first} ms`);

      const cut = Date.now();
      lab.student.cutOff();
      await expect(s.getByText('انقطع الاتصال، نعيد الاتصال…').first()).toBeVisible({ timeout: 15_000 });
      await expect(t.getByText('انقطع الاتصال، نعيد الاتصال…').first()).toBeVisible({ timeout: 15_000 });
      // the lesson's clock stops on both sides while the call is down
      for (const side of [s, t])
        await expect(side.getByTestId('lesson-clock')).toHaveAttribute('data-running', 'false');
      await screenshot(s, testInfo, 'networks-02-outage-shown');
      await page.waitForTimeout(Math.max(0, 20_000 - (Date.now() - cut)));

      const before = await remoteMedia(s);
      lab.student.restore();
      const back = Date.now();
      // Back by itself: a wait long enough for a slow machine, far below the 18–60 s of a call that had to
      // rejoin (what it took before signals were routed to their own connection).
      await mediaFlowsAgain(s, before, 10_000);
      const backMs = Date.now() - back;
      const downSeconds = (Date.now() - cut) / 1000;
      await expect(s.getByText('انقطع الاتصال، نعيد الاتصال…')).toHaveCount(0, { timeout: 15_000 });
      for (const side of [s, t]) await expect(side.getByTestId('lesson-clock')).toHaveAttribute('data-running', 'true');
      await screenshot(s, testInfo, 'networks-03-back-after-outage');
      console.log(
        `outage of 20 s ${network.name}: video back at the student's ${backMs} ms after the network returned`,
      );
      testInfo.annotations.push({
        type: `media back after a 20 s outage ${network.name}`,
        description: `${backMs} ms`,
      });

      // The call's timeline, as the lesson's end reads it: the outage is lost time, given back; nothing more is
      // lost than the time to connect at first and the time the call was down.
      const events = (await callTimeline(api, lesson.lessonId)) as CallEvent[];
      const startsAt = events[0]?.at ?? new Date(cut);
      const measured = attendanceOf({
        events,
        tutorId: lesson.tutor.user.id,
        studentId: lesson.student.user.id,
        startsAt,
        endsAt: new Date(),
        durationMinutes: 30,
      });
      console.log(`measured: ${measured.connectedSeconds} s connected, ${measured.lostSeconds} s lost`);

      // staff see how the student's call went, from her browser's reports: the path it took, and the failure
      await expect
        .poll(async () => (await callQuality(api, lesson.lessonId)).find((q) => q.userId === lesson.student.user.id), {
          timeout: 30_000,
        })
        .toMatchObject({
          relayed: network.path !== null,
          path: network.path
            ? { candidateType: 'relay', relayProtocol: network.path.relayProtocol }
            : { candidateType: expect.stringMatching(/^(host|srflx|prflx)$/), protocol: 'udp' },
        });
      if (network.path) {
        // as staff read it on the lesson's record, at a desk
        await page.setViewportSize({ width: 1280, height: 800 });
        await openAdminAs(page, api, `/lesson/${lesson.lessonId}`, { admin: darsak.admin });
        const quality = page.getByRole('table', { name: 'جودة الاتصال كما قاسها متصفح كل شخص' });
        await expect(quality.getByRole('row', { name: /عبر خادم الترحيل \(TCP\)/ })).toBeVisible();
        await screenshot(page, testInfo, 'networks-09-staff-call-quality');
      }
      // lost from when ICE finds the path dead (5–7 s into the outage) until the video is back: 13 s or more of 20
      expect(measured.lostSeconds).toBeGreaterThanOrEqual(13);
      expect(measured.lostSeconds).toBeLessThanOrEqual(Math.ceil(first / 1000 + downSeconds) + 5);
    });
  });
}

test('a call that stays down past the setting ends its lesson, and a lesson the tutor never came to ends by itself', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  const admin = await signInApi(api, 'admin@darsak.test');
  const setWaits = async (minutes: number, noShowMinutes: number) => {
    const answer = await api.patch('/api/v1/platform-settings', {
      headers: { authorization: `Bearer ${admin.token}` },
      data: { lessonMaxDropMinutes: minutes, noShowGraceMinutes: noShowMinutes },
    });
    expect(answer.status(), await answer.text()).toBe(200);
  };
  const lessonOf = async (lessonId: number, student: Person) =>
    (await (
      await api.get(`/api/v1/lesson/${lessonId}`, { headers: { authorization: `Bearer ${student.token}` } })
    ).json()) as { status: string; chargedMinutes: number | null; cancelReason: string | null };
  await setWaits(1, 1);
  try {
    // beside the lesson that will drop, one whose tutor never comes: its student waits alone, at home
    const alone = { student: await registerPerson(api, 'student'), tutor: await registerPerson(api, 'tutor') };
    const aloneLessonId = await lessonNow(api, alone.student, alone.tutor);
    const aloneBrowser = await lab.tutor.launchBrowser(darsak.app);
    const aloneContext = await signedInContext(aloneBrowser, page, alone.student, {
      permissions: ['camera', 'microphone'],
      baseURL: darsak.app,
    });
    const waiting = await aloneContext.newPage();
    await join(waiting, aloneLessonId);
    try {
      await inLessonAtHome(page, testInfo, async ({ s, t, student, lessonId }) => {
        await timeToMedia(s, Date.now());
        // the student's phone loses its network for good
        lab.student.cutOff();
        const cut = Date.now();
        await expect(t.getByRole('heading', { name: 'انتهى الدرس لانقطاع الاتصال' })).toBeVisible({
          timeout: 180_000,
        });
        console.log(
          `a call down for good: the lesson ended for the tutor ${Math.round((Date.now() - cut) / 1000)} s after`,
        );
        await screenshot(t, testInfo, 'networks-04-lesson-ended-for-drop');
        // the seconds before the cut are all that is charged (to the nearest minute): the rest is back in her week
        const ended = await lessonOf(lessonId, student);
        expect(ended.status).toBe('fulfilled');
        expect(ended.chargedMinutes).toBeLessThanOrEqual(1);
      });
      // the student left waiting is told, and her lesson is the tutor's no-show: every minute back, no claim
      await expect(waiting.getByRole('heading', { name: 'لم يحضر المعلّم، فأُلغي الدرس' })).toBeVisible({
        timeout: 60_000,
      });
      await expect
        .poll(async () => (await lessonOf(aloneLessonId, alone.student)).cancelReason, { timeout: 60_000 })
        .toBe('tutorDidNotAttend');
      await screenshot(waiting, testInfo, 'networks-08-tutor-never-came');
    } finally {
      await aloneBrowser.close();
    }
  } finally {
    await setWaits(10, 5);
  }
});
