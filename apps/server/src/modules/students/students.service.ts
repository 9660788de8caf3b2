import { AppError } from '@darsak/domain/errors';
import type { Student, TourState } from '@darsak/domain/students';
import { Role, type RoleId } from '@darsak/domain/users';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import type { UsersService } from '../users/users.service.ts';
import type { LearnerProfile } from './students.repo.ts';
import * as repo from './students.repo.ts';

export interface StudentsDeps {
  db: Db;
  clock: Clock;
  users: Pick<UsersService, 'findById' | 'toUser'>;
}

export interface LearnerProfileInput {
  englishLevel?: LearnerProfile['englishLevel'] | undefined;
  goal?: string | null | undefined;
}

/**
 * Who may read another user's learner profile: staff, and tutors. A tutor should see only the students they
 * teach; until lessons exist every tutor may read any learner profile, and the lessons module narrows it.
 */
const READERS: RoleId[] = [Role.superAdmin, Role.admin, Role.tutorManager, Role.tutor];

/** Only the fields that were sent; a blank goal is no goal. */
function changesOf(input: LearnerProfileInput): Partial<LearnerProfile> {
  const changes: Partial<LearnerProfile> = {};
  if (input.englishLevel !== undefined) changes.englishLevel = input.englishLevel;
  if (input.goal !== undefined) changes.goal = input.goal === '' ? null : input.goal;
  return changes;
}

type UserRow = NonNullable<Awaited<ReturnType<UsersService['findById']>>>;

export function createStudentsService(deps: StudentsDeps) {
  const { db, users, clock } = deps;

  const studentOf = (row: UserRow, profile: LearnerProfile): Student => {
    const { name, image } = users.toUser(row);
    return { userId: row.id, name, image, englishLevel: profile.englishLevel, goal: profile.goal };
  };

  async function save(actor: AuthUser, input: LearnerProfileInput): Promise<Student> {
    const changes = changesOf(input);
    if (Object.keys(changes).length === 0) throw new AppError('empty-request');
    const row = await users.findById(db, actor.id);
    if (!row) throw new AppError('student-not-found');
    return studentOf(row, await repo.saveLearnerProfile(db, actor.id, changes));
  }

  return {
    /** Creates the signed-in student's learner profile, or fills the one registration made. */
    create: save,
    update: save,

    async tour(actor: AuthUser): Promise<TourState> {
      const at = await repo.tourCompletedAt(db, actor.id);
      return { completedAt: at?.toISOString() ?? null };
    },

    async completeTour(actor: AuthUser): Promise<TourState> {
      return { completedAt: (await repo.completeTour(db, actor.id, clock.now())).toISOString() };
    },

    async get(actor: AuthUser, id: number): Promise<Student> {
      if (actor.id !== id && !READERS.includes(actor.role)) throw new AppError('forbidden');
      const row = await users.findById(db, id);
      const profile = row?.role === Role.student ? await repo.findLearnerProfile(db, id) : undefined;
      if (!row || !profile) throw new AppError('student-not-found');
      return studentOf(row, profile);
    },
  };
}

export type StudentsService = ReturnType<typeof createStudentsService>;
