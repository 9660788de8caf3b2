import { configure, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { makeLesson, makeTutorCard } from '../../testing/booking-fixtures.ts';
import { makeUser, renderApp, stubApi } from '../../testing/test-utils.tsx';

// Whole-app renders with lazy routes: give them time on a busy machine.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  authStore.reset();
  vi.unstubAllGlobals();
});

describe('booking realtime', () => {
  it('a lesson booked with the tutor shows up at once, with a notice', async () => {
    const tutor = makeUser({ id: 21, role: 3, name: 'ياسمين فؤاد' });
    const lesson = makeLesson();
    let booked = false;
    stubApi(
      {
        'GET /api/v1/lesson/list/': (_init, url) =>
          booked && url.searchParams.get('when') === 'upcoming'
            ? { body: { total: 1, list: [lesson] } }
            : { body: { total: 0, list: [] } },
        'GET /api/v1/lesson/calendar/link': () => ({ body: { url: 'u', webcalUrl: 'w' } }),
      },
      tutor,
    );
    const { realtime } = renderApp('/upcoming-lessons', { user: tutor });
    expect(await screen.findByRole('heading', { name: 'لا توجد دروس قادمة' })).toBeTruthy();
    await waitFor(() => expect(realtime.tokens.length).toBeGreaterThan(0));
    booked = true;
    realtime.push('lesson:booked', {
      lessonId: lesson.id,
      tutorId: 21,
      studentId: 7,
      startsAt: lesson.startsAt,
      durationMinutes: 30,
      status: 'pending',
    });
    expect(await screen.findByRole('link', { name: 'درس مع الطالب سارة أحمد' })).toBeTruthy();
    expect(await screen.findByText(/حجز طالب درسًا معك/)).toBeTruthy();
  });

  it('a student follows the tutors channel and the list is fetched again when it changes', async () => {
    const student = makeUser();
    let name = 'ياسمين فؤاد';
    stubApi(
      {
        'GET /api/v1/topic/list': () => ({ body: { total: 0, list: [] } }),
        'GET /api/v1/user/tutor/list/onboarded': () => ({ body: { total: 1, list: [makeTutorCard({ name })] } }),
      },
      student,
    );
    const { realtime } = renderApp('/tutors', { user: student });
    expect(await screen.findByRole('link', { name: 'ياسمين فؤاد' })).toBeTruthy();
    await waitFor(() =>
      expect(realtime.received).toContainEqual({ event: 'channel:subscribe', payload: { channel: 'tutors' } }),
    );
    name = 'ياسمين فؤاد علي';
    realtime.push('tutors:changed', { tutorId: 21 });
    expect(await screen.findByRole('link', { name: 'ياسمين فؤاد علي' })).toBeTruthy();
  });
});
