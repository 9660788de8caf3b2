import type { LessonRecord, LessonView } from '@darsak/domain/lessons';
import { SessionStatus } from '@darsak/domain/sessions';
import { Role } from '@darsak/domain/users';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { renderAdmin, staffUser } from '../../testing/render-admin.tsx';
import { stubApi } from '../../testing/stub-api.ts';

configure({ asyncUtilTimeout: 5000 });

const admin = staffUser(Role.admin);
const lesson: LessonView = {
  id: 42,
  status: 'pending',
  sessionStatus: SessionStatus.pending,
  startsAt: '2026-03-05T09:00:00.000Z',
  endsAt: '2026-03-05T09:30:00.000Z',
  durationMinutes: 30,
  pricePiastres: 7500,
  student: { id: 7, name: 'كريم حسن', image: null, gender: null },
  tutor: { id: 9, name: 'أحمد محمود', image: null, gender: null },
  rebookedFrom: null,
  cancellableUntil: '2026-03-04T09:00:00.000Z',
  joinOpensAt: '2026-03-05T08:50:00.000Z',
  noShowAt: '2026-03-05T09:05:00.000Z',
  cancelledAt: null,
  cancelledBy: null,
  cancelReason: null,
  tutorJoinedAt: null,
  chargedMinutes: null,
  paidMinutes: null,
  createdAt: '2026-03-01T10:00:00.000Z',
};
const record: LessonRecord = {
  lesson,
  cancelledByRole: null,
  cancelledByName: null,
  studentJoinedAt: null,
  endedAt: null,
  cancellable: true,
  events: [],
  presence: [],
  quality: [],
};

