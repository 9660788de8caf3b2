import { type APIRequestContext, type BrowserContext, expect, type Page, type TestInfo, test } from '@playwright/test';
import { type Person, registerPerson, signedInContext } from './support/people.ts';
import { screenshot } from './support/screens.ts';

/**
 * A live lesson (issue 5): a student and a tutor, each in their own browser with a fake camera and microphone,
 * join a lesson whose window is open, see each other's video (the remote video has a size and getStats counts
 * bytes received), chat inside the session, see the other's microphone go off, and the call recovers after one
 * side's network drops.
 */

// Chromium's fake devices, no permission prompt, and WebRTC over the loopback interface.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--allow-loopback-in-peer-connection',
    ],
  },
});

/**
 * A lesson between the two starting now. Booking refuses starts inside the tutor's notice period (as it should),
 * so the local-mode endpoint writes one for browser journeys.
 */
async function lessonNow(request: APIRequestContext, student: Person, tutor: Person): Promise<number> {
  const made = await request.post('/dev/lesson', { data: { studentId: student.user.id, tutorId: tutor.user.id } });
  expect(made.status(), await made.text()).toBe(201);
  return ((await made.json()) as { lessonId: number }).lessonId;
}

/** Keeps every RTCPeerConnection the page makes, so the test can read getStats as a person's browser would. */
async function watchPeerConnections(context: BrowserContext) {
  await context.addInitScript(() => {
    const Original = window.RTCPeerConnection;
    const all: RTCPeerConnection[] = [];
    (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections = all;
    window.RTCPeerConnection = class extends Original {
      constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
        super(...args);
        all.push(this);
      }
    } as typeof RTCPeerConnection;
  });
}

interface Media {
  width: number;
  height: number;
  bytes: number;
  connections: number;
}

/** The remote video's size and the bytes received by the newest peer connection. */
async function remoteMedia(page: Page): Promise<Media> {
  return page.evaluate(async () => {
    const video = document.querySelector<HTMLVideoElement>('[data-testid="remote-video"]');
    const all = (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections ?? [];
    const newest = all.at(-1);
    let bytes = 0;
    if (newest && newest.connectionState !== 'closed')
      for (const report of (await newest.getStats()).values())
        if (report.type === 'inbound-rtp') bytes += (report as { bytesReceived?: number }).bytesReceived ?? 0;
    return { width: video?.videoWidth ?? 0, height: video?.videoHeight ?? 0, bytes, connections: all.length };
  });
}

async function expectVideoFlowing(page: Page, atLeastConnections = 1) {
  await expect
    .poll(
      async () => {
        const media = await remoteMedia(page);
        return media.width > 0 && media.height > 0 && media.connections >= atLeastConnections && media.bytes > 0;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  // Still flowing: more bytes a moment later.
  const before = (await remoteMedia(page)).bytes;
  await expect.poll(async () => (await remoteMedia(page)).bytes, { timeout: 15_000 }).toBeGreaterThan(before);
}

/** The app's own log export (spec §2), attached to the report: what each browser went through. */
async function attachClientLog(page: Page, name: string, testInfo: TestInfo) {
  try {
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'تصدير السجل' }).first().click({ timeout: 5000 });
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 5000 }),
      page.getByRole('button', { name: 'تنزيل ملف السجل' }).click({ timeout: 5000 }),
    ]);
    const path = testInfo.outputPath(`${name}-client-log.txt`);
    await download.saveAs(path);
    await testInfo.attach(`${name} client log`, { path, contentType: 'text/plain' });
  } catch (error) {
    await testInfo.attach(`${name} client log`, { body: `not exported: ${String(error)}` });
  }
}

