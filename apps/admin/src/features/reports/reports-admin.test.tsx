import { createFakeRealtimeServer } from '@darsak/client';
import type { Report } from '@darsak/domain/reports';
import { Role, type UserAccount } from '@darsak/domain/users';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { renderAdmin, staffUser } from '../../testing/render-admin.tsx';
import { stubApi } from '../../testing/stub-api.ts';
import { setReportsSocketFactory } from './hooks/use-reports.ts';

// the first screen of a file loads its lazy route cold
configure({ asyncUtilTimeout: 5000 });

const admin = staffUser(Role.admin);

const report = (overrides: Partial<Report> = {}): Report => ({
  id: 7,
  reporterId: 12,
  reporterName: 'سارة علي',
  title: 'الفيديو لا يعمل',
  description: 'لا تظهر صورة المعلم.',
  page: '/session?lessonId=3',
  status: 'open',
  note: null,
  screenshotUrl: '/assets/receipts/shot.webp',
  logUrl: '/assets/receipts/log.txt',
  resolvedAt: null,
  createdAt: '2026-11-25T10:00:00Z',
  updatedAt: '2026-11-25T10:00:00Z',
  ...overrides,
});

const LOG = [
  '# app: darsak-web',
  '# page: /session',
  '# entries: 2',
  '',
  '2026-11-25T09:59:00.000Z INFO  [socket] connected',
  '2026-11-25T09:59:30.000Z ERROR [webrtc] ice failed',
  '',
].join('\n');

/** The private files answer with their bytes (the JSON stub answers everything else). */
function stubFiles() {
  const api = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    String(input).includes('/assets/receipts/')
      ? Promise.resolve(new Response(String(input).endsWith('.txt') ? LOG : new Blob(['png'])))
      : api(input, init),
  );
  // jsdom has no object URLs; every test file runs with its own globals.
  URL.createObjectURL = () => 'blob:shot';
}

// The reports page follows its channel; a silent fake server stands in unless a test brings its own.
beforeEach(() => setReportsSocketFactory(createFakeRealtimeServer().factory));

