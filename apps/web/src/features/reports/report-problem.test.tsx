import type { Report } from '@darsak/domain/reports';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { makeUser, renderApp, stubApi } from '../../testing/test-utils.tsx';

// jsdom draws nothing: the capture answers a canvas-like object and the covered picture a small PNG blob.
const covered = vi.fn(async (_canvas: unknown, _covers: unknown) => new Blob(['png'], { type: 'image/png' }));
vi.mock('./lib/screenshot.ts', async (original) => ({
  ...(await original<typeof import('./lib/screenshot.ts')>()),
  captureScreen: async () => ({ width: 390, height: 800, toDataURL: () => 'data:image/png;base64,iVBORw0KGgo=' }),
  coveredPng: (canvas: unknown, covers: unknown) => covered(canvas, covers),
}));

beforeEach(() => {
  const root = document.createElement('div');
  root.id = 'root';
  document.body.append(root);
});

afterEach(() => {
  authStore.reset();
  vi.unstubAllGlobals();
  document.getElementById('root')?.remove();
});

/** A signed-in student on /tutors with the report dialog open from the account menu; filing answers `filed`. */
async function openReportDialog(filed: object = { id: 32 }) {
  const student = makeUser();
  const { calls } = stubApi(
    {
      'GET /api/v1/user/tutor/list/onboarded': () => ({ body: { total: 0, list: [] } }),
      'POST /api/v1/report/with/asset': () => ({ status: 201, body: filed }),
    },
    student,
  );
  vi.stubGlobal('XMLHttpRequest', undefined);
  const user = userEvent.setup();
  renderApp('/tutors', { user: student });
  await user.click(await screen.findByRole('button', { name: /قائمة الحساب/ }, { timeout: 5000 }));
  await user.click(screen.getByRole('button', { name: 'الإبلاغ عن مشكلة' }));
  const dialog = await screen.findByRole('dialog', { name: 'الإبلاغ عن مشكلة' });
  return { calls, user, dialog };
}

