import { ERROR_MESSAGES_AR } from '@darsak/domain/errors';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { makeLesson } from '../../testing/booking-fixtures.ts';
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
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** A lesson that started six minutes ago; the tutor counts as absent from a minute ago. */
const missed = () =>
  makeLesson({ status: 'happening', startsAt: minutesAgo(6), noShowAt: minutesAgo(1), tutorJoinedAt: null });

describe('/lesson/{id}: the tutor did not attend', () => {
  it('lets the student end it after a confirmation, and shows the minutes back', async () => {
    let lesson = missed();
    const { calls } = stubApi(
      {
        'GET /api/v1/lesson/501': () => ({ body: lesson }),
        'POST /api/v1/lesson/501/tutor-did-not-attend': () => {
          lesson = { ...lesson, status: 'cancelledByTutor', cancelReason: 'tutorDidNotAttend' };
          return { body: lesson };
        },
      },
      student,
    );
    const user = userEvent.setup();
    renderApp('/lesson/501', { user: student });
    expect(await screen.findByText('لم يدخل المعلّم الدرس')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'إنهاء الدرس: المعلّم لم يحضر' }));
    const dialog = await screen.findByRole('dialog', { name: 'إنهاء الدرس لأن المعلّم لم يحضر؟' });
    expect(within(dialog).getByText(/وتعود ٣٠ دقيقة إلى رصيدك الأسبوعي فورًا/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'الاستمرار في الانتظار' }));
    expect(calls.some((c) => c.path.endsWith('/tutor-did-not-attend'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'إنهاء الدرس: المعلّم لم يحضر' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'نعم، أنهِ الدرس' }));
    expect(await screen.findByText('لم يحضر المعلّم، فأُلغي الدرس')).toBeTruthy();
    expect(screen.getAllByText('عادت ٣٠ دقيقة إلى رصيدك.').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'إنهاء الدرس: المعلّم لم يحضر' })).toBeNull();
    expect(
      calls.filter((c) => c.method === 'POST' && c.path === '/api/v1/lesson/501/tutor-did-not-attend'),
    ).toHaveLength(1);
  });

  it('shows a refusal inside the confirmation', async () => {
    stubApi(
      {
        'GET /api/v1/lesson/501': () => ({ body: missed() }),
        'POST /api/v1/lesson/501/tutor-did-not-attend': () => ({
          status: 422,
          body: { code: 'tutor-may-still-join', message: 'x' },
        }),
      },
      student,
    );
    const user = userEvent.setup();
    renderApp('/lesson/501', { user: student });
    await user.click(await screen.findByRole('button', { name: 'إنهاء الدرس: المعلّم لم يحضر' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'نعم، أنهِ الدرس' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(ERROR_MESSAGES_AR['tutor-may-still-join']);
  });

  it('is not offered before the no-show time, once the tutor joined, or to the tutor', async () => {
    const cases = [
      { who: student, lesson: { ...missed(), noShowAt: new Date(Date.now() + 60_000).toISOString() } },
      { who: student, lesson: { ...missed(), tutorJoinedAt: minutesAgo(5) } },
      { who: tutor, lesson: missed() },
    ];
    for (const { who, lesson } of cases) {
      stubApi({ 'GET /api/v1/lesson/501': () => ({ body: lesson }) }, who);
      const { unmount } = renderApp('/lesson/501', { user: who });
      expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'إنهاء الدرس: المعلّم لم يحضر' })).toBeNull();
      unmount();
      authStore.reset();
      vi.unstubAllGlobals();
    }
  });
});
