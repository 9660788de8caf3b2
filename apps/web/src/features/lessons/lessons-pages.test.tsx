import { ERROR_MESSAGES_AR } from '@darsak/domain/errors';
import { SessionStatus } from '@darsak/domain/sessions';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { cairoAt, makeFreeTimes, makeLesson, makeRating, makeSubscription } from '../../testing/booking-fixtures.ts';
import { makeUser, renderApp, stubApi } from '../../testing/test-utils.tsx';

// Whole-app renders with lazy routes: give them time on a busy machine.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  authStore.reset();
  vi.unstubAllGlobals();
});

const student = makeUser();
const tutor = makeUser({ id: 21, role: 3, name: 'ياسمين فؤاد' });

describe('/lesson/{id}', () => {
  it('cancels after a confirmation that states the window and the minutes coming back', async () => {
    let lesson = makeLesson();
    lesson = { ...lesson, joinOpensAt: new Date(Date.parse(lesson.startsAt) - 15 * 60_000).toISOString() };
    const { calls } = stubApi(
      {
        'GET /api/v1/lesson/501': () => ({ body: lesson }),
        'DELETE /api/v1/lesson/501': () => {
          lesson = { ...lesson, status: 'cancelledByStudent', cancelledAt: new Date().toISOString(), cancelledBy: 7 };
          return { body: lesson };
        },
      },
      student,
    );
    const user = userEvent.setup();
    renderApp('/lesson/501', { user: student });
    expect(await screen.findByRole('heading', { level: 1, name: 'درس مع ياسمين فؤاد' })).toBeTruthy();
    expect(screen.getByText(/يمكن إلغاء الدرس أو تغيير موعده حتى/)).toBeTruthy();
    expect(screen.getByText('يُفتح رابط الدخول قبل بداية الدرس بـ١٥ دقيقة.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'إلغاء الدرس' }));
    const dialog = await screen.findByRole('dialog', { name: 'إلغاء الدرس؟' });
    expect(within(dialog).getByText(/وتعود ٣٠ دقيقة إلى رصيدك/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'الإبقاء على الدرس' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'إلغاء الدرس' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'نعم، ألغِ الدرس' }));
    expect(await screen.findByText('ألغاه الطالب')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'إلغاء الدرس' })).toBeNull();
    expect(calls.filter((c) => c.method === 'DELETE' && c.path === '/api/v1/lesson/501')).toHaveLength(1);
  });

  it('shows a refusal inside the confirmation', async () => {
    stubApi(
      {
        'GET /api/v1/lesson/501': () => ({ body: makeLesson() }),
        'DELETE /api/v1/lesson/501': () => ({
          status: 422,
          body: { code: 'cancellation-window-passed', message: 'x' },
        }),
      },
      student,
    );
    const user = userEvent.setup();
    renderApp('/lesson/501', { user: student });
    await user.click(await screen.findByRole('button', { name: 'إلغاء الدرس' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'نعم، ألغِ الدرس' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      ERROR_MESSAGES_AR['cancellation-window-passed'],
    );
  });

  it('inside the cancellation window offers neither cancel nor move, and says why', async () => {
    const startsAt = new Date(Date.now() + 2 * 3_600_000).toISOString();
    stubApi(
      {
        'GET /api/v1/lesson/501': () => ({
          body: makeLesson({ startsAt, cancellableUntil: new Date(Date.now() - 3_600_000).toISOString() }),
        }),
      },
      student,
    );
    renderApp('/lesson/501', { user: student });
    expect(await screen.findByText(/انتهت مهلة الإلغاء وتغيير الموعد/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'إلغاء الدرس' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'تغيير الموعد' })).toBeNull();
  });

  it('offers the join link from when the server says the window opens', async () => {
    const startsAt = new Date(Date.now() + 20 * 60_000).toISOString();
    const joinOpensAt = new Date(Date.now() - 5 * 60_000).toISOString();
    stubApi({ 'GET /api/v1/lesson/501': () => ({ body: makeLesson({ startsAt, joinOpensAt }) }) }, tutor);
    renderApp('/lesson/501', { user: tutor });
    expect((await screen.findByRole('link', { name: 'ادخل الدرس' })).getAttribute('href')).toBe(
      '/session?lessonId=501',
    );
    // the tutor sees the student and the fee, and does not move lessons
    expect(screen.getByRole('heading', { level: 1, name: 'درس مع الطالب سارة أحمد' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'تغيير الموعد' })).toBeNull();
  });

  it.each([
    ['pending', SessionStatus.pending, 'محجوز', 'لم تنتهِ بعد'],
    ['fulfilled', SessionStatus.passed, 'تم', 'عُقدت'],
    ['fulfilled', SessionStatus.rejected, 'تم', 'ألغاها الطالب أو غاب عنها'],
    ['cancelledByStudent', SessionStatus.rejected, 'ألغاه الطالب', 'ألغاها الطالب أو غاب عنها'],
    ['cancelledByTutor', SessionStatus.canceledByTutor, 'ألغاه المعلّم', 'ألغاها المعلّم أو غاب عنها'],
    ['cancelledByAdmin', SessionStatus.canceledByAdmin, 'ألغته الإدارة', 'ألغتها الإدارة'],
  ] as const)(
    'a %s lesson whose session is %i says who ended it and what became of its session',
    async (status, sessionStatus, shown, session) => {
      const cancelled = status.startsWith('cancelled');
      const lesson = makeLesson({
        status,
        sessionStatus,
        cancelledAt: cancelled ? new Date().toISOString() : null,
        cancelledBy: cancelled ? 1 : null,
      });
      stubApi({ 'GET /api/v1/lesson/501': () => ({ body: lesson }) }, student);
      renderApp('/lesson/501', { user: student });
      expect(await screen.findByText(shown)).toBeTruthy();
      const term = screen.getByText('الجلسة المباشرة');
      expect(term.nextElementSibling?.textContent).toBe(session);
    },
  );

  it('names a woman student as الطالبة to her tutor, on the lesson and in its cancel dialog', async () => {
    const mona = { id: 7, name: 'منى علي', image: null, gender: 'female' as const };
    stubApi({ 'GET /api/v1/lesson/501': () => ({ body: makeLesson({ student: mona }) }) }, tutor);
    renderApp('/lesson/501', { user: tutor });
    expect(await screen.findByRole('heading', { level: 1, name: 'درس مع الطالبة منى علي' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'إلغاء الدرس' }));
    expect(await screen.findByText(/ونُبلغ الطالبة بالإلغاء وتعود إليها دقائقها/)).toBeTruthy();
  });

  it('moves a lesson through the booking dialog and opens the new one', async () => {
    const lesson = makeLesson();
    const moved = makeLesson({ id: 502, startsAt: cairoAt(1, 11), rebookedFrom: 501 });
    const { calls } = stubApi(
      {
        'GET /api/v1/lesson/501': () => ({ body: lesson }),
        'GET /api/v1/lesson/502': () => ({ body: moved }),
        'GET /api/v1/sub/user': () => ({ body: makeSubscription({ remainingWeeklyMinutes: 90 }) }),
        'GET /api/v1/availability-slot/free': (_init, url) => {
          // As the server answers for a move: the moved lesson's 30 minutes are given back in the week.
          const week = { startsAt: cairoAt(-1, 6), endsAt: cairoAt(5, 6), remainingMinutes: 120 };
          const length = url.searchParams.get('durationMinutes') === '15' ? 15 : 30;
          return { body: makeFreeTimes(length, [cairoAt(1, 11)], week) };
        },
        'PATCH /api/v1/lesson/': () => ({ body: moved }),
      },
      student,
    );
    const user = userEvent.setup();
    const { router } = renderApp('/lesson/501', { user: student });
    await user.click(await screen.findByRole('button', { name: 'تغيير الموعد' }));
    const dialog = await screen.findByRole('dialog', { name: 'تغيير موعد درسك مع ياسمين فؤاد' });
    // the same minutes as the dashboard (the subscription's 90), not the week with the moved lesson given back
    expect(await within(dialog).findByText(/متبقٍ لك ٩٠ دقيقة/)).toBeTruthy();
    const day = within(dialog)
      .getAllByRole('radio')
      .find((r) => !(r as HTMLInputElement).disabled);
    await user.click(day as HTMLElement);
    await user.click(within(dialog).getByRole('button', { name: 'التالي' }));
    // the current length is chosen already
    expect((within(dialog).getByRole('radio', { name: /٣٠ دقيقة/ }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'التالي' }));
    await user.click(within(dialog).getByRole('radio', { name: '١١:٠٠ ص' }));
    await user.click(within(dialog).getByRole('button', { name: 'التالي' }));
    // moving a 30-minute lesson to another 30 minutes leaves the week as it was
    expect(within(dialog).getByText('دقائقك المتبقية الآن').nextSibling?.textContent).toBe('٩٠ دقيقة');
    expect(within(dialog).getByText('المتبقي بعد الحجز').nextSibling?.textContent).toBe('٩٠ دقيقة');
    await user.click(within(dialog).getByRole('button', { name: 'تأكيد الموعد الجديد' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lesson/502'));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      id: 501,
      startsAt: cairoAt(1, 11),
      durationMinutes: 30,
    });
    expect(calls.some((c) => c.path === '/api/v1/availability-slot/free' && c.method === 'GET')).toBe(true);
  });

  it('shows the minutes the call measured, and the minutes a drop gave back, to the student and to the tutor', async () => {
    const held = makeLesson({ status: 'fulfilled', startsAt: cairoAt(-1, 10), chargedMinutes: 26, paidMinutes: 26 });
    stubApi(
      {
        'GET /api/v1/lesson/501': () => ({ body: held }),
        'GET /api/v1/rating/list/rater/7': () => ({ body: { total: 0, list: [] } }),
      },
      student,
    );
    const { unmount } = renderApp('/lesson/501', { user: student });
    const alert = (await screen.findByText('انقطع الاتصال أثناء الدرس')).closest('[role="status"]') as HTMLElement;
    expect(alert.textContent).toContain('عادت ٤ دقائق إلى رصيدك.');
    expect(screen.getByText('الدقائق المحتسبة').nextElementSibling?.textContent).toBe('٢٦ دقيقة من ٣٠ دقيقة');
    unmount();
    authStore.reset();

    stubApi({ 'GET /api/v1/lesson/501': () => ({ body: held }) }, tutor);
    renderApp('/lesson/501', { user: tutor });
    const told = (await screen.findByText('انقطع الاتصال أثناء الدرس')).closest('[role="status"]') as HTMLElement;
    expect(told.textContent).toContain('تُدفع لك أرباح الوقت الذي اتصلتما فيه: ٢٦ دقيقة من ٣٠ دقيقة.');
  });

  it('tells the tutor he is paid in full when only the student’s side dropped', async () => {
    const held = makeLesson({ status: 'fulfilled', startsAt: cairoAt(-1, 10), chargedMinutes: 26, paidMinutes: 30 });
    stubApi({ 'GET /api/v1/lesson/501': () => ({ body: held }) }, tutor);
    renderApp('/lesson/501', { user: tutor });
    const told = (await screen.findByText('انقطع الاتصال أثناء الدرس')).closest('[role="status"]') as HTMLElement;
    expect(told.textContent).toContain('انقطع الاتصال من جهة الطالب وحده، فتُدفع لك أرباح الدرس كاملة.');
  });

  it('shows no drop notice for a lesson held in full', async () => {
    stubApi(
      {
        'GET /api/v1/lesson/501': () => ({
          body: makeLesson({ status: 'fulfilled', startsAt: cairoAt(-1, 10), chargedMinutes: 30 }),
        }),
        'GET /api/v1/rating/list/rater/7': () => ({ body: { total: 0, list: [] } }),
      },
      student,
    );
    renderApp('/lesson/501', { user: student });
    expect(await screen.findByText('الدقائق المحتسبة')).toBeTruthy();
    expect(screen.queryByText('انقطع الاتصال أثناء الدرس')).toBeNull();
  });

  it('rates the tutor after a fulfilled lesson and edits when a rating exists', async () => {
    const existing = makeRating({ id: 61, value: 3, text: 'جيد' });
    let rated = false;
    const { calls } = stubApi(
      {
        'GET /api/v1/lesson/501': () => ({ body: makeLesson({ status: 'fulfilled', startsAt: cairoAt(-1, 10) }) }),
        'GET /api/v1/rating/list/rater/7': () => ({ body: { total: rated ? 1 : 0, list: rated ? [existing] : [] } }),
        'POST /api/v1/rating/': () => {
          rated = true; // rated this tutor from another lesson meanwhile
          return { status: 409, body: { code: 'rating-exists', message: 'x' } };
        },
        'PUT /api/v1/rating/61': () => ({ body: { ...existing, value: 5, text: 'ممتازة جدًا' } }),
      },
      student,
    );
    const user = userEvent.setup();
    renderApp('/lesson/501', { user: student });
    await user.click(await screen.findByRole('button', { name: 'قيّم المعلّم' }));
    const dialog = await screen.findByRole('dialog', { name: 'قيّم درسك' });
    await user.click(within(dialog).getByRole('radio', { name: /ممتاز/ }));
    await user.type(within(dialog).getByLabelText('رأيك في الدرس'), 'ممتازة جدًا');
    await user.click(within(dialog).getByRole('button', { name: 'إرسال التقييم' }));
    // rating-exists: the dialog turns into editing that rating
    expect(await within(dialog).findByText(ERROR_MESSAGES_AR['rating-exists'])).toBeTruthy();
    expect(await screen.findByRole('dialog', { name: 'عدّل تقييمك' })).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: /ممتاز/ }));
    const text = within(dialog).getByLabelText('رأيك في الدرس');
    await user.clear(text);
    await user.type(text, 'ممتازة جدًا');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ التعديل' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ value: 5, text: 'ممتازة جدًا' });
    // The button no longer offers to rate: it edits the rating now there is one.
    expect(await screen.findByRole('button', { name: 'عدّل تقييمك' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'قيّم المعلّم' })).toBeNull();
  });

  it('deletes the rating only after confirming, by keyboard, then offers to rate again', async () => {
    let list = [makeRating({ id: 61, value: 3, text: 'جيد' })];
    const { calls } = stubApi(
      {
        'GET /api/v1/lesson/501': () => ({ body: makeLesson({ status: 'fulfilled', startsAt: cairoAt(-1, 10) }) }),
        'GET /api/v1/rating/list/rater/7': () => ({ body: { total: list.length, list } }),
        'DELETE /api/v1/rating/61': () => {
          list = [];
          return { body: { ok: true } };
        },
      },
      student,
    );
    const user = userEvent.setup();
    renderApp('/lesson/501', { user: student });
    const remove = await screen.findByRole('button', { name: 'حذف تقييمي' });

    // "keep it" changes nothing
    remove.focus();
    await user.keyboard('{Enter}');
    let dialog = await screen.findByRole('dialog', { name: 'حذف تقييمك؟' });
    expect(dialog.textContent).toContain('ياسمين فؤاد');
    await user.click(within(dialog).getByRole('button', { name: 'تراجع' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'حذف تقييمي' }));
    dialog = await screen.findByRole('dialog', { name: 'حذف تقييمك؟' });
    await user.click(within(dialog).getByRole('button', { name: 'نعم، احذفه' }));
    expect(await screen.findByText('حُذف تقييمك')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/v1/rating/61']);
    expect(await screen.findByRole('button', { name: 'قيّم المعلّم' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'حذف تقييمي' })).toBeNull();
  });

  it('says why a rating could not be deleted', async () => {
    stubApi(
      {
        'GET /api/v1/lesson/501': () => ({ body: makeLesson({ status: 'fulfilled', startsAt: cairoAt(-1, 10) }) }),
        'GET /api/v1/rating/list/rater/7': () => ({ body: { total: 1, list: [makeRating({ id: 61 })] } }),
        'DELETE /api/v1/rating/61': () => ({ status: 404, body: { code: 'rating-not-found', message: '' } }),
      },
      student,
    );
    const user = userEvent.setup();
    renderApp('/lesson/501', { user: student });
    await user.click(await screen.findByRole('button', { name: 'حذف تقييمي' }));
    await user.click(await screen.findByRole('button', { name: 'نعم، احذفه' }));
    expect(await screen.findByText('تعذّر حذف تقييمك')).toBeTruthy();
    expect(screen.getByText(ERROR_MESSAGES_AR['rating-not-found'])).toBeTruthy();
  });
});