afterEach(() => {
  authStore.reset();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('admin /lessons and /lesson/{id}', { timeout: 20_000 }, () => {
  it('filters on the server by name, status, days and the person in the address, and links each lesson', async () => {
    const calls = stubApi(admin, { 'GET /api/v1/lesson/staff/list': () => ({ body: { total: 1, list: [lesson] } }) });
    const user = userEvent.setup();
    renderAdmin('/lessons?tutorId=9', admin);
    const table = await screen.findByRole('table', { name: 'الدروس' });
    expect(within(table).getByRole('link', { name: '٤٢' }).getAttribute('href')).toBe('/lesson/42');
    expect(within(table).getByText('محجوز')).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'الجلسة المباشرة' })).toBeTruthy();
    expect(within(table).getByText('لم تنتهِ بعد')).toBeTruthy();
    expect(screen.getByText('دروس معلّم رقم ٩ فقط')).toBeTruthy();
    await user.type(screen.getByLabelText(/^بحث/), 'كريم');
    await user.selectOptions(screen.getByLabelText(/^الحالة/), 'fulfilled');
    await user.type(screen.getByLabelText(/^من يوم/), '2026-03-01');
    await waitFor(() => {
      const last = calls.filter((c) => c.path === '/api/v1/lesson/staff/list').at(-1);
      expect(Object.fromEntries(last?.query ?? [])).toEqual({
        q: 'كريم',
        status: 'fulfilled',
        from: '2026-03-01',
        sort: 'latest',
        tutorId: '9',
        page: '1',
        size: '10',
      });
    });
  });

  it('shows the empty and the error states', async () => {
    stubApi(admin, { 'GET /api/v1/lesson/staff/list': () => ({ body: { total: 0, list: [] } }) });
    renderAdmin('/lessons', admin);
    expect(await screen.findByText('لا توجد دروس.')).toBeTruthy();
    vi.unstubAllGlobals();
    stubApi(admin, { 'GET /api/v1/lesson/42/record': () => ({ status: 404, body: { code: 'lesson-not-found' } }) });
    renderAdmin('/lesson/42', admin);
    expect(await screen.findByRole('alert')).toBeTruthy();
  });

  it('reads the room timeline: who joined, dropped and came back, the time each was present, the minutes counted', async () => {
    const held: LessonRecord = {
      ...record,
      lesson: {
        ...lesson,
        status: 'fulfilled',
        tutorJoinedAt: '2026-03-05T09:00:00.000Z',
        chargedMinutes: 28,
        paidMinutes: 30,
      },
      cancellable: false,
      events: [
        { userId: 9, kind: 'join', at: '2026-03-05T09:00:00.000Z' },
        { userId: 7, kind: 'join', at: '2026-03-05T09:05:00.000Z' },
        { userId: 7, kind: 'drop', at: '2026-03-05T09:10:00.000Z' },
        { userId: 7, kind: 'reconnect', at: '2026-03-05T09:12:00.000Z' },
        { userId: 7, kind: 'media-up', at: '2026-03-05T09:12:03.000Z' },
      ],
      presence: [
        { userId: 9, presentSeconds: 1800, firstJoinedAt: '2026-03-05T09:00:00.000Z', lastLeftAt: null, drops: 0 },
        {
          userId: 7,
          presentSeconds: 1380,
          firstJoinedAt: '2026-03-05T09:05:00.000Z',
          lastLeftAt: '2026-03-05T09:30:00.000Z',
          drops: 1,
        },
      ],
      quality: [
        {
          userId: 7,
          seconds: 1380,
          path: { candidateType: 'relay', protocol: 'udp', relayProtocol: 'tcp' },
          relayed: true,
          rttMs: 180,
          lossPercent: 2.5,
          receiveKbps: 420,
          freezes: 3,
          audioOnlySeconds: 95,
          iceFailures: 1,
        },
      ],
    };
    stubApi(admin, { 'GET /api/v1/lesson/42/record': () => ({ body: held }) });
    renderAdmin('/lesson/42', admin);
    expect(await screen.findByRole('heading', { level: 1, name: 'الدرس رقم ٤٢' })).toBeTruthy();
    expect(screen.getByText('لا يمكن إلغاء درس انتهى أو أُلغي من قبل.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'إلغاء الدرس' })).toBeNull();
    const presence = screen.getByRole('table', { name: 'مدة حضور كل شخص' });
    const studentRow = within(presence).getByText('كريم حسن (طالب)').closest('tr');
    if (!studentRow) throw new Error('no row');
    expect(within(studentRow).getByText('23:00')).toBeTruthy();
    const timeline = screen.getByRole('table', { name: 'ما جرى في غرفة الدرس' });
    expect(within(timeline).getByText('انقطع اتصاله')).toBeTruthy();
    expect(within(timeline).getByText('عاد بعد الانقطاع')).toBeTruthy();
    expect(within(timeline).getByText('اتصل الصوت والصورة')).toBeTruthy();
    expect(screen.getByText('الدقائق المحتسبة').nextElementSibling?.textContent).toBe('٢٨ دقيقة');
    expect(screen.getByText('الدقائق المدفوعة للمعلّم').nextElementSibling?.textContent).toBe('٣٠ دقيقة');
    // how the student's call went, from her browser's reports: relayed over TCP, slow, lossy
    const quality = screen.getByRole('table', { name: 'جودة الاتصال كما قاسها متصفح كل شخص' });
    const reported = within(quality).getByText('كريم حسن (طالب)').closest('tr');
    if (!reported) throw new Error('no row');
    expect([...reported.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      'كريم حسن (طالب)',
      'عبر خادم الترحيل (TCP)',
      '١٨٠ م.ث',
      '٢٫٥٪\u061c',
      '٤٢٠ ك.ب/ث',
      '٣',
      '1:35',
      '١',
    ]);
  });

  it('cancels only after a confirmation with a reason, then shows who cancelled', async () => {
    let current = record;
    const calls = stubApi(admin, {
      'GET /api/v1/lesson/42/record': () => ({ body: current }),
      'POST /api/v1/lesson/42/staff-cancel': () => {
        current = {
          ...record,
          lesson: {
            ...lesson,
            status: 'cancelledByAdmin',
            sessionStatus: SessionStatus.canceledByAdmin,
            cancelledAt: '2026-03-04T08:00:00.000Z',
            cancelledBy: 1,
          },
          cancelledByRole: 'admin',
          cancelledByName: admin.name,
          cancellable: false,
        };
        return { body: current };
      },
    });
    const user = userEvent.setup();
    renderAdmin('/lesson/42', admin);
    await user.click(await screen.findByRole('button', { name: 'إلغاء الدرس' }));
    const dialog = await screen.findByRole('dialog', { name: 'إلغاء الدرس رقم ٤٢؟' });
    await user.click(within(dialog).getByRole('button', { name: 'ألغِ الدرس' }));
    expect(await within(dialog).findByText('اكتب السبب في ٣ إلى ٥٠٠ حرف.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/staff-cancel'))).toBe(false);

    await user.type(within(dialog).getByLabelText(/^السبب/), 'المعلّم مريض');
    await user.click(within(dialog).getByRole('button', { name: 'ألغِ الدرس' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.path.endsWith('/staff-cancel'))?.body).toEqual({ reason: 'المعلّم مريض' });
    expect(await screen.findByText(`الإدارة: ${admin.name}`)).toBeTruthy();
    expect(screen.getByText('ألغته الإدارة')).toBeTruthy();
    expect(screen.getByText('ألغتها الإدارة')).toBeTruthy();
  });
});
