import { ERROR_MESSAGES_AR } from '@darsak/domain/errors';
import { QueryClient } from '@tanstack/react-query';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../app/provider.tsx';
import { authStore } from '../../lib/auth-store.ts';
import { makeLesson } from '../../testing/booking-fixtures.ts';
import { makeSubscription } from '../../testing/payments-factories.ts';
import { fakeToken, makeUser, stubApi } from '../../testing/test-utils.tsx';
import { PauseSubscriptionDialog } from './components/pause-subscription-dialog.tsx';

configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  authStore.reset();
  vi.unstubAllGlobals();
});

const DAY_MS = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();
const student = makeUser();
const subscription = makeSubscription({ startsAt: inDays(-7), endsAt: inDays(21) });
// one lesson she may still cancel, one past its cancellation window (it stays booked)
const cancellable = makeLesson({ id: 61, startsAt: inDays(3) });
const tooLate = makeLesson({ id: 62, startsAt: inDays(0.1), cancellableUntil: inDays(-0.1) });

function renderDialog() {
  authStore.signIn({ token: fakeToken(student.id), user: student, meta: null });
  const element = <PauseSubscriptionDialog subscription={subscription} />;
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;

describe('pausing the subscription', { timeout: 20_000 }, () => {
  it('shows what a pause does for the weeks she picks, and cancels only the lessons that still can be', async () => {
    const previews: Array<Record<string, unknown>> = [];
    let paused: Record<string, unknown> | undefined;
    stubApi(
      {
        'POST /api/v1/sub/pause/preview': (init) => {
          const asked = bodyOf(init);
          previews.push(asked);
          const weeks = Number(asked.weeks);
          return {
            body: {
              startsAt: inDays(0),
              endsAt: inDays(7 * weeks),
              subscriptionEndsAt: inDays(21 + 7 * weeks),
              lessons: [tooLate, cancellable],
            },
          };
        },
        'POST /api/v1/sub/pause': (init) => {
          paused = bodyOf(init);
          return {
            status: 201,
            body: {
              subscription: { ...subscription, endsAt: inDays(35) },
              cancelledLessonIds: [61],
              keptLessonIds: [],
            },
          };
        },
      },
      student,
    );
    const user = userEvent.setup();
    renderDialog();
    await user.click(screen.getByRole('button', { name: 'إيقاف الاشتراك مؤقتًا' }));
    const dialog = await screen.findByRole('dialog', { name: 'إيقاف الاشتراك مؤقتًا؟' });
    expect(await within(dialog).findByTestId('pause-summary')).toBeTruthy();
    expect(previews.at(-1)).toMatchObject({ weeks: 1 });
    const lessons = within(dialog).getAllByTestId('pause-lesson');
    expect(lessons).toHaveLength(2);
    expect(lessons[0]?.textContent).toContain('فات موعد إلغائه فيبقى محجوزًا');
    expect(lessons[1]?.textContent).not.toContain('فات موعد إلغائه');

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'مدة الإيقاف' }), '2');
    await waitFor(() => expect(previews.at(-1)).toMatchObject({ weeks: 2 }));
    await user.click(within(dialog).getByRole('button', { name: 'تأكيد الإيقاف' }));
    await waitFor(() => expect(paused).toBeDefined());
    expect(paused).toMatchObject({ weeks: 2, cancelLessonIds: [61] });
    expect(await screen.findByText('أوقفنا اشتراكك مؤقتًا.')).toBeTruthy();
  });

  it('keeps her lessons when she unticks the choice', async () => {
    let paused: Record<string, unknown> | undefined;
    stubApi(
      {
        'POST /api/v1/sub/pause/preview': () => ({
          body: { startsAt: inDays(0), endsAt: inDays(7), subscriptionEndsAt: inDays(28), lessons: [cancellable] },
        }),
        'POST /api/v1/sub/pause': (init) => {
          paused = bodyOf(init);
          return { status: 201, body: { subscription, cancelledLessonIds: [], keptLessonIds: [] } };
        },
      },
      student,
    );
    const user = userEvent.setup();
    renderDialog();
    await user.click(screen.getByRole('button', { name: 'إيقاف الاشتراك مؤقتًا' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'ألغِ هذه الدروس وأعد دقائقها إليّ' }));
    await user.click(within(dialog).getByRole('button', { name: 'تأكيد الإيقاف' }));
    await waitFor(() => expect(paused).toMatchObject({ weeks: 1, cancelLessonIds: [] }));
  });

  it('says in Arabic why a pause cannot be taken, and offers no confirmation', async () => {
    stubApi(
      {
        'POST /api/v1/sub/pause/preview': () => ({
          status: 409,
          body: { code: 'pause-taken', message: 'pause taken' },
        }),
      },
      student,
    );
    const user = userEvent.setup();
    renderDialog();
    await user.click(screen.getByRole('button', { name: 'إيقاف الاشتراك مؤقتًا' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(ERROR_MESSAGES_AR['pause-taken'])).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'تأكيد الإيقاف' }).hasAttribute('disabled')).toBe(true);
  });
});