describe('/upcoming-lessons', () => {
  it('lists upcoming and past lessons and offers the calendar link with copying', async () => {
    stubApi(
      {
        'GET /api/v1/lesson/list/': (_init, url) =>
          url.searchParams.get('when') === 'past'
            ? { body: { total: 1, list: [makeLesson({ id: 400, status: 'fulfilled', startsAt: cairoAt(-2, 9) })] } }
            : { body: { total: 1, list: [makeLesson()] } },
        'GET /api/v1/lesson/calendar/link': () => ({
          body: { url: 'http://localhost/api/v1/lesson/calendar/7-abc.ics', webcalUrl: 'webcal://localhost/x.ics' },
        }),
      },
      student,
    );
    const user = userEvent.setup(); // puts its own clipboard in place
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    renderApp('/upcoming-lessons', { user: student });
    const link = await screen.findByRole('link', { name: 'درس مع ياسمين فؤاد' });
    expect(link.getAttribute('href')).toBe('/lesson/501');
    expect(screen.getByText('محجوز')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'السابقة والملغاة' }));
    expect(await screen.findByText('تم')).toBeTruthy();

    expect((screen.getByLabelText('رابط التقويم (ICS)') as HTMLInputElement).value).toContain('.ics');
    await user.click(screen.getByRole('button', { name: 'نسخ الرابط' }));
    expect(writeText).toHaveBeenCalledWith('http://localhost/api/v1/lesson/calendar/7-abc.ics');
    expect(screen.getByRole('link', { name: 'فتح في التقويم' }).getAttribute('href')).toBe('webcal://localhost/x.ics');
    expect(screen.getByText('الإضافة إلى تقويم جوجل')).toBeTruthy();
    expect(screen.getByText('الإضافة إلى أوتلوك')).toBeTruthy();
  });

  it('says so when there are none, with a way to find a tutor', async () => {
    stubApi(
      {
        'GET /api/v1/lesson/list/': () => ({ body: { total: 0, list: [] } }),
        'GET /api/v1/lesson/calendar/link': () => ({ body: { url: 'u', webcalUrl: 'w' } }),
      },
      student,
    );
    renderApp('/upcoming-lessons', { user: student });
    expect(await screen.findByRole('heading', { name: 'لا توجد دروس قادمة' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'ابحث عن معلّم' })[0]?.getAttribute('href')).toBe('/tutors');
  });
});

