import { cairoWallTimeToDate, offsetOf } from '@darsak/domain/common';
import { AppError } from '@darsak/domain/errors';
import {
  type CallEvent,
  cancellerOf,
  type LessonRecord,
  type LessonView,
  presenceOf,
  type StaffLessonListQuery,
} from '@darsak/domain/lessons';
import type { CallQualitySummary } from '@darsak/domain/sessions';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import type { UsersService } from '../users/users.service.ts';
import * as repo from './lessons.repo.ts';
import type { LessonsService } from './lessons.service.ts';
import { listStaffLessonViews } from './lessons.staff.repo.ts';

export interface StaffLessonsDeps {
  db: Db;
  clock: Clock;
  lessons: Pick<LessonsService, 'get' | 'viewsOf' | 'cancelByStaff'>;
  users: Pick<UsersService, 'findById'>;
  /** The events of the lesson's live room (sessions module). */
  callEvents: (db: Db, lessonId: number) => Promise<CallEvent[]>;
  /** How the lesson's call went for each member, from their browsers' reports (sessions module). */
  callQuality: (db: Db, lessonId: number) => Promise<CallQualitySummary[]>;
  audit: AuditRecorder;
}

/** The start of a Cairo calendar day `YYYY-MM-DD`, `days` later. */
const cairoDayStart = (isoDay: string, days = 0): Date => {
  const [year, month, day] = isoDay.split('-').map(Number) as [number, number, number];
  return cairoWallTimeToDate({ year, month, day: day + days });
};

/** What admins do with lessons (issue 12 /lessons, /lesson/{id}): read any, settle disputes, cancel. */
export function createStaffLessonsService(deps: StaffLessonsDeps) {
  const { db, clock } = deps;

  async function record(actor: AuthUser, id: number): Promise<LessonRecord> {
    const lesson = await deps.lessons.get(actor, id);
    const row = await repo.findLesson(db, id);
    if (!row) throw new AppError('lesson-not-found');
    const events = await deps.callEvents(db, id);
    const now = clock.now();
    // Time in the room counts until the call closed, or until now while it is open.
    const until = new Date(Math.min((row.endedAt ?? row.endsAt).getTime(), now.getTime()));
    return {
      lesson,
      cancelledByRole: cancellerOf(lesson),
      cancelledByName: await cancellerName(lesson),
      studentJoinedAt: row.studentJoinedAt?.toISOString() ?? null,
      endedAt: row.endedAt?.toISOString() ?? null,
      cancellable: (lesson.status === 'pending' || lesson.status === 'happening') && row.endsAt > now,
      events: events.map((e) => ({ userId: e.userId, kind: e.kind, at: e.at.toISOString() })),
      presence: presenceOf(events, until).map((p) => ({
        ...p,
        firstJoinedAt: p.firstJoinedAt?.toISOString() ?? null,
        lastLeftAt: p.lastLeftAt?.toISOString() ?? null,
      })),
      quality: await deps.callQuality(db, id),
    };
  }

  async function cancellerName(lesson: LessonView): Promise<string | null> {
    if (lesson.cancelledBy === null) return null;
    return (await deps.users.findById(db, lesson.cancelledBy))?.name ?? null;
  }

  return {
    async list(query: StaffLessonListQuery) {
      const { rows, total } = await listStaffLessonViews(db, {
        status: query.status,
        from: query.from ? cairoDayStart(query.from) : undefined,
        to: query.to ? cairoDayStart(query.to, 1) : undefined,
        tutorId: query.tutorId,
        studentId: query.studentId,
        q: query.q || undefined,
        sort: query.sort,
        limit: query.size,
        offset: offsetOf(query),
      });
      return { total, list: await deps.lessons.viewsOf(rows) };
    },

    record,

    async cancel(actor: AuthUser, id: number, reason: string): Promise<LessonRecord> {
      await deps.lessons.cancelByStaff(actor, id, (tx, before, after) =>
        deps.audit.record(tx, {
          actorId: actor.id,
          action: 'lesson.cancel',
          objectId: id,
          subjectUserId: before.studentId,
          before: { status: before.status },
          after: { status: after.status, cancelledAt: after.cancelledAt?.toISOString() ?? null },
          reason,
        }),
      );
      return record(actor, id);
    },
  };
}

export type StaffLessonsService = ReturnType<typeof createStaffLessonsService>;
