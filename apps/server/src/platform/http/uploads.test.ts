import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { type Actor, createActor } from '../../../test/harness/actors.ts';
import { multipartRequest, type UploadPart } from '../../../test/harness/multipart.ts';
import { introVideoPart } from '../../../test/harness/video.ts';
import { createApplicant } from '../../../test/onboarding-fixtures.ts';

// Uploads refused from their first bytes, over a real socket: a browser sends its next upload on the same
// kept-alive connection, which must not be left holding the unread rest of the refused one.

let t: TestApp;
let origin: string;
let studio: Actor;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  studio = await createActor(t, 'studio');
});
afterAll(() => t.close());

/** Not a video: random bytes, large enough to stay mostly unread in the socket when the server refuses them. */
const notAVideo = (): UploadPart => ({ filename: 'intro.mov', contentType: 'video/quicktime', data: randomBytes(8e6) });

interface Route {
  method: 'POST' | 'PUT';
  path: string;
  token: string;
}

/** Sends a multipart upload through `agent` and resolves with the answer's status (a reset after it is no failure). */
function upload(agent: Agent, route: Route, part: UploadPart): Promise<number> {
  const { payload, headers } = multipartRequest({ video: part });
  return new Promise((resolve, reject) => {
    const sent = request(`${origin}${route.path}`, {
      method: route.method,
      agent,
      headers: { ...headers, 'content-length': payload.length, authorization: `Bearer ${route.token}` },
    });
    sent.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    sent.on('error', reject);
    sent.end(payload);
  });
}

describe('an upload refused before its body is read', () => {
  it('leaves the connection fit for the next upload (intro video, then a tutor video from the studio)', async () => {
    const applicant = await createApplicant(t);
    const routes: Route[] = [
      { method: 'POST', path: '/api/v1/intro-video/with/asset', token: applicant.token },
      { method: 'PUT', path: `/api/v1/user/asset/tutor?tutorId=${applicant.id}`, token: studio.token },
    ];
    for (const route of routes) {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      expect(await upload(agent, route, notAVideo())).toBe(415);
      expect([200, 201]).toContain(await upload(agent, route, introVideoPart(90)));
      agent.destroy();
    }
  }, 20_000);
});
