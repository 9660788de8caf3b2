import type { WeeklySlot } from '@darsak/domain/availability';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import type { Realtime } from '../../platform/realtime/realtime.ts';
import type { AssetsService } from '../assets/assets.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Notifier } from '../notifications/notifications.service.ts';
import type { Outbox } from '../outbox/outbox.ts';
import type { TutorChanges } from '../tutors/tutors.changes.ts';
import type { UsersService } from '../users/users.service.ts';
import { createApplicationService } from './onboarding.application.ts';
import { createAppointmentsService } from './onboarding.appointments.ts';
import { createOnboardingRecords } from './onboarding.records.ts';
import type { AppointmentKind } from './onboarding.repo.ts';
import { createStaffOnboardingService } from './onboarding.staff.ts';

export interface OnboardingDeps {
  db: Db;
  clock: Clock;
  users: Pick<UsersService, 'findById' | 'tutorMeta'>;
  audit: Pick<AuditService, 'record'>;
  assets: Pick<AssetsService, 'storeVideo' | 'videoUploadTarget' | 'storeUploadedVideo'>;
  outbox: Pick<Outbox, 'kick'>;
  /** Every message to a person goes through the notification policy. */
  notifications: Notifier;
  queue: Pick<JobQueue, 'send'>;
  realtime: Pick<Realtime, 'toUser' | 'toChannel'>;
  tutorChanges: Pick<TutorChanges, 'notify'>;
  uploadUrl: (name: string) => string;
  slotsOfTutors: (db: Db, tutorIds: number[]) => Promise<Map<number, WeeklySlot[]>>;
  /** Held lessons of these users (as tutors) overlapping [from, to): a manager who also teaches is busy then. */
  heldLessonsOf: (
    db: Db,
    userIds: number[],
    from: Date,
    to: Date,
  ) => Promise<{ tutorId: number; startsAt: Date; endsAt: Date }[]>;
  /** Whether the user ever joined the live call of this appointment (the no-show rule). */
  joinedCall: (db: Db, kind: AppointmentKind, id: number, userId: number) => Promise<boolean>;
  /** Minutes after the start at which a manager who never joined counts as absent. */
  noShowGraceMinutes: () => Promise<number>;
  /** Minutes before the start from which the two may join the call (platform setting, read with the caller's db). */
  sessionOpensMinutesBefore: (db: Db) => Promise<number>;
}

/**
 * Tutor onboarding, one service to the rest of the server, composed of the applicant's steps and bookings
 * (onboarding.application.ts), the interviews and demo sessions once booked (onboarding.appointments.ts) and the
 * steps staff close (onboarding.staff.ts), which share the applicant's records (onboarding.records.ts).
 */
export function createOnboardingService(deps: OnboardingDeps) {
  const records = createOnboardingRecords(deps);
  return {
    ...createApplicationService(deps, records),
    ...createAppointmentsService(deps, records),
    ...createStaffOnboardingService(deps, records),
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
