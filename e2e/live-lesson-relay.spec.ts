import {
  attachClientLog,
  expectVideoFlowing,
  FAKE_MEDIA_LAUNCH,
  join,
  lessonNow,
  selectedCandidateType,
  watchPeerConnections,
} from './support/live-session.ts';
import { registerPerson, signedInContext } from './support/people.ts';
import { screenshot } from './support/screens.ts';
import { expect, test } from './support/test.ts';

/**
 * A live lesson through a real TURN relay (issue 5): both browsers may use relay candidates only, so the video
 * can flow only through the TURN server, with the time-limited credentials the server computes (coturn REST
 * scheme). Runs when the server under test offers TURN; skipped otherwise (CI without coturn). To run it:
 *
 *   apt-get install coturn
 *   turnserver -n --listening-ip=127.0.0.1 --relay-ip=127.0.0.1 --listening-port=3479 --use-auth-secret \
 *     --static-auth-secret=e2e-turn-secret --realm=darsak.test --no-tls --no-dtls --allow-loopback-peers --no-cli
 *   TURN_URLS='turn:127.0.0.1:3479?transport=udp' TURN_SECRET=e2e-turn-secret npm run e2e -- live-lesson-relay
 */

test.use({ launchOptions: FAKE_MEDIA_LAUNCH });

test('the call goes through the TURN relay when only relay candidates are allowed', async ({
  browser,
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const student = await registerPerson(request, 'student');
  const tutor = await registerPerson(request, 'tutor');
  const lessonId = await lessonNow(request, student, tutor);

  const answer = await request.get(`/api/v1/session/token?lessonId=${lessonId}`, {
    headers: { Authorization: `Bearer ${student.token}` },
  });
  expect(answer.status()).toBe(200);
  const { iceServers } = (await answer.json()) as { iceServers: Array<{ urls: string[]; username?: string }> };
  const turn = iceServers.find((server) => server.urls.some((url) => url.startsWith('turn')));
  test.skip(!turn, 'the server under test offers no TURN server (set TURN_URLS and TURN_SECRET to run this)');
  expect(turn?.username).toMatch(new RegExp(`^\\d+:${student.user.id}$`));

  const permissions = ['camera', 'microphone'];
  const studentContext = await signedInContext(browser, page, student, { permissions });
  const tutorContext = await signedInContext(browser, page, tutor, { permissions });
  await watchPeerConnections(studentContext, { relayOnly: true });
  await watchPeerConnections(tutorContext, { relayOnly: true });
  const s = await studentContext.newPage();
  const t = await tutorContext.newPage();
  let finished = false;
  try {
    await join(s, lessonId);
    await join(t, lessonId);
    await expectVideoFlowing(s);
    await expectVideoFlowing(t);
    expect(await selectedCandidateType(s)).toBe('relay');
    expect(await selectedCandidateType(t)).toBe('relay');
    await screenshot(s, testInfo, 'live-relay-01-student-in-call');
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
