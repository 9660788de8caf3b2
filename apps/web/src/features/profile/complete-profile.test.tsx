import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { makeTutorMeta, makeUser, renderApp, stubApi } from '../../testing/test-utils.tsx';

afterEach(() => {
  authStore.reset();
  vi.unstubAllGlobals();
});

const topics = {
  total: 2,
  list: [
    { id: 1, nameAr: 'المحادثة', nameEn: 'Conversation' },
    { id: 2, nameAr: 'القواعد', nameEn: 'Grammar' },
  ],
};

describe('complete profile', () => {
  it('goes through main info, about and topics, then says once that the profile is complete', async () => {
    const student = makeUser({ profileCompleted: false, governorate: null, birthYear: null });
    const { calls } = stubApi(
      {
        'PUT /api/v1/user/7': () => ({ body: student }),
        'GET /api/v1/student/7': () => ({ status: 404, body: { code: 'student-not-found', message: 'x' } }),
        'POST /api/v1/student/': () => ({
          body: { userId: 7, name: student.name, image: null, englishLevel: 3, goal: null },
        }),
        'GET /api/v1/topic/list': () => ({ body: topics }),
        'GET /api/v1/topic/of/user': () => ({ body: { total: 0, list: [] } }),
        'PATCH /api/v1/topic/of/user': () => ({ body: { total: 1, list: [topics.list[0]] } }),
      },
      student,
    );
    const user = userEvent.setup();
    const { router } = renderApp('/complete-profile', { user: student });
    await user.selectOptions(await screen.findByLabelText(/^المحافظة/, {}, { timeout: 5000 }), '1');
    await user.type(screen.getByLabelText(/^سنة الميلاد/), '2001');
    await user.selectOptions(screen.getByLabelText(/^النوع/), 'female');
    await user.click(screen.getByRole('button', { name: 'حفظ والمتابعة' }));
    await user.selectOptions(await screen.findByLabelText(/^مستواك في الإنجليزية/), '3');
    await user.click(screen.getByRole('button', { name: 'حفظ والمتابعة' }));
    await user.click(await screen.findByRole('checkbox', { name: 'المحادثة' }));
    await user.click(screen.getByRole('button', { name: 'حفظ وإنهاء' }));

    const toasts = within(await screen.findByRole('region', { name: /^الإشعارات/ }));
    expect(await toasts.findByText('رائع! اكتمل ملفك الشخصي.')).toBeTruthy();
    expect(toasts.queryByText('تم حفظ موضوعاتك المفضّلة')).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/s/dashboard'));
    expect(calls.find((c) => c.method === 'PATCH' && c.path === '/api/v1/topic/of/user')?.body).toEqual({
      topicIds: [1],
    });
  });

  it('saves the first step only with what completion needs, so reopening moves past it', async () => {
    const student = makeUser({ profileCompleted: false, governorate: null, birthYear: null, gender: null });
    const { calls } = stubApi(
      {
        'GET /api/v1/student/7': () => ({ status: 404, body: { code: 'student-not-found', message: 'x' } }),
        'GET /api/v1/topic/list': () => ({ body: topics }),
        'GET /api/v1/topic/of/user': () => ({ body: { total: 0, list: [] } }),
      },
      student,
    );
    const user = userEvent.setup();
    renderApp('/complete-profile', { user: student });
    await user.click(await screen.findByRole('button', { name: 'حفظ والمتابعة' }, { timeout: 5000 }));
    for (const label of [/^المحافظة/, /^سنة الميلاد/, /^النوع/]) {
      const field = screen.getByLabelText(label);
      await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
      expect(field.getAttribute('aria-required')).toBe('true');
    }
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("reopens a tutor's stepper at the bio the server still misses, not past it on the meta kept with the session", async () => {
    const tutor = makeUser({ id: 21, role: 3, name: 'ياسمين فؤاد', profileCompleted: false });
    const { fetchMock } = stubApi(
      {
        'GET /api/v1/user/tutor/meta': () => ({ body: makeTutorMeta({ userId: 21, missingData: ['bio', 'topics'] }) }),
        'GET /api/v1/topic/list': () => ({ body: topics }),
        'GET /api/v1/topic/of/user': () => ({ body: { total: 0, list: [] } }),
      },
      tutor,
    );
    // As after a reload in a browser: the meta arrives after the topics, and the session kept none.
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/api/v1/user/tutor/meta')) await new Promise((r) => setTimeout(r, 2500));
      return fetchMock(input, init);
    });
    renderApp('/t/complete-profile', { user: tutor });
    expect(await screen.findByRole('heading', { name: 'نبذة عنك' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'الموضوعات المفضّلة' })).toBeNull();
  }, 20_000);

  it('resumes at the first step not done yet, with the back button inside the step’s card', async () => {
    const student = makeUser({ profileCompleted: false });
    stubApi(
      {
        'GET /api/v1/student/7': () => ({
          body: { userId: 7, name: student.name, image: null, englishLevel: 3, goal: null },
        }),
        'GET /api/v1/topic/list': () => ({ body: topics }),
        'GET /api/v1/topic/of/user': () => ({ body: { total: 0, list: [] } }),
      },
      student,
    );
    const user = userEvent.setup();
    renderApp('/complete-profile', { user: student });
    const card = (await screen.findByRole('heading', { name: 'الموضوعات المفضّلة' }, { timeout: 5000 })).closest(
      'section',
    );
    expect(await screen.findByRole('checkbox', { name: 'المحادثة' })).toBeTruthy();
    await user.click(within(card as HTMLElement).getByRole('button', { name: 'السابق' }));
    expect(await screen.findByLabelText(/^مستواك في الإنجليزية/)).toBeTruthy();
  });
});
