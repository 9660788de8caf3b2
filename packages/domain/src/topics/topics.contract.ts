import { z } from 'zod';
import { Id, IdParam, IdParams, Ok } from '../common/ids.ts';
import { defineRoute } from '../contract/define-route.ts';
import { ROLE_GROUPS } from '../users/roles.ts';
import { Topic } from './topics.schemas.ts';

export const TopicSchema = z.object({ id: z.number().int(), nameAr: z.string(), nameEn: z.string() });
export type TopicItem = z.infer<typeof TopicSchema>;

export const TopicInput = z.strictObject(Topic.shape);
export const TopicList = z.object({ total: z.number().int(), list: z.array(TopicSchema) });
export const MAX_FAVOURITE_TOPICS = 10;

const common = { tags: ['topic'] } as const;

export const topicsContract = {
  create: defineRoute({
    ...common,
    method: 'POST',
    path: '/api/v1/topic/',
    summary: 'Create a topic (admins)',
    auth: ROLE_GROUPS.admins,
    body: TopicInput,
    response: TopicSchema,
    status: 201,
    errors: ['topic-exists'],
  }),
  list: defineRoute({
    ...common,
    method: 'GET',
    path: '/api/v1/topic/list',
    summary: 'All topics',
    auth: 'public',
    response: TopicList,
    errors: [],
  }),
  update: defineRoute({
    ...common,
    method: 'PUT',
    path: '/api/v1/topic/:id',
    summary: 'Rename a topic (admins)',
    auth: ROLE_GROUPS.admins,
    params: IdParams,
    body: TopicInput,
    response: TopicSchema,
    errors: ['topic-not-found', 'topic-exists'],
  }),
  remove: defineRoute({
    ...common,
    method: 'DELETE',
    path: '/api/v1/topic/:id',
    summary: 'Delete a topic (admins)',
    auth: ROLE_GROUPS.admins,
    params: IdParams,
    response: Ok,
    errors: ['topic-not-found'],
  }),
  ofUser: defineRoute({
    ...common,
    method: 'GET',
    path: '/api/v1/topic/of/user',
    summary: "The signed-in user's favourite topics",
    auth: 'signedIn',
    response: TopicList,
    errors: [],
  }),
  addOfUser: defineRoute({
    ...common,
    method: 'POST',
    path: '/api/v1/topic/of/user',
    summary: 'Add a favourite topic',
    auth: 'signedIn',
    body: z.strictObject({ topicId: Id }),
    response: TopicList,
    errors: ['topic-not-found', 'bad-request'],
  }),
  replaceOfUser: defineRoute({
    ...common,
    method: 'PATCH',
    path: '/api/v1/topic/of/user',
    summary: 'Replace the favourite topics',
    auth: 'signedIn',
    body: z.strictObject({ topicIds: z.array(Id).max(MAX_FAVOURITE_TOPICS) }),
    response: TopicList,
    errors: ['topic-not-found'],
  }),
  removeOfUser: defineRoute({
    ...common,
    method: 'DELETE',
    path: '/api/v1/topic/of/user',
    summary: 'Remove a favourite topic',
    auth: 'signedIn',
    query: z.strictObject({ topicId: IdParam }),
    response: TopicList,
    errors: [],
  }),
} as const;
