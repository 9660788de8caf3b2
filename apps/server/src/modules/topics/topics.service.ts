import { AppError } from '@darsak/domain/errors';
import { MAX_FAVOURITE_TOPICS, type Topic, type TopicItem } from '@darsak/domain/topics';
import { type InvalidationBus, memoryInvalidationBus } from '../../platform/cache/invalidation-bus.ts';
import { createSharedCache } from '../../platform/cache/shared-cache.ts';
import type { Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import type { UsersService } from '../users/users.service.ts';
import * as repo from './topics.repo.ts';

export interface TopicsDeps {
  db: Db;
  /** Favourite topics are part of a tutor's profile completion, and of their card in the tutor list. */
  users: Pick<UsersService, 'refreshCompletion' | 'changedIfTutor'>;
  audit: AuditRecorder;
  /** Tells every instance to forget the catalogue (its memory bus by default: one instance). */
  bus?: InvalidationBus;
}

/** How long an instance keeps the topics catalogue unless a change is told sooner. */
const CATALOGUE_TTL_MS = 30_000;

/** How many favourite topics a user has; the users service counts them for a tutor's missing data. */
export const countFavouriteTopics = (db: Db, userId: number): Promise<number> => repo.countFavouriteTopics(db, userId);

const listOf = (list: TopicItem[]) => ({ total: list.length, list });

export function createTopicsService(deps: TopicsDeps) {
  const { db, users } = deps;
  // The catalogue is the same for everyone and changes only here: kept in memory until a topic changes.
  const catalogue = createSharedCache<TopicItem[]>(deps.bus ?? memoryInvalidationBus(), 'topics', CATALOGUE_TTL_MS);

  /** A catalogue change's transaction; once it commits, every instance forgets the catalogue. */
  async function changingCatalogue<T>(change: Promise<T>): Promise<T> {
    const result = await change;
    await catalogue.forget();
    return result;
  }

  /** Runs a change of one user's favourites under their lock, then re-judges their profile completion. */
  async function changeFavourites(userId: number, change: (tx: Db) => Promise<void>) {
    const { user, list } = await db.transaction(async (tx) => {
      await repo.lockFavouriteTopics(tx, userId);
      await change(tx);
      return { user: await users.refreshCompletion(tx, userId), list: await repo.listFavouriteTopics(tx, userId) };
    });
    await users.changedIfTutor(user);
    return listOf(list);
  }

  /** A renamed or deleted topic changes the cards of the tutors who hold it. */
  async function holdersChanged(holders: { id: number; role: number }[]) {
    for (const holder of holders) await users.changedIfTutor(holder);
  }

  async function assertTopicsExist(tx: Db, topicIds: number[]) {
    const found = new Set(await repo.findExistingTopicIds(tx, topicIds));
    const missing = topicIds.filter((id) => !found.has(id));
    if (missing.length > 0) throw new AppError('topic-not-found', { topicIds: missing });
  }

  return {
    create: (actor: AuthUser, input: Topic): Promise<TopicItem> =>
      changingCatalogue(
        db.transaction(async (tx) => {
          const topic = await repo.insertTopic(tx, input);
          await deps.audit.record(tx, { actorId: actor.id, action: 'topic.create', objectId: topic.id, after: input });
          return topic;
        }),
      ),

    list: async () => listOf(await catalogue.get('all', () => repo.listTopics(db))),

    async update(actor: AuthUser, id: number, input: Topic): Promise<TopicItem> {
      const row = await changingCatalogue(
        db.transaction(async (tx) => {
          const before = await repo.findTopicForUpdate(tx, id);
          const row = await repo.updateTopic(tx, id, input);
          if (!before || !row) throw new AppError('topic-not-found');
          const names = { nameAr: before.nameAr, nameEn: before.nameEn };
          await deps.audit.record(tx, {
            actorId: actor.id,
            action: 'topic.update',
            objectId: id,
            before: names,
            after: input,
          });
          return row;
        }),
      );
      await holdersChanged(await repo.listTopicHolders(db, id));
      return row;
    },

    /** Deleting a topic drops it from everyone's favourites, which can undo a tutor's completed profile. */
    async remove(actor: AuthUser, id: number) {
      const holders = await changingCatalogue(
        db.transaction(async (tx) => {
          const holders = await repo.listTopicHolders(tx, id);
          const before = await repo.findTopicForUpdate(tx, id);
          if (!before || !(await repo.deleteTopic(tx, id))) throw new AppError('topic-not-found');
          const names = { nameAr: before.nameAr, nameEn: before.nameEn };
          await deps.audit.record(tx, { actorId: actor.id, action: 'topic.remove', objectId: id, before: names });
          for (const holder of holders) await users.refreshCompletion(tx, holder.id);
          return holders;
        }),
      );
      await holdersChanged(holders);
      return { ok: true as const };
    },

    ofUser: async (userId: number) => listOf(await repo.listFavouriteTopics(db, userId)),

    addOfUser: (userId: number, topicId: number) =>
      changeFavourites(userId, async (tx) => {
        await assertTopicsExist(tx, [topicId]);
        await repo.addFavouriteTopics(tx, userId, [topicId]);
        if ((await repo.countFavouriteTopics(tx, userId)) > MAX_FAVOURITE_TOPICS) {
          throw new AppError('bad-request', { fields: { topicId: 'favourite-topics-max' }, max: MAX_FAVOURITE_TOPICS });
        }
      }),

    replaceOfUser: (userId: number, topicIds: number[]) =>
      changeFavourites(userId, async (tx) => {
        const unique = [...new Set(topicIds)];
        await assertTopicsExist(tx, unique);
        await repo.keepOnlyFavouriteTopics(tx, userId, unique);
        await repo.addFavouriteTopics(tx, userId, unique);
      }),

    removeOfUser: (userId: number, topicId: number) =>
      changeFavourites(userId, (tx) => repo.removeFavouriteTopic(tx, userId, topicId)),
  };
}

export type TopicsService = ReturnType<typeof createTopicsService>;