async function join(page: Page, lessonId: number) {
  await page.goto(`/session?lessonId=${lessonId}`);
  await expect(page.getByRole('heading', { name: 'جاهز للانضمام؟' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('combobox', { name: 'الكاميرا' })).toBeVisible();
  await page.getByRole('button', { name: 'انضم إلى الدرس' }).click();
  await expect(page.getByRole('region', { name: 'مكالمة الدرس' })).toBeVisible({ timeout: 20_000 });
}

test('a student and a tutor see and hear each other, chat, toggle the microphone, and recover from a drop', async ({
  browser,
  page,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const student = await registerPerson(request, 'student');
  const tutor = await registerPerson(request, 'tutor');
  const lessonId = await lessonNow(request, student, tutor);
  const permissions = ['camera', 'microphone'];
  const studentContext = await signedInContext(browser, page, student, { permissions });
  const tutorContext = await signedInContext(browser, page, tutor, { permissions });
  await watchPeerConnections(studentContext);
  await watchPeerConnections(tutorContext);
  const s = await studentContext.newPage();
  const t = await tutorContext.newPage();

  let finished = false;
  try {
    await journey(s, t, studentContext, lessonId, testInfo);
    finished = true;
  } finally {
    if (!finished) {
      await attachClientLog(s, 'student', testInfo);
      await attachClientLog(t, 'tutor', testInfo);
    }
    await studentContext.close();
    await tutorContext.close();
  }
});

async function journey(s: Page, t: Page, studentContext: BrowserContext, lessonId: number, testInfo: TestInfo) {
  // The student comes first and waits for the tutor.
  await join(s, lessonId);
  await expect(s.getByText('في انتظار المعلّم')).toBeVisible();
  await screenshot(s, testInfo, 'live-01-student-waits-for-tutor');

  await join(t, lessonId);
  await test.step('both see the other video', async () => {
    await expectVideoFlowing(s);
    await expectVideoFlowing(t);
  });
  await screenshot(s, testInfo, 'live-02-student-in-call');
  await screenshot(t, testInfo, 'live-03-tutor-in-call');

  // The lesson's chat, inside the session.
  const studentChat = s.getByRole('complementary', { name: 'محادثة الدرس' });
  const tutorChat = t.getByRole('complementary', { name: 'محادثة الدرس' });
  await studentChat.getByLabel('اكتب رسالتك').fill('Can you hear me well?');
  await studentChat.getByLabel('اكتب رسالتك').press('Enter');
  await expect(tutorChat.getByText('Can you hear me well?')).toBeVisible();
  await tutorChat.getByLabel('اكتب رسالتك').fill('Yes, loud and clear');
  await tutorChat.getByLabel('اكتب رسالتك').press('Enter');
  await expect(studentChat.getByText('Yes, loud and clear')).toBeVisible();

  // The tutor mutes the microphone: the student sees it, and sees it come back.
  await t.getByRole('button', { name: 'اكتم الميكروفون' }).click();
  await expect(s.getByTestId('peer-mic-off')).toHaveText('الميكروفون مكتوم');
  await screenshot(s, testInfo, 'live-04-student-sees-tutor-muted');
  await t.getByRole('button', { name: 'شغّل الميكروفون' }).click();
  await expect(s.getByTestId('peer-mic-off')).toBeHidden();

  // The student's network drops: the connection is shown lost, then the call comes back by itself.
  const connectionsBefore = (await remoteMedia(s)).connections;
  await studentContext.setOffline(true);
  await expect(s.getByText('انقطع الاتصال', { exact: true })).toBeVisible({ timeout: 15_000 });
  await screenshot(s, testInfo, 'live-05-student-offline');
  await studentContext.setOffline(false);
  await expect(s.getByText('انقطع الاتصال', { exact: true })).toBeHidden({ timeout: 30_000 });
  await test.step('the call recovers on both sides', async () => {
    await expectVideoFlowing(s, connectionsBefore + 1);
    await expectVideoFlowing(t);
  });
  await screenshot(s, testInfo, 'live-06-student-recovered');

  // Leaving asks first and says so.
  await s.getByRole('button', { name: 'غادر الدرس' }).click();
  await s.getByRole('dialog', { name: 'مغادرة الدرس؟' }).getByRole('button', { name: 'غادر الدرس' }).click();
  await expect(s.getByRole('heading', { name: 'غادرت الدرس' })).toBeVisible();
  await expect(t.getByText(/غادر .* الجلسة/)).toBeVisible({ timeout: 15_000 });
}
