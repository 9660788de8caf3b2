import { describe, expect, it } from 'vitest';
import { InterviewStatus } from './interviews.enums.ts';
import {
  DEMO_SESSION_STATUSES,
  INTERVIEW_STATUSES,
  isAppointmentCancelled,
  moveAppointment,
} from './interviews.machine.ts';
import { currentStep, isStepOpen, onboardingSteps } from './interviews.steps.ts';

const pending = InterviewStatus.pending;

describe('appointment machine (spec §4)', () => {
  it('lets the applicant cancel only before the start', () => {
    const before = { status: pending, actor: 'applicant', move: 'cancel', started: false } as const;
    expect(moveAppointment(INTERVIEW_STATUSES, before)).toEqual({
      ok: true,
      status: InterviewStatus.canceledByInterviewee,
    });
    expect(moveAppointment(INTERVIEW_STATUSES, { ...before, started: true })).toEqual({
      ok: false,
      refusal: 'forbidden',
    });
  });

  it('lets only the manager decide, and only after the start', () => {
    const decide = { status: pending, actor: 'manager', move: 'pass', started: true } as const;
    expect(moveAppointment(INTERVIEW_STATUSES, decide)).toEqual({ ok: true, status: InterviewStatus.passed });
    expect(moveAppointment(INTERVIEW_STATUSES, { ...decide, move: 'reject' })).toEqual({
      ok: true,
      status: InterviewStatus.rejected,
    });
    expect(moveAppointment(INTERVIEW_STATUSES, { ...decide, started: false })).toEqual({
      ok: false,
      refusal: 'appointment-not-started',
    });
    expect(moveAppointment(INTERVIEW_STATUSES, { ...decide, actor: 'applicant' })).toEqual({
      ok: false,
      refusal: 'forbidden',
    });
  });

  it('never moves a decided or cancelled appointment again', () => {
    for (const status of [2, 3, 4, 5]) {
      for (const move of ['cancel', 'pass', 'reject'] as const) {
        expect(moveAppointment(INTERVIEW_STATUSES, { status, actor: 'admin', move, started: true })).toEqual({
          ok: false,
          refusal: 'already-decided',
        });
      }
    }
  });

  it('tells who cancelled a demo session by its status', () => {
    const cancel = (actor: 'applicant' | 'manager' | 'admin') =>
      moveAppointment(DEMO_SESSION_STATUSES, { status: 1, actor, move: 'cancel', started: false });
    expect([cancel('applicant'), cancel('manager'), cancel('admin')]).toEqual([
      { ok: true, status: 5 },
      { ok: true, status: 4 },
      { ok: true, status: 6 },
    ]);
    expect([4, 5, 6].every((s) => isAppointmentCancelled(DEMO_SESSION_STATUSES, s))).toBe(true);
    expect(isAppointmentCancelled(DEMO_SESSION_STATUSES, 2)).toBe(false);
  });
});

describe('onboarding steps (DESIGN §4 order)', () => {
  const base = { profileComplete: true, activated: false, bypassOnboarding: false };
  const at = new Date('2026-01-10T10:00:00Z');

  it('opens each step only when the one before is done', () => {
    const steps = onboardingSteps({ ...base, profileComplete: false });
    expect(steps.map((s) => s.state)).toEqual(['todo', 'locked', 'locked', 'locked', 'locked', 'locked']);
    expect(currentStep(steps)?.step).toBe('profile');
    expect(isStepOpen(steps, 'introVideo')).toBe(false);
  });

  it('tells when a rejected applicant may reapply', () => {
    const steps = onboardingSteps({
      ...base,
      introVideo: { status: 'accepted', createdAt: at, reviewedAt: at },
      interview: { id: 7, status: InterviewStatus.rejected, startsAt: at, decidedAt: at },
    });
    expect(steps[2]).toMatchObject({ step: 'interview', state: 'rejected', reapplyAt: '2026-04-10T10:00:00.000Z' });
    expect(isStepOpen(steps, 'interview')).toBe(true);
    expect(isStepOpen(steps, 'demoSession')).toBe(false);
  });

  it('waits for the studio after the demo session, and is complete once activated', () => {
    const steps = onboardingSteps({
      ...base,
      introVideo: { status: 'accepted', createdAt: at, reviewedAt: at },
      interview: { id: 1, status: InterviewStatus.passed, startsAt: at, decidedAt: at },
      demoSession: { id: 2, status: 2, startsAt: at, decidedAt: at },
    });
    expect(currentStep(steps)).toMatchObject({ step: 'photoSession', state: 'waiting' });
    expect(currentStep(onboardingSteps({ ...base, activated: true }))).toBeUndefined();
  });
});
