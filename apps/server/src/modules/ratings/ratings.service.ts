import { offsetOf, type PageQuery } from '@darsak/domain/common';
import { AppError } from '@darsak/domain/errors';
import { LessonStatus } from '@darsak/domain/lessons';
import type { CreateRatingInput, RatingView, UpdateRatingInput } from '@darsak/domain/ratings';
import { isAdminRole } from '@darsak/domain/users';
import type { Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import type { LessonsService } from '../lessons/lessons.service.ts';
import type { TutorsService } from '../tutors/tutors.service.ts';
import * as repo from './ratings.repo.ts';

export interface RatingsDeps {
  db: Db;
  lessons: Pick<LessonsService, 'lessonForRating'>;
  tutors: Pick<TutorsService, 'adjustRating' | 'changed' | 'ratingSummary'>;
  uploadUrl: (name: string) => string;
}

const ownOrAdmin = (viewer: AuthUser, userId: number) => viewer.id === userId || isAdminRole(viewer.role);

export function createRatingsService(deps: RatingsDeps) {
  const { db } = deps;

  const person = (id: number, name: string, image: string | null) => ({
    id,
    name,
    image: image ? deps.uploadUrl(image) : null,
  });

  const toView = (row: repo.RatingViewRow): RatingView => {
    const { rating } = row;
    return {
      id: rating.id,
      raterId: rating.raterId,
      rateeId: rating.rateeId,
      lessonId: rating.lessonId,
      lessonStartsAt: row.lessonStartsAt?.toISOString() ?? null,
      value: rating.value,
      text: rating.text,
      rater: person(rating.raterId, row.raterName, row.raterImage),
      ratee: person(rating.rateeId, row.rateeName, row.rateeImage),
      createdAt: rating.createdAt.toISOString(),
      updatedAt: rating.updatedAt.toISOString(),
    };
  };

  async function viewOf(id: number): Promise<RatingView> {
    const row = await repo.findRatingView(db, id);
    if (!row) throw new AppError('rating-not-found');
    return toView(row);
  }

  /** Loads a rating for a change by its author (or, to delete, an admin). */
  async function ratingToChange(tx: Db, actor: AuthUser, id: number, adminMay: boolean) {
    const rating = await repo.findRatingForUpdate(tx, id);
    if (!rating) throw new AppError('rating-not-found');
    if (rating.raterId !== actor.id && !(adminMay && isAdminRole(actor.role))) throw new AppError('forbidden');
    return rating;
  }

  const page = async (filter: { raterId?: number; rateeId?: number }, query: PageQuery) => {
    const { rows, total } = await repo.listRatingViews(db, { ...filter, limit: query.size, offset: offsetOf(query) });
    return { total, list: rows.map(toView) };
  };

  return {
    get: viewOf,

    /**
     * A student rates the tutor of one of their fulfilled lessons. One rating per student and tutor: a second
     * answers `rating-exists` with its id, to edit it instead. The tutor's sum and count move in the same
     * transaction (the unique pair constraint settles a race).
     */
    async create(actor: AuthUser, input: CreateRatingInput): Promise<RatingView> {
      const rating = await db.transaction(async (tx) => {
        const lesson = await deps.lessons.lessonForRating(tx, input.lessonId);
        if (!lesson) throw new AppError('lesson-not-found');
        if (lesson.studentId !== actor.id) throw new AppError('forbidden');
        if (lesson.status !== LessonStatus.fulfilled) throw new AppError('lesson-not-fulfilled');
        const existing = await repo.findRatingOfPair(tx, actor.id, lesson.tutorId);
        if (existing) throw new AppError('rating-exists', { ratingId: existing.id });
        const row = await repo.insertRating(tx, {
          raterId: actor.id,
          rateeId: lesson.tutorId,
          lessonId: lesson.id,
          value: input.value,
          text: input.text ?? null,
        });
        await deps.tutors.adjustRating(tx, lesson.tutorId, { sum: input.value, count: 1 });
        return row;
      });
      await deps.tutors.changed(rating.rateeId);
      return viewOf(rating.id);
    },

    async update(actor: AuthUser, id: number, input: UpdateRatingInput): Promise<RatingView> {
      const rating = await db.transaction(async (tx) => {
        const rating = await ratingToChange(tx, actor, id, false);
        await repo.updateRating(tx, id, { value: input.value, text: input.text ?? null, lessonId: rating.lessonId });
        await deps.tutors.adjustRating(tx, rating.rateeId, { sum: input.value - rating.value, count: 0 });
        return rating;
      });
      await deps.tutors.changed(rating.rateeId);
      return viewOf(id);
    },

    async remove(actor: AuthUser, id: number) {
      const rating = await db.transaction(async (tx) => {
        const rating = await ratingToChange(tx, actor, id, true);
        await repo.deleteRating(tx, id);
        await deps.tutors.adjustRating(tx, rating.rateeId, { sum: -rating.value, count: -1 });
        return rating;
      });
      await deps.tutors.changed(rating.rateeId);
      return { ok: true as const };
    },

    async listByRater(viewer: AuthUser, raterId: number, query: PageQuery) {
      if (!ownOrAdmin(viewer, raterId)) throw new AppError('forbidden');
      return page({ raterId }, query);
    },

    async listByRatee(viewer: AuthUser, rateeId: number, query: PageQuery) {
      if (!ownOrAdmin(viewer, rateeId)) throw new AppError('forbidden');
      return page({ rateeId }, query);
    },

    /** The reviews tab of a tutor's profile, with the standing it adds up to. */
    async listForTutor(tutorId: number, query: PageQuery) {
      const summary = await deps.tutors.ratingSummary(tutorId);
      return { ...(await page({ rateeId: tutorId }, query)), summary };
    },
  };
}

export type RatingsService = ReturnType<typeof createRatingsService>;
