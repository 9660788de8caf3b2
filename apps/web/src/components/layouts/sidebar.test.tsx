import { Role } from '@darsak/domain/users';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { homePathFor } from '../../lib/roles.ts';
import { makeTutorMeta, makeUser, renderApp, stubApi } from '../../testing/test-utils.tsx';
import { sidebarEntriesFor } from './sidebar-entries.ts';

afterEach(() => {
  authStore.reset();
  vi.unstubAllGlobals();
});

const keys = (role: (typeof Role)[keyof typeof Role], activated = true) =>
  sidebarEntriesFor(role, makeTutorMeta({ activated })).map((entry) => entry.key);

describe('sidebar entries by role', () => {
  it('gives students tutors, lessons schedule and subscriptions, not earnings', () => {
    expect(keys(Role.student)).toEqual([
      'dashboard',
      'tutors',
      'lessons',
      'lessons-schedule',
      'chat',
      'subscriptions',
      'settings',
      'profile',
    ]);
  });

  it('gives tutors their schedule, schedule management and earnings, and onboarding until activated', () => {
    expect(keys(Role.tutor, false)).toEqual([
      'dashboard',
      'onboarding',
      'lessons',
      'schedule',
      'schedule-management',
      'chat',
      'invoices',
      'settings',
      'profile',
    ]);
    expect(keys(Role.tutor, true)).not.toContain('onboarding');
    expect(keys(Role.tutorManager)).not.toContain('subscriptions');
  });

  it("opens a tutor manager's sidebar and home on their interviews, not on a tutor's dashboard", () => {
    expect(keys(Role.tutorManager)).toEqual([
      'interviews',
      'lessons',
      'schedule',
      'schedule-management',
      'chat',
      'invoices',
      'settings',
      'profile',
    ]);
    const hours = sidebarEntriesFor(Role.tutorManager).find((entry) => entry.key === 'schedule-management');
    expect(hours?.label).toBe('sidebar.interviewHours');
    expect(homePathFor(Role.tutorManager)).toBe('/interviews');
    expect(homePathFor(Role.tutor)).toBe('/t/dashboard');
  });

  it('renders the student sidebar with its entries and a logout button', async () => {
    const user = makeUser();
    stubApi({}, user);
    renderApp('/s/dashboard', { user });
    const [sidebar] = await screen.findAllByRole('navigation', { name: 'القائمة الجانبية' });
    if (!sidebar) throw new Error('no sidebar');
    const nav = within(sidebar);
    expect(nav.getByRole('link', { name: 'المعلّمون' }).getAttribute('href')).toBe('/tutors');
    expect(nav.getByRole('link', { name: 'الاشتراكات' })).toBeTruthy();
    expect(nav.queryByRole('link', { name: 'الأرباح' })).toBeNull();
    expect(nav.getByRole('button', { name: 'تسجيل الخروج' })).toBeTruthy();
    expect(nav.getByRole('link', { name: 'لوحة التحكم' }).getAttribute('aria-current')).toBe('page');
  });

  it('renders the tutor sidebar with earnings (الأرباح)', async () => {
    const user = makeUser({ role: Role.tutor, name: 'محمد علي' });
    stubApi({}, user, makeTutorMeta({ activated: true }));
    renderApp('/t/dashboard', { user, meta: makeTutorMeta({ activated: true }) });
    const [sidebar] = await screen.findAllByRole('navigation', { name: 'القائمة الجانبية' });
    if (!sidebar) throw new Error('no sidebar');
    const nav = within(sidebar);
    expect(nav.getByRole('link', { name: 'الأرباح' }).getAttribute('href')).toBe('/invoices');
    expect(nav.getByRole('link', { name: 'إدارة المواعيد' })).toBeTruthy();
    expect(nav.queryByRole('link', { name: 'المعلّمون' })).toBeNull();
  });
});
