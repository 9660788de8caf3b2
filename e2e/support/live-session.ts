import type { LessonRecord } from '@darsak/domain/lessons';
import { type APIRequestContext, type BrowserContext, expect, type Page, type TestInfo } from '@playwright/test';
import { type Person, signInApi } from './people.ts';

/** Chromium's fake devices, no permission prompt, and WebRTC over the loopback interface. */
export const FAKE_MEDIA_LAUNCH = {
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
};

/**
 * A lesson between the two starting now (or `startsInMinutes` from now: negative for one already going on).
 * Booking refuses starts inside the tutor's notice period (as it should),
 * so the local-mode endpoint writes one for browser journeys.
 */
export async function lessonNow(
  request: APIRequestContext,
  student: Person,
  tutor: Person,
  options: { startsInMinutes?: number } = {},
): Promise<number> {
  const made = await request.post('/dev/lesson', {
    data: { studentId: student.user.id, tutorId: tutor.user.id, ...options },
  });
  expect(made.status(), await made.text()).toBe(201);
  return ((await made.json()) as { lessonId: number }).lessonId;
}

/** Keeps every RTCPeerConnection the page makes, so the test can read getStats as a person's browser would. */
export async function watchPeerConnections(context: BrowserContext, options: { relayOnly?: boolean } = {}) {
  await context.addInitScript((relayOnly) => {
    const Original = window.RTCPeerConnection;
    const all: RTCPeerConnection[] = [];
    (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections = all;
    window.RTCPeerConnection = class extends Original {
      constructor(config?: RTCConfiguration) {
        // relayOnly: every path goes through the TURN server, as behind a strict firewall.
        super(relayOnly ? { ...config, iceTransportPolicy: 'relay' } : config);
        all.push(this);
      }
    } as typeof RTCPeerConnection;
  }, options.relayOnly ?? false);
}

export interface Media {
  width: number;
  height: number;
  bytes: number;
  connections: number;
}

/** The remote video's size and the bytes received by the newest peer connection. */
export async function remoteMedia(page: Page): Promise<Media> {
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

/** Bytes of `kind` the page's newest connection has received so far (audio flowing: it grows). */
export async function receivedBytes(page: Page, kind: 'audio' | 'video'): Promise<number> {
  return page.evaluate(async (kind) => {
    const newest = (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections?.at(-1);
    let bytes = 0;
    for (const report of (await newest?.getStats())?.values() ?? []) {
      const rtp = report as { type: string; kind?: string; bytesReceived?: number };
      if (rtp.type === 'inbound-rtp' && rtp.kind === kind) bytes += rtp.bytesReceived ?? 0;
    }
    return bytes;
  }, kind);
}

export async function expectVideoFlowing(page: Page, atLeastConnections = 1) {
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
export async function attachClientLog(page: Page, name: string, testInfo: TestInfo) {
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

/** What the room calls its meeting: a lesson, an interview or a demo session each in its own words. */
export const meetingOf = (owner: number | string) =>
  typeof owner === 'number'
    ? 'الدرس'
    : owner.startsWith('interviewId=')
      ? 'المقابلة'
      : owner.startsWith('demoSessionId=')
        ? 'الجلسة التجريبية'
        : 'الدرس';

/** Joins the call of a lesson (its id), or of an interview or demo session (`interviewId=…`, `demoSessionId=…`). */
export async function join(page: Page, owner: number | string) {
  const meeting = meetingOf(owner);
  await page.goto(`/session?${typeof owner === 'number' ? `lessonId=${owner}` : owner}`);
  await expect(page.getByRole('heading', { name: 'جاهز للانضمام؟' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('combobox', { name: 'الكاميرا' })).toBeVisible();
  await page.getByRole('button', { name: `انضم إلى ${meeting}` }).click();
  await expect(page.getByRole('region', { name: `مكالمة ${meeting}` })).toBeVisible({ timeout: 20_000 });
}

/**
 * The path the newest connection is using, from its local candidate: its kind ('host', 'srflx', 'relay'), and for
 * a relay, how this browser reaches the TURN server ('udp', 'tcp', 'tls').
 */
export async function selectedPath(page: Page): Promise<{ type: string; relayProtocol: string | null } | null> {
  return page.evaluate(async () => {
    const all = (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections ?? [];
    const newest = all.at(-1);
    if (!newest) return null;
    const reports = [...(await newest.getStats()).values()] as Array<Record<string, unknown>>;
    const transport = reports.find((r) => r.type === 'transport' && r.selectedCandidatePairId);
    const pair = reports.find((r) => r.id === transport?.selectedCandidatePairId);
    const local = reports.find((r) => r.id === pair?.localCandidateId);
    if (!local) return null;
    return { type: String(local.candidateType), relayProtocol: (local.relayProtocol as string | undefined) ?? null };
  });
}

/** The kind of the local candidate the newest connection is using ('host', 'srflx', 'relay'). */
export const selectedCandidateType = async (page: Page): Promise<string | null> =>
  (await selectedPath(page))?.type ?? null;

/** Milliseconds until the remote video shows and its bytes grow, polled every 100 ms (a figure, not a limit). */
export async function timeToMedia(page: Page, since: number, after = 0): Promise<number> {
  await expect
    .poll(
      async () => {
        const media = await remoteMedia(page);
        return media.width > 0 && media.bytes > after;
      },
      { timeout: 30_000, intervals: [100] },
    )
    .toBe(true);
  return Date.now() - since;
}

/** What the room recorded of a lesson's call, oldest first, as staff read it (the lesson's record). */
/** A lesson's record as staff read it (the admin's `GET /lesson/{id}/record`). */
async function staffRecord(request: APIRequestContext, lessonId: number): Promise<LessonRecord> {
  const admin = await signInApi(request, 'admin@darsak.test');
  const answer = await request.get(`/api/v1/lesson/${lessonId}/record`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()) as LessonRecord;
}

export async function callTimeline(
  request: APIRequestContext,
  lessonId: number,
): Promise<Array<{ userId: number; kind: LessonRecord['events'][number]['kind']; at: Date }>> {
  const { events } = await staffRecord(request, lessonId);
  return events.map((event) => ({ ...event, at: new Date(event.at) }));
}

/** What staff see of how each member's call went (their browsers' quality reports, summed up). */
export async function callQuality(request: APIRequestContext, lessonId: number): Promise<LessonRecord['quality']> {
  return (await staffRecord(request, lessonId)).quality;
}
