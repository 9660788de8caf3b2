import type { BrowserContext, Page, TestInfo } from '@playwright/test';
import {
  attachClientLog,
  callTimeline,
  expectVideoFlowing,
  FAKE_MEDIA_LAUNCH,
  join,
  lessonNow,
  remoteMedia,
  watchPeerConnections,
} from './support/live-session.ts';
import { type Person, registerPerson, signedInContext } from './support/people.ts';
import { screenshot } from './support/screens.ts';
import { expect, test } from './support/test.ts';

/**
 * A live lesson (issue 5): a student and a tutor, each in their own browser with a fake camera and microphone,
 * join a lesson whose window is open, see each other's video (the remote video has a size and getStats counts
 * bytes received), chat inside the session, see the other's microphone go off, and the call recovers after one
 * side's network drops.
 */

test.use({ launchOptions: FAKE_MEDIA_LAUNCH });

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
    await test.step('the call’s timeline has each side’s media, and the drop (the lesson’s minutes follow it)', async () => {
      const events = await callTimeline(request, lessonId);
      const kinds = (person: Person) => events.filter((e) => e.userId === person.user.id).map((e) => e.kind);
      expect(kinds(tutor)).toContain('media-up');
      const studentSide = kinds(student);
      const dropped = studentSide.indexOf('drop');
      expect(dropped, studentSide.join(' ')).toBeGreaterThan(studentSide.indexOf('media-up'));
      expect(studentSide.slice(dropped)).toEqual(expect.arrayContaining(['reconnect', 'media-up']));
    });
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