describe('report a problem', () => {
  it('is refused without a title, then sends the fields first, the covered screenshot and the log', async () => {
    const { calls, user, dialog } = await openReportDialog({ id: 31, title: 'لا يعمل', status: 'open' });
    expect(within(dialog).getByRole('img', { name: /صورة الشاشة التي ستُرسل/ })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'إرسال البلاغ' }));
    expect(await within(dialog).findAllByText('هذا الحقل مطلوب.')).toHaveLength(2);
    expect(calls.some((c) => c.path === '/api/v1/report/with/asset')).toBe(false);

    await user.type(within(dialog).getByLabelText(/^العنوان/), 'لا يعمل');
    await user.type(within(dialog).getByLabelText(/^الوصف/), 'القائمة فارغة.');
    await user.click(within(dialog).getByRole('button', { name: 'إرسال البلاغ' }));
    expect(await screen.findByText('وصل بلاغك')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'الإبلاغ عن مشكلة' })).toBeNull());

    const sent = calls.find((c) => c.path === '/api/v1/report/with/asset')?.body;
    if (!(sent instanceof FormData)) throw new Error('the report was not sent as multipart');
    expect([...sent.keys()]).toEqual(['report', 'screenshot', 'log']);
    const fields = JSON.parse(await (sent.get('report') as Blob).text());
    expect(fields).toEqual({ title: 'لا يعمل', description: 'القائمة فارغة.', page: '/tutors' });
    expect(covered).toHaveBeenCalledWith(expect.anything(), []);
    expect(await (sent.get('log') as Blob).text()).toContain('# app: darsak-web');
  });

  it('adds, moves, resizes and removes covers by keyboard, says each change, and sends them', async () => {
    const { calls, user, dialog } = await openReportDialog({ id: 33 });
    await user.type(within(dialog).getByLabelText(/^العنوان/), 'رقمي ظاهر');
    await user.type(within(dialog).getByLabelText(/^الوصف/), 'أخفيت رقمي.');
    // What the status region says, without the Arabic letter marks Intl puts after each percent sign.
    const said = () =>
      within(dialog)
        .getByRole('status')
        .textContent?.replace(/\u061c/g, '');

    // From the screenshot's checkbox, the next stop is "add a cover"; the new cover takes the focus.
    within(dialog)
      .getByRole('checkbox', { name: /إرفاق صورة للشاشة/ })
      .focus();
    await user.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'إضافة غطاء' }));
    await user.keyboard('{Enter}');
    const first = within(dialog).getByRole('button', { name: 'غطاء ١' });
    expect(document.activeElement).toBe(first);
    expect(first.getAttribute('aria-describedby')).toBeTruthy();
    expect(said()).toBe('أُضيف غطاء ١: يبعد ٣٥٪ عن يسار الصورة و٤٠٪ عن أعلاها، وعرضه ٣٠٪ وارتفاعه ٢٠٪ منها.');

    await user.keyboard('{ArrowRight}{Shift>}{ArrowDown}{/Shift}');
    expect(first.style.left).toBe('36%');
    expect(first.style.top).toBe('50%');
    await user.keyboard('{Alt>}{ArrowRight}{/Alt}{Control>}{ArrowUp}{/Control}');
    expect(said()).toBe('غطاء ١: يبعد ٣٦٪ عن يسار الصورة و٥٠٪ عن أعلاها، وعرضه ٣١٪ وارتفاعه ١٩٪ منها.');

    // A second cover, removed with Delete: the focus goes back to the first.
    await user.click(within(dialog).getByRole('button', { name: 'إضافة غطاء' }));
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'غطاء ٢' }));
    await user.keyboard('{Delete}');
    expect(said()).toBe('أُزيل غطاء ٢.');
    expect(within(dialog).queryByRole('button', { name: 'غطاء ٢' })).toBeNull();
    expect(document.activeElement).toBe(first);
    const covers = within(dialog).getByRole('list', { name: 'الأجزاء المغطاة' });
    expect(
      within(covers)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['إزالة غطاء ١']);

    await user.click(within(dialog).getByRole('button', { name: 'إرسال البلاغ' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/v1/report/with/asset')).toBe(true));
    expect(covered).toHaveBeenLastCalledWith(expect.anything(), [{ x: 0.36, y: 0.5, width: 0.31, height: 0.19 }]);
  });

  it('picks a cover pressed on the picture, and removes one from the list, the focus staying on the list', async () => {
    const { user, dialog } = await openReportDialog();
    const add = within(dialog).getByRole('button', { name: 'إضافة غطاء' });
    await user.click(add);
    await user.click(add);
    // A press on a cover picks it (the newest had the focus).
    const first = within(dialog).getByRole('button', { name: 'غطاء ١' });
    fireEvent.pointerDown(first);
    expect(document.activeElement).toBe(first);
    await user.click(within(dialog).getByRole('button', { name: 'إزالة غطاء ١' }));
    // The second cover is now the first, and its remove button has the focus.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'إزالة غطاء ١' }));
    await user.keyboard('{Enter}');
    expect(within(dialog).queryByRole('button', { name: /^غطاء/ })).toBeNull();
    expect(document.activeElement).toBe(add);
    expect(within(dialog).getByRole('status').textContent).toBe('أُزيل غطاء ١.');
  });

  it('leaves out what the user unticks', async () => {
    const { calls, user, dialog } = await openReportDialog({ id: 32 });
    await user.type(within(dialog).getByLabelText(/^العنوان/), 'بطء');
    await user.type(within(dialog).getByLabelText(/^الوصف/), 'الصفحة بطيئة.');
    await user.click(within(dialog).getByRole('checkbox', { name: /إرفاق صورة للشاشة/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /إرفاق سجل التطبيق/ }));
    await user.click(within(dialog).getByRole('button', { name: 'إرسال البلاغ' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/v1/report/with/asset')).toBe(true));
    const sent = calls.find((c) => c.path === '/api/v1/report/with/asset')?.body as FormData;
    expect([...sent.keys()]).toEqual(['report']);
  });

  it('lists the user’s own reports and refreshes when staff move one', async () => {
    const student = makeUser();
    const mine: Report = {
      id: 31,
      reporterId: student.id,
      reporterName: student.name,
      title: 'لا يعمل',
      description: 'القائمة فارغة.',
      page: '/tutors',
      status: 'open',
      note: null,
      screenshotUrl: null,
      logUrl: null,
      resolvedAt: null,
      createdAt: '2026-11-25T10:00:00Z',
      updatedAt: '2026-11-25T10:00:00Z',
    };
    let current: Report = mine;
    stubApi({ 'GET /api/v1/report/list': () => ({ body: { total: 1, list: [current] } }) }, student);
    const { realtime } = renderApp('/reports', { user: student });
    const list = await screen.findByRole('list', { name: 'بلاغاتي' }, { timeout: 5000 });
    expect(within(list).getByText('لا يعمل')).toBeTruthy();
    expect(within(list).getByText('مفتوح')).toBeTruthy();

    current = { ...mine, status: 'resolved', note: 'أصلحناها.', resolvedAt: '2026-11-25T11:00:00Z' };
    realtime.push('report:updated', { reportId: 31, status: 'resolved', title: 'لا يعمل' });
    expect(await within(list).findByText('ردّ الفريق: أصلحناها.')).toBeTruthy();
    expect(within(list).getByText('تم الحل')).toBeTruthy();
  });
});
