import { DAYS_PER_WEEK } from '@darsak/domain/common';
import { AppError, isAppError } from '@darsak/domain/errors';
import type { LessonView } from '@darsak/domain/lessons';
import type { PlatformSettings } from '@darsak/domain/settings';
import {
  addCairoDays,
  earlyPauseEnd,
  followingPeriod,
  type PausedSubscription,
  type PauseInput,
  type PausePreview,
  type PauseRequestInput,
  pauseEndsAt,
  pauseStartFor,
  pauseViolation,
  pauseWeeksOf,
  type Subscription,
  type SubscriptionPause,
} from '@darsak/domain/subscriptions';
import type { Changes } from '../../platform/changes.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import * as repo from './subscriptions.repo.ts';
import type { SubscriptionsService } from './subscriptions.service.ts';
import type { SubscriptionPause as SubscriptionPauseRow } from './subscriptions.table.ts';

/** A pause as its student and staff see it, with where ending it early now would leave it. */
export function pauseView(pause: SubscriptionPauseRow, now: Date): SubscriptionPause {
  const early = earlyPauseEnd(pause, now);
  return {
    id: pause.id,
    startsAt: pause.startsAt.toISOString(),
    endsAt: pause.endsAt.toISOString(),
    weeks: pause.weeks,
    endedEarlyAt: pause.endedEarlyAt?.toISOString() ?? null,
    endedEarlyBy: pause.endedEarlyBy,
    earlyEnd: early && { endsAt: early.endsAt?.toISOString() ?? null },
  };
}

export interface SubscriptionPausesDeps {
  db: Db;
  clock: Clock;
  settings: { current(tx?: Db): Promise<PlatformSettings> };
  subscriptions: Pick<SubscriptionsService, 'view' | 'rescheduleEndNotice'>;
  /** The lessons module: lessons as their student sees them, and her own cancel (minutes back as any cancel). */
  lessons: { viewsOfIds(ids: number[]): Promise<LessonView[]>; cancel(actor: AuthUser, id: number): Promise<unknown> };
  audit: AuditRecorder;
  /** A pause changes her weeks: booking's cached view of them is forgotten. */
  subscriptionChanges: Pick<Changes, 'notify'>;
}

/**
 * A student's pause of her subscription (issue 31, rules in the domain's subscriptions.pause.ts): once a period,
 * whole weeks, taken under the subscription's row lock so two requests cannot both pause; the database's unique
 * and exclusion constraints stop what slips past. Her lessons inside it are cancelled through the lessons module.
 */
