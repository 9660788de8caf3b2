import { createFakeRealtimeServer } from '@darsak/client';
import type { InstanceStats } from '@darsak/domain/server-stats';
import { Role } from '@darsak/domain/users';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { renderAdmin, staffUser } from '../../testing/render-admin.tsx';
import { stubApi } from '../../testing/stub-api.ts';
import { setServerStatsSocketFactory } from './hooks/use-server-stats.ts';

// the first screen of a file loads its lazy route cold
configure({ asyncUtilTimeout: 5000 });

const admin = staffUser(Role.admin);

const sample = (overrides: Partial<InstanceStats> = {}): InstanceStats => ({
  instanceId: 'api-1:4242',
  startedAt: '2026-11-26T08:00:00.000Z',
  at: '2026-11-26T10:00:00.000Z',
  intervalSeconds: 5,
  requestsPerSecond: 12.5,
  p95Ms: 18,
  errors4xx: 3,
  errors5xx: 0,
  eventLoopDelayMs: { mean: 10.2, p99: 21 },
  memory: { rssBytes: 180 * 1024 * 1024, heapUsedBytes: 70 * 1024 * 1024, heapTotalBytes: 90 * 1024 * 1024 },
  cpuPercent: 14,
  sockets: 37,
  databasePool: null,
  queues: [{ name: 'lesson.start', ready: 2, deferred: 40, active: 1 }],
  ...overrides,
});

function openPage(samples: InstanceStats[], status = 200) {
  const realtime = createFakeRealtimeServer();
  setServerStatsSocketFactory(realtime.factory);
  const calls = stubApi(admin, {
    'GET /api/v1/server-stats': () =>
      status === 200 ? { body: { intervalSeconds: 5, samples } } : { status, body: { code: 'unexpected' } },
  });
  renderAdmin('/server-stats', admin);
  return { realtime, calls };
}

afterEach(() => {
  authStore.reset();
  vi.unstubAllGlobals();
});

describe('admin /server-stats', { timeout: 20_000 }, () => {
  it("draws the snapshot's instance, follows the channel, and adds an instance that reports live", async () => {
    const { realtime } = openPage([sample({ at: '2026-11-26T09:59:55.000Z' }), sample()]);
    const card = (await screen.findByRole('heading', { name: 'النسخة api-1:4242' })).closest('section') as HTMLElement;
    expect(within(card).getByText('٣٧')).toBeTruthy();
    expect(within(card).getByText('لا ينطبق (PGlite المدمجة)')).toBeTruthy();
    expect(within(card).getByRole('figure', { name: 'الطلبات في الثانية' }).textContent).toContain(
      'الطلبات في الثانية: الآن ١٢٫٥',
    );
    expect(within(card).getByRole('figure', { name: 'الأخطاء في كل قراءة' }).textContent).toContain(
      'أخطاء الطلب (4xx): الآن ٣',
    );
    const queues = within(card).getByRole('table', { name: 'طوابير المهام' });
    expect(within(queues).getByRole('row', { name: /lesson.start/ }).textContent).toContain('٤٠');
    await waitFor(() =>
      expect(realtime.received).toContainEqual({ event: 'channel:subscribe', payload: { channel: 'server-stats' } }),
    );
    expect(await screen.findByText('مباشر')).toBeTruthy();

    act(() =>
      realtime.push(
        'server:stats',
        sample({
          instanceId: 'api-2:77',
          at: '2026-11-26T10:00:03.000Z',
          databasePool: { total: 10, idle: 7, waiting: 0 },
          queues: null,
        }),
      ),
    );
    const second = (await screen.findByRole('heading', { name: 'النسخة api-2:77' })).closest('section') as HTMLElement;
    expect(within(second).getByText('١٠ مفتوحة · ٧ خاملة · ٠ في الانتظار')).toBeTruthy();
    expect(within(second).getByText('تعذّرت قراءة الطوابير في آخر قراءة.')).toBeTruthy();
  });

  it('says when it is reconnecting, then reads the snapshot again', async () => {
    const { realtime, calls } = openPage([sample()]);
    await screen.findByRole('heading', { name: 'النسخة api-1:4242' });
    act(() => realtime.drop());
    expect(await screen.findByText('جارٍ إعادة الاتصال…')).toBeTruthy();
    const reads = calls.filter((c) => c.path === '/api/v1/server-stats').length;
    act(() => realtime.restore());
    expect(await screen.findByText('مباشر')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/v1/server-stats').length).toBe(reads + 1));
  });

  it('shows an empty state before the first reading', async () => {
    openPage([]);
    expect(await screen.findByRole('heading', { name: 'لا قراءات بعد' })).toBeTruthy();
  });

  it('shows a load error with a retry', async () => {
    openPage([], 500);
    expect(await screen.findByText('تعذّر تحميل أرقام الخادم.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'إعادة المحاولة' })).toBeTruthy();
  });
});
