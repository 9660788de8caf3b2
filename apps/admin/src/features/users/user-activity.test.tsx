import type { StaffChatRoom } from '@darsak/domain/chat';
import type { LessonView } from '@darsak/domain/lessons';
import type { RatingView } from '@darsak/domain/ratings';
import { SessionStatus } from '@darsak/domain/sessions';
import { Role, type RoleId, type UserAccount } from '@darsak/domain/users';
import { LOCALE_STORAGE_KEY } from '@darsak/ui/i18n';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { renderAdmin, staffUser } from '../../testing/render-admin.tsx';
import { type Handlers, stubApi } from '../../testing/stub-api.ts';

// Issue 12: a person's page gathers the facts a dispute is settled from (ratings, chats, each lesson's room).

configure({ asyncUtilTimeout: 5000 });

const admin = staffUser(Role.admin);
const person = (role: RoleId, id: number, name: string): UserAccount => ({
  ...staffUser(role),
  id,
  name,
  emailVerified: true,
  disabledAt: null,
  subscribed: false,
});
const student = person(Role.student, 7, 'كريم حسن');
const tutor = person(Role.tutor, 9, 'أحمد محمود');
const empty = () => ({ body: { total: 0, list: [] } });
const pageOf = (list: unknown[]) => () => ({ body: { total: list.length, list } });
const rating: RatingView = {
  id: 31,
  raterId: 7,
  rateeId: 9,
  lessonId: 42,
  lessonStartsAt: '2026-03-05T09:00:00.000Z',
  value: 2,
  text: 'تأخر المعلم عشر دقائق.',
  rater: { id: 7, name: 'كريم حسن', image: null },
  ratee: { id: 9, name: 'أحمد محمود', image: null },
  createdAt: '2026-03-05T10:00:00.000Z',
  updatedAt: '2026-03-05T10:00:00.000Z',
};

const lessonChat: StaffChatRoom = {
  id: 5,
  type: 'lesson',
  name: null,
  lessonId: 42,
  members: [
    { id: 7, name: 'كريم حسن', image: null, role: Role.student, gender: null },
    { id: 9, name: 'أحمد محمود', image: null, role: Role.tutor, gender: null },
  ],
  messageCount: 3,
  lastMessageAt: '2026-03-05T09:10:00.000Z',
  createdAt: '2026-03-05T08:50:00.000Z',
};

const lesson: LessonView = {
  id: 42,
  status: 'fulfilled',
  sessionStatus: SessionStatus.passed,
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
  tutorJoinedAt: '2026-03-05T09:02:00.000Z',
  chargedMinutes: 30,
  paidMinutes: 30,
  createdAt: '2026-03-01T10:00:00.000Z',
};

/** The person's page with every other section answering empty. */
function openPage(account: UserAccount, handlers: Handlers) {
  const calls = stubApi(admin, {
    [`GET /api/v1/user/${account.id}/account`]: () => ({ body: account }),
    'GET /api/v1/lesson/list/': empty,
    'GET /api/v1/sub/list': empty,
    'GET /api/v1/tx/list': empty,
    'GET /api/v1/audit-log/list': empty,
    'GET /api/v1/rating/list/rater/7': empty,
    'GET /api/v1/rating/list/ratee/9': empty,
    [`GET /api/v1/chat/staff/rooms/${account.id}`]: empty,
    ...handlers,
  });
  renderAdmin(`/user/${account.id}`, admin);
  return calls;
}