export function createSubscriptionPauses(deps: SubscriptionPausesDeps) {
  const { db, clock } = deps;

  /** The pause's dates and the moved end, or the rule it breaks. */
  async function datesOf(tx: Db, row: repo.PausedOrNot, input: PauseRequestInput, now: Date) {
    const settings = await deps.settings.current(tx);
    const startsAt = pauseStartFor(input.startDate, now);
    const refused = pauseViolation({ startsAt, weeks: input.weeks, subscription: row, settings, taken: !!row.pause });
    if (refused || !startsAt) throw new AppError(refused ?? 'pause-out-of-period');
    return {
      startsAt,
      endsAt: pauseEndsAt(startsAt, input.weeks),
      subscriptionEndsAt: pauseEndsAt(row.endsAt, input.weeks),
    };
  }

  /**
   * The next period paid in advance follows the current end a pause moves by `weeks` (its end notice with it), so
   * it still starts exactly when the current one ends.
   */
  async function nextMoved(tx: Db, studentId: number, weeks: number): Promise<repo.NextMove | null> {
    const next = await repo.lockScheduled(tx, studentId, clock.now());
    if (!next || weeks === 0) return null;
    const moved = { id: next.id, ...followingPeriod(next, weeks), later: weeks > 0 };
    await deps.subscriptions.rescheduleEndNotice(tx, moved);
    return moved;
  }

  async function requireActive(tx: Db, studentId: number, lock: boolean) {
    const now = clock.now();
    const row = await (lock ? repo.lockActive : repo.findActive)(tx, studentId, now);
    if (!row) throw new AppError('subscription-not-found');
    return { row, now };
  }

  /** One at a time, each as her own cancel: those inside the cancellation window stay booked. */
  async function cancelLessons(actor: AuthUser, ids: number[]) {
    const cancelledLessonIds: number[] = [];
    const keptLessonIds: number[] = [];
    for (const id of ids) {
      try {
        await deps.lessons.cancel(actor, id);
        cancelledLessonIds.push(id);
      } catch (error) {
        if (!isAppError(error)) throw error;
        keptLessonIds.push(id);
      }
    }
    return { cancelledLessonIds, keptLessonIds };
  }

  /**
   * Ends the locked subscription's pause early (earlyPauseEnd), moving its end back by the weeks given up.
   * Returns the pause's end before and after (null: called off).
   */
  async function shorten(tx: Db, row: repo.PausedOrNot, by: number) {
    const now = clock.now();
    if (!row.pause) throw new AppError('pause-not-found');
    const early = earlyPauseEnd(row.pause, now);
    if (!early) throw new AppError('pause-not-shortenable');
    const keptWeeks = early.endsAt ? pauseWeeksOf({ startsAt: row.pause.startsAt, endsAt: early.endsAt }) : 0;
    const subscriptionEndsAt = addCairoDays(row.endsAt, (keptWeeks - row.pause.weeks) * DAYS_PER_WEEK);
    const next = await nextMoved(tx, row.studentId, keptWeeks - row.pause.weeks);
    await repo.endPause(tx, row.pause, { endsAt: early.endsAt, at: now, by }, subscriptionEndsAt, next);
    await deps.subscriptions.rescheduleEndNotice(tx, { id: row.id, endsAt: subscriptionEndsAt });
    return { before: row.pause.endsAt.toISOString(), after: early.endsAt?.toISOString() ?? null };
  }

  async function viewById(id: number): Promise<Subscription> {
    const row = await repo.findSubscription(db, id);
    if (!row) throw new AppError('subscription-not-found');
    return deps.subscriptions.view(db, row);
  }

  return {
    async preview(actor: AuthUser, input: PauseRequestInput): Promise<PausePreview> {
      const { row, now } = await requireActive(db, actor.id, false);
      const dates = await datesOf(db, row, input, now);
      const ids = await repo.lessonIdsBetween(db, actor.id, dates.startsAt, dates.endsAt);
      return {
        startsAt: dates.startsAt.toISOString(),
        endsAt: dates.endsAt.toISOString(),
        subscriptionEndsAt: dates.subscriptionEndsAt.toISOString(),
        lessons: await deps.lessons.viewsOfIds(ids),
      };
    },

    async pause(actor: AuthUser, input: PauseInput): Promise<PausedSubscription> {
      const subscriptionId = await db.transaction(async (tx) => {
        const { row, now } = await requireActive(tx, actor.id, true);
        const dates = await datesOf(tx, row, input, now);
        const inPause = new Set(await repo.lessonIdsBetween(tx, actor.id, dates.startsAt, dates.endsAt));
        const strangers = input.cancelLessonIds.filter((id) => !inPause.has(id));
        if (strangers.length > 0) throw new AppError('lessons-not-in-pause', { lessonIds: strangers });
        const { subscriptionEndsAt, ...span } = dates;
        await repo.insertPause(
          tx,
          { subscriptionId: row.id, studentId: actor.id, weeks: input.weeks, ...span },
          subscriptionEndsAt,
          await nextMoved(tx, actor.id, input.weeks),
        );
        await deps.subscriptions.rescheduleEndNotice(tx, { id: row.id, endsAt: subscriptionEndsAt });
        return row.id;
      });
      await deps.subscriptionChanges.notify(actor.id);
      const outcome = await cancelLessons(actor, [...new Set(input.cancelLessonIds)]);
      return { subscription: await viewById(subscriptionId), ...outcome };
    },

    /** The student ends her pause early. */
    async end(actor: AuthUser): Promise<Subscription> {
      const id = await db.transaction(async (tx) => {
        const { row } = await requireActive(tx, actor.id, true);
        await shorten(tx, row, actor.id);
        return row.id;
      });
      await deps.subscriptionChanges.notify(actor.id);
      return viewById(id);
    },

    /** Staff end a student's pause early, with their reason in the audit log. */
    async endByStaff(actor: AuthUser, subscriptionId: number, reason: string): Promise<Subscription> {
      const studentId = await db.transaction(async (tx) => {
        const row = await repo.lockSubscription(tx, subscriptionId);
        if (!row) throw new AppError('subscription-not-found');
        if (row.status !== 'active') throw new AppError('pause-not-shortenable');
        const { before, after } = await shorten(tx, row, actor.id);
        await deps.audit.record(tx, {
          actorId: actor.id,
          action: 'subscription.end-pause',
          objectId: row.id,
          subjectUserId: row.studentId,
          before: { pauseEndsAt: before },
          after: { pauseEndsAt: after },
          reason,
        });
        return row.studentId;
      });
      await deps.subscriptionChanges.notify(studentId);
      return viewById(subscriptionId);
    },
  };
}

export type SubscriptionPauses = ReturnType<typeof createSubscriptionPauses>;
