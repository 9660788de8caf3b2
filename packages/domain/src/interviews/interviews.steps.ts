import { z } from 'zod';
import { SessionStatus } from '../sessions/sessions.enums.ts';
import { InterviewStatus } from './interviews.enums.ts';
import { introVideoReapplyAt, nextInterviewAllowedAt } from './interviews.rules.ts';

/** The onboarding order of DESIGN §4; each step opens only when the one before it is done. */
export const ONBOARDING_STEPS = [
  'profile',
  'introVideo',
  'interview',
  'demoSession',
  'photoSession',
  'activated',
] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/**
 * locked: an earlier step is not done; todo: the applicant acts now; waiting: booked or under review, others act;
 * rejected: refused, `reapplyAt` says from when it may be tried again; done.
 */
export const StepStateSchema = z.enum(['locked', 'todo', 'waiting', 'rejected', 'done']);
export type StepState = z.infer<typeof StepStateSchema>;

export const OnboardingStepSchema = z.object({
  step: z.enum(ONBOARDING_STEPS),
  state: StepStateSchema,
  /** When it was done, rejected, or (booked steps) when it takes place. */
  at: z.string().nullable(),
  reapplyAt: z.string().nullable(),
  /** The appointment behind the step (interview or demo session). */
  appointmentId: z.number().int().nullable(),
});
export type OnboardingStepView = z.infer<typeof OnboardingStepSchema>;

/** What the server knows of an applicant, newest row of each kind. */
export interface OnboardingFacts {
  profileComplete: boolean;
  activated: boolean;
  bypassOnboarding: boolean;
  introVideo?: { status: 'pending' | 'rejected' | 'accepted'; createdAt: Date; reviewedAt: Date | null };
  interview?: { id: number; status: number; startsAt: Date; decidedAt: Date | null };
  demoSession?: { id: number; status: number; startsAt: Date; decidedAt: Date | null };
  photoSession?: { status: 'pending' | 'scheduled' | 'done' | 'cancelled'; completedAt: Date | null };
}

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;
type Found = Omit<OnboardingStepView, 'step'>;
const found = (state: StepState, at: Date | null = null, reapplyAt: Date | null = null, id: number | null = null) =>
  ({ state, at: iso(at), reapplyAt: iso(reapplyAt), appointmentId: id }) satisfies Found;

function introVideoStep({ introVideo }: OnboardingFacts): Found {
  if (!introVideo) return found('todo');
  if (introVideo.status === 'accepted') return found('done', introVideo.reviewedAt);
  if (introVideo.status === 'pending') return found('waiting', introVideo.createdAt);
  const reviewedAt = introVideo.reviewedAt ?? introVideo.createdAt;
  return found('rejected', reviewedAt, introVideoReapplyAt(reviewedAt));
}

function interviewStep({ interview }: OnboardingFacts): Found {
  if (!interview) return found('todo');
  const { id, status, startsAt } = interview;
  if (status === InterviewStatus.passed) return found('done', interview.decidedAt, null, id);
  if (status === InterviewStatus.pending) return found('waiting', startsAt, null, id);
  if (status === InterviewStatus.rejected) {
    return found('rejected', interview.decidedAt, nextInterviewAllowedAt({ status, startsAt }), id);
  }
  return found('todo', null, null, id); // cancelled: book another
}

function demoSessionStep({ demoSession }: OnboardingFacts): Found {
  if (!demoSession) return found('todo');
  const { id, status, startsAt } = demoSession;
  if (status === SessionStatus.passed) return found('done', demoSession.decidedAt, null, id);
  if (status === SessionStatus.pending) return found('waiting', startsAt, null, id);
  if (status === SessionStatus.rejected) return found('rejected', demoSession.decidedAt, null, id);
  return found('todo', null, null, id);
}

function photoSessionStep({ photoSession }: OnboardingFacts): Found {
  if (photoSession?.status === 'done') return found('done', photoSession.completedAt);
  return found('waiting'); // the studio acts: the applicant waits to be called
}

/**
 * Each step's state in order: the first step not done is the current one, every later one is locked.
 * An activated tutor (or one whose onboarding an admin bypassed) has every step done.
 */
export function onboardingSteps(facts: OnboardingFacts): OnboardingStepView[] {
  const finished = facts.activated || facts.bypassOnboarding;
  const readers: Record<OnboardingStep, () => Found> = {
    profile: () => found(facts.profileComplete ? 'done' : 'todo'),
    introVideo: () => introVideoStep(facts),
    interview: () => interviewStep(facts),
    demoSession: () => demoSessionStep(facts),
    photoSession: () => photoSessionStep(facts),
    activated: () => found(facts.activated ? 'done' : 'waiting'),
  };
  let blocked = false;
  return ONBOARDING_STEPS.map((step) => {
    if (finished) return { step, ...found('done') };
    if (blocked) return { step, ...found('locked') };
    const view = readers[step]();
    if (view.state !== 'done') blocked = true;
    return { step, ...view };
  });
}

/** The step the applicant stands at (the first not done), or undefined when onboarding is complete. */
export const currentStep = (steps: readonly OnboardingStepView[]): OnboardingStepView | undefined =>
  steps.find((s) => s.state !== 'done');

/** Whether every step before `step` is done (the server refuses an action of a locked step). */
export const isStepOpen = (steps: readonly OnboardingStepView[], step: OnboardingStep): boolean =>
  steps.slice(0, ONBOARDING_STEPS.indexOf(step)).every((s) => s.state === 'done');