describe('/lessons-schedule', () => {
  it("shows the week's booked lessons by day and moves between weeks", async () => {
    const nextWeek = makeLesson({ id: 503, startsAt: cairoAt(7, 18) });
    stubApi(
      {
        'GET /api/v1/lesson/list/': (_init, url) =>
          url.searchParams.get('when') === 'past'
            ? { body: { total: 0, list: [] } }
            : { body: { total: 2, list: [makeLesson({ startsAt: cairoAt(0, 23, 45) }), nextWeek] } },
      },
      tutor,
    );
    const user = userEvent.setup();
    renderApp('/lessons-schedule', { user: tutor });
    expect(await screen.findByText('درس واحد محجوز، ٣٠ دقيقة')).toBeTruthy();
    expect(screen.getByText('سارة أحمد')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'الأسبوع التالي' }));
    expect(await screen.findByText('درس واحد محجوز، ٣٠ دقيقة')).toBeTruthy();
    expect(screen.getByRole('link', { name: /سارة أحمد/ }).getAttribute('href')).toBe('/lesson/503');
    await user.click(screen.getByRole('button', { name: 'الأسبوع التالي' }));
    expect(await screen.findByText('لا دروس محجوزة، ٠ دقيقة')).toBeTruthy();
  });

  it('shows a tutor their teaching hours on each day of the week, from their weekly schedule', async () => {
    const everyDay = Array.from({ length: 7 }, (_, weekday) => ({
      id: weekday + 1,
      weekday,
      startMinute: 600,
      endMinute: 720,
    }));
    stubApi(
      {
        'GET /api/v1/lesson/list/': () => ({ body: { total: 0, list: [] } }),
        'GET /api/v1/availability-slot/': () => ({ body: { total: 7, list: everyDay.slice(1), lessonLengths: [30] } }),
      },
      tutor,
    );
    renderApp('/lessons-schedule', { user: tutor });
    const days = await screen.findAllByRole('list', { name: 'أوقاتك المتاحة للتدريس' });
    expect(days).toHaveLength(6); // Sunday's hours were left out
    for (const day of days) expect(within(day).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('لا أوقات متاحة')).toBeTruthy();
  });
});
