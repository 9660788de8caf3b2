import { registerPerson, signedInContext } from './support/people.ts';
import { screenshot } from './support/screens.ts';
import { expect, test } from './support/test.ts';

/**
 * Chat (issue 5): a student starts a conversation with a tutor (/chat?with=, as the tutor's profile links), the
 * messages appear on both sides at once, the tutor's typing shows, and the student edits then deletes a message.
 */
test('a student and a tutor chat: new conversation, live messages, typing, edit and delete', async ({
  browser,
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const student = await registerPerson(request, 'student');
  const tutor = await registerPerson(request, 'tutor');
  const studentContext = await signedInContext(browser, page, student);
  const tutorContext = await signedInContext(browser, page, tutor);
  const s = await studentContext.newPage();
  const t = await tutorContext.newPage();

  await s.goto(`/chat?with=${tutor.user.id}`);
  // A tutor still onboarding has no public profile yet, so the heading may not carry the name.
  await expect(s.getByRole('heading', { name: /محادثة جديدة/ })).toBeVisible({ timeout: 20_000 });
  await s.getByLabel('اكتب رسالتك').fill('Hello teacher, can we practise travel words?');
  await s.getByLabel('اكتب رسالتك').press('Enter');
  await expect(s).toHaveURL(/\/chat\?room=\d+/);
  const studentThread = s.getByRole('list', { name: 'رسائل المحادثة' });
  await expect(studentThread.getByText('Hello teacher, can we practise travel words?')).toBeVisible();
  await screenshot(s, testInfo, 'chat-01-student-started');

  // The tutor's list shows the new room with its unread message; opening it shows the message.
  await t.goto('/chat');
  const rooms = t.getByRole('list', { name: 'قائمة المحادثات' });
  await expect(rooms.getByText('Hello teacher, can we practise travel words?')).toBeVisible({ timeout: 20_000 });
  await expect(rooms.getByText('رسالة واحدة غير مقروءة')).toBeAttached();
  await screenshot(t, testInfo, 'chat-02-tutor-list');
  await rooms.getByRole('link', { name: /سارة علي/ }).click();
  const tutorThread = t.getByRole('list', { name: 'رسائل المحادثة' });
  await expect(tutorThread.getByText('Hello teacher, can we practise travel words?')).toBeVisible();

  // Typing shows on the other side, then the reply arrives live.
  await t.getByLabel('اكتب رسالتك').pressSequentially('Of course', { delay: 30 });
  await expect(s.getByText('أحمد محمود يكتب الآن…')).toBeVisible();
  await screenshot(s, testInfo, 'chat-03-student-sees-typing');
  await t.getByLabel('اكتب رسالتك').press('Enter');
  await expect(studentThread.getByText('Of course')).toBeVisible();
  await expect(s.getByText('أحمد محمود يكتب الآن…')).toBeHidden();

  // The student sends, then edits a message: both sides see the new text.
  await s.getByLabel('اكتب رسالتك').fill('I goed to Alexandria last week');
  await s.getByLabel('اكتب رسالتك').press('Enter');
  await expect(tutorThread.getByText('I goed to Alexandria last week')).toBeVisible();
  const mine = studentThread.getByRole('listitem').filter({ hasText: 'I goed to Alexandria last week' });
  await mine.getByRole('button', { name: 'خيارات الرسالة' }).click();
  await mine.getByRole('button', { name: 'تعديل' }).click();
  await s.getByLabel('اكتب رسالتك').fill('I went to Alexandria last week');
  await s.getByLabel('اكتب رسالتك').press('Enter');
  const edited = tutorThread.getByRole('listitem').filter({ hasText: 'I went to Alexandria last week' });
  await expect(edited).toBeVisible();
  await expect(edited.getByText('معدّلة')).toBeVisible();
  await screenshot(t, testInfo, 'chat-04-tutor-sees-edit');

  // Deleting asks first; the message keeps its place, emptied, on both sides.
  const fixed = studentThread.getByRole('listitem').filter({ hasText: 'I went to Alexandria last week' });
  await fixed.getByRole('button', { name: 'خيارات الرسالة' }).click();
  await fixed.getByRole('button', { name: 'حذف' }).click();
  const confirm = s.getByRole('dialog', { name: 'حذف الرسالة؟' });
  await expect(confirm).toBeVisible();
  await screenshot(s, testInfo, 'chat-05-confirm-delete');
  await confirm.getByRole('button', { name: 'احذف الرسالة' }).click();
  await expect(tutorThread.getByText('تم حذف هذه الرسالة')).toBeVisible();
  await expect(tutorThread.getByText('I went to Alexandria last week')).toHaveCount(0);
  await expect(studentThread.getByText('تم حذف هذه الرسالة')).toBeVisible();
  await screenshot(t, testInfo, 'chat-06-tutor-sees-delete');

  await studentContext.close();
  await tutorContext.close();
});