afterEach(() => {
  authStore.reset();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('admin /reports and /report/{id}', { timeout: 20_000 }, () => {
  it('searches and filters on the server, and links each report and its reporter', async () => {
    const calls = stubApi(admin, { 'GET /api/v1/report/list': () => ({ body: { total: 1, list: [report()] } }) });
    const user = userEvent.setup();
    renderAdmin('/reports', admin);
    const table = await screen.findByRole('table', { name: 'كل البلاغات' });
    expect(within(table).getByRole('link', { name: '٧' }).getAttribute('href')).toBe('/report/7');
    expect(within(table).getByRole('link', { name: 'سارة علي' }).getAttribute('href')).toBe('/user/12');
    expect(within(table).getByText('مفتوح')).toBeTruthy();
    expect(within(table).getByText('صورة، سجل')).toBeTruthy();
    await user.type(screen.getByLabelText(/^بحث/), 'الفيديو');
    await user.selectOptions(screen.getByLabelText(/^الحالة/), 'in_progress');
    await waitFor(() => {
      const last = calls.filter((c) => c.path === '/api/v1/report/list').at(-1);
      expect(last?.query.get('q')).toBe('الفيديو');
      expect(last?.query.get('status')).toBe('in_progress');
    });
  });

  it('follows the reports channel: a report filed or moved shows at once and is announced', async () => {
    const realtime = createFakeRealtimeServer();
    setReportsSocketFactory(realtime.factory);
    realtime.handle('channel:subscribe', () => ({ ok: true, data: null }));
    let list: Report[] = [];
    stubApi(admin, { 'GET /api/v1/report/list': () => ({ body: { total: list.length, list } }) });
    renderAdmin('/reports', admin);
    expect(await screen.findByText('لا بلاغات بهذه الشروط.')).toBeTruthy();
    await waitFor(() =>
      expect(realtime.received).toContainEqual({ event: 'channel:subscribe', payload: { channel: 'reports' } }),
    );

    list = [report()];
    realtime.push('report:created', { reportId: 7, status: 'open', title: 'الفيديو لا يعمل' });
    const table = await screen.findByRole('table', { name: 'كل البلاغات' });
    expect(await within(table).findByText('الفيديو لا يعمل')).toBeTruthy();
    expect(screen.getByText('بلاغ جديد: الفيديو لا يعمل').getAttribute('role')).toBe('status');

    list = [report({ status: 'in_progress' })];
    realtime.push('report:updated', { reportId: 7, status: 'in_progress', title: 'الفيديو لا يعمل' });
    expect(await within(table).findByText('قيد المعالجة')).toBeTruthy();
    expect(screen.getByText('تغيّرت حالة البلاغ رقم ٧ إلى «قيد المعالجة»').getAttribute('role')).toBe('status');
  });

  it('shows the screenshot and the log, and resolves with a note after confirming', async () => {
    let current = report();
    const calls = stubApi(admin, {
      'GET /api/v1/report/7': () => ({ body: current }),
      'PUT /api/v1/report/7': (body) => {
        current = report({ ...(body as Partial<Report>), resolvedAt: '2026-11-25T11:00:00Z' });
        return { body: current };
      },
    });
    stubFiles();
    const user = userEvent.setup();
    renderAdmin('/report/7', admin);

    expect(await screen.findByRole('heading', { name: 'البلاغ رقم ٧' })).toBeTruthy();
    expect(screen.getByText('لا تظهر صورة المعلم.')).toBeTruthy();
    expect((await screen.findByRole('img', { name: 'صورة الشاشة التي أرسلها المُبلِّغ' })).getAttribute('src')).toBe(
      'blob:shot',
    );
    expect(await screen.findByText('ice failed')).toBeTruthy();
    expect(screen.getByText('darsak-web')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('المستوى'), 'problems');
    expect(screen.queryByText('connected')).toBeNull();
    expect(screen.getByText('ice failed')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('الحالة الجديدة'), 'resolved');
    await user.click(screen.getByRole('button', { name: 'حفظ الحالة' }));
    expect(screen.getByText('هذا الحقل مطلوب.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.type(screen.getByLabelText(/^ملاحظة للمُبلِّغ/), 'أصلحنا الاتصال.');
    await user.click(screen.getByRole('button', { name: 'حفظ الحالة' }));
    const dialog = await screen.findByRole('dialog', { name: 'حفظ حالة البلاغ؟' });
    expect(within(dialog).getByText(/سيُخبَر المُبلِّغ/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'حفظ الحالة' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ status: 'resolved', note: 'أصلحنا الاتصال.' }),
    );
    expect(await screen.findByText('حُفظت حالة البلاغ')).toBeTruthy();
    expect(screen.getAllByText('تم الحل').length).toBeGreaterThan(0);
  });

  it("lists a person's reports on /user/{id}, each opening its page", async () => {
    const account: UserAccount = {
      ...staffUser(Role.student),
      id: 12,
      name: 'سارة علي',
      emailVerified: true,
      disabledAt: null,
      subscribed: false,
    };
    const empty = () => ({ body: { total: 0, list: [] } });
    const calls = stubApi(admin, {
      'GET /api/v1/user/12/account': () => ({ body: account }),
      'GET /api/v1/report/list': () => ({ body: { total: 1, list: [report({ status: 'in_progress' })] } }),
      'GET /api/v1/lesson/list/': empty,
      'GET /api/v1/sub/list': empty,
      'GET /api/v1/tx/list': empty,
      'GET /api/v1/audit-log/list': empty,
      'GET /api/v1/rating/list/rater/12': empty,
      'GET /api/v1/chat/staff/rooms/12': empty,
    });
    renderAdmin('/user/12', admin);
    const table = await screen.findByRole('table', { name: 'البلاغات' });
    expect(within(table).getByRole('link', { name: '٧' }).getAttribute('href')).toBe('/report/7');
    expect(within(table).getByText('قيد المعالجة')).toBeTruthy();
    // The person's own reports only, without a reporter column.
    expect(within(table).queryByText('المُبلِّغ')).toBeNull();
    expect(calls.find((c) => c.path === '/api/v1/report/list')?.query.get('reporterId')).toBe('12');
  });
});