afterEach(() => {
  authStore.reset();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('admin /user/{id}: ratings, chats and lesson rooms', { timeout: 20_000 }, () => {
  it("lists a student's ratings with the lesson, the tutor, the stars and the comment; retries after a failure", async () => {
    let fail = true;
    openPage(student, {
      'GET /api/v1/rating/list/rater/7': () =>
        fail ? { status: 500, body: { code: 'unexpected' } } : pageOf([rating])(),
    });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'التقييمات التي كتبها' })).toBeTruthy();
    expect(await screen.findByText('تعذّر تحميل التقييمات.')).toBeTruthy();
    fail = false;
    const section = screen.getByRole('heading', { name: 'التقييمات التي كتبها' }).closest('section');
    if (!section) throw new Error('the ratings card is a section');
    await user.click(within(section).getByRole('button', { name: 'إعادة المحاولة' }));
    const table = await screen.findByRole('table', { name: 'التقييمات التي كتبها' });
    const [lessonLink, tutorLink] = within(table).getAllByRole('link');
    expect(lessonLink?.getAttribute('href')).toBe('/lesson/42');
    expect(tutorLink?.textContent).toBe('أحمد محمود');
    expect(tutorLink?.getAttribute('href')).toBe('/user/9');
    expect(within(table).getByText('٢ من ٥')).toBeTruthy();
    expect(within(table).getByText('تأخر المعلم عشر دقائق.')).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'معلّم' })).toBeTruthy();
  });

  it('says when a tutor has received no ratings, and asks for the ratings they received (not gave)', async () => {
    const calls = openPage(tutor, { 'GET /api/v1/rating/list/ratee/9': empty });
    expect(await screen.findByRole('heading', { name: 'التقييمات التي تلقّاها' })).toBeTruthy();
    expect(await screen.findByText('لم يتلقَّ أي تقييم بعد.')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/v1/rating/list/rater/9')).toBe(false);
  });

  it('lists the chats the person is in: with whom, the lesson, how many messages and when; never the messages', async () => {
    const calls = openPage(student, { 'GET /api/v1/chat/staff/rooms/7': pageOf([lessonChat]) });
    const table = await screen.findByRole('table', { name: 'المحادثات' });
    expect(within(table).getByRole('link', { name: 'أحمد محمود' }).getAttribute('href')).toBe('/user/9');
    expect(within(table).queryByRole('link', { name: 'كريم حسن' })).toBeNull();
    expect(within(table).getByRole('link', { name: 'درس #٤٢' }).getAttribute('href')).toBe('/lesson/42');
    expect(within(table).getByRole('cell', { name: '٣' })).toBeTruthy();
    expect(screen.getByText('يرى الفريق أطراف كل محادثة وعدد رسائلها، لا نصّ الرسائل.')).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith('/api/v1/chat/')).map((c) => c.path)).toEqual([
      '/api/v1/chat/staff/rooms/7',
    ]);
  });

  it('says when the person is in no chat, and offers a retry when the chats fail to load', async () => {
    let fail = true;
    openPage(tutor, {
      'GET /api/v1/chat/staff/rooms/9': () => (fail ? { status: 500, body: { code: 'unexpected' } } : empty()),
    });
    const user = userEvent.setup();
    expect(await screen.findByText('تعذّر تحميل المحادثات.')).toBeTruthy();
    fail = false;
    const section = screen.getByRole('heading', { name: 'المحادثات' }).closest('section');
    if (!section) throw new Error('the chats card is a section');
    await user.click(within(section).getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByText('لا محادثات.')).toBeTruthy();
  });

  it("opens each of the person's lessons on its page, where the room's joins, drops and time present are", async () => {
    openPage(tutor, { 'GET /api/v1/lesson/list/': pageOf([lesson]) });
    const table = await screen.findByRole('table', { name: 'الدروس' });
    expect(within(table).getByRole('link', { name: '٤٢' }).getAttribute('href')).toBe('/lesson/42');
    expect(within(table).getByRole('link', { name: 'كريم حسن' }).getAttribute('href')).toBe('/user/7');
  });

  it('reads in English too', async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'en');
    openPage(student, {
      'GET /api/v1/rating/list/rater/7': pageOf([rating]),
      'GET /api/v1/chat/staff/rooms/7': pageOf([lessonChat]),
    });
    const ratings = await screen.findByRole('table', { name: 'Ratings given' });
    expect(within(ratings).getByText('2 of 5')).toBeTruthy();
    const chats = await screen.findByRole('table', { name: 'Chats' });
    expect(within(chats).getByRole('link', { name: 'Lesson #42' }).getAttribute('href')).toBe('/lesson/42');
  });
});
