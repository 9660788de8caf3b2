import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  isNotNull,
  lt,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { containing } from '../../platform/db/like.ts';
import { users } from '../users/users.table.ts';
import { chatRooms, type Message, messages, type NewMessage, roomMembers } from './chat.table.ts';

export type RoomRow = typeof chatRooms.$inferSelect;
export type MessageRow = Message;

/** The room key that keeps one general room per pair of people. */
export const directKeyOf = (a: number, b: number) => `${Math.min(a, b)}:${Math.max(a, b)}`;

export async function findRoom(db: Db, id: number): Promise<RoomRow | undefined> {
  const [row] = await db.select().from(chatRooms).where(eq(chatRooms.id, id)).limit(1);
  return row;
}

export async function findRoomByDirectKey(db: Db, directKey: string): Promise<RoomRow | undefined> {
  const [row] = await db.select().from(chatRooms).where(eq(chatRooms.directKey, directKey)).limit(1);
  return row;
}

/** A general room for two people; a concurrent creator's room wins and is returned instead. */
export async function insertDirectRoom(db: Db, directKey: string, createdBy: number, at: Date): Promise<RoomRow> {
  const [created] = await db
    .insert(chatRooms)
    .values({ type: 'general', directKey, createdBy, createdAt: at, updatedAt: at })
    .onConflictDoNothing({ target: chatRooms.directKey })
    .returning();
  const row = created ?? (await findRoomByDirectKey(db, directKey));
  if (!row) throw new Error('direct room neither inserted nor found');
  return row;
}

/** The chat room of a lesson, created once. */
/** The chat room of a call's owner (a lesson, an interview or a demo session), created once. */
export async function upsertCallRoom(
  db: Db,
  owner: { type: 'lesson' | 'interview' | 'demoSession'; id: number },
  at: Date,
): Promise<RoomRow> {
  const column = { lesson: chatRooms.lessonId, interview: chatRooms.interviewId, demoSession: chatRooms.demoSessionId }[
    owner.type
  ];
  const key = { lesson: 'lessonId', interview: 'interviewId', demoSession: 'demoSessionId' }[owner.type];
  const [created] = await db
    .insert(chatRooms)
    .values({ type: owner.type, [key]: owner.id, createdAt: at, updatedAt: at })
    .onConflictDoNothing({ target: column })
    .returning();
  if (created) return created;
  const [row] = await db.select().from(chatRooms).where(eq(column, owner.id)).limit(1);
  if (!row) throw new Error('call room neither inserted nor found');
  return row;
}

export async function insertMembers(db: Db, roomId: number, userIds: number[], at: Date) {
  await db
    .insert(roomMembers)
    .values(userIds.map((userId) => ({ roomId, userId, joinedAt: at })))
    .onConflictDoNothing();
}

export async function memberIdsOf(db: Db, roomId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: roomMembers.userId })
    .from(roomMembers)
    .where(eq(roomMembers.roomId, roomId))
    .orderBy(asc(roomMembers.userId));
  return rows.map((r) => r.userId);
}

export async function updateMember(
  db: Db,
  roomId: number,
  userId: number,
  values: { pinned?: boolean | undefined; muted?: boolean | undefined },
) {
  await db
    .update(roomMembers)
    .set(values)
    .where(and(eq(roomMembers.roomId, roomId), eq(roomMembers.userId, userId)));
}

/** Moves a member's read mark forward only: a late, older mark never makes messages unread again. */
export async function markRead(db: Db, roomId: number, userId: number, messageId: number, at: Date) {
  await db
    .update(roomMembers)
    .set({ lastReadMessageId: messageId, lastReadAt: at })
    .where(
      and(
        eq(roomMembers.roomId, roomId),
        eq(roomMembers.userId, userId),
        sql`coalesce(${roomMembers.lastReadMessageId}, 0) < ${messageId}`,
      ),
    );
}

export interface UserSummaryRow {
  id: number;
  name: string;
  image: string | null;
  role: number;
  gender: string | null;
}

const userSummary = { id: users.id, name: users.name, image: users.image, role: users.role, gender: users.gender };

export async function findUserSummary(db: Db, id: number): Promise<UserSummaryRow | undefined> {
  const [row] = await db.select(userSummary).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserSummaries(db: Db, ids: number[]): Promise<UserSummaryRow[]> {
  if (ids.length === 0) return [];
  return db.select(userSummary).from(users).where(inArray(users.id, ids)).orderBy(asc(users.id));
}

/** Members of several rooms, each with its room id. */
export async function memberSummariesOf(db: Db, roomIds: number[]) {
  if (roomIds.length === 0) return [];
  return db
    .select({ roomId: roomMembers.roomId, ...userSummary })
    .from(roomMembers)
    .innerJoin(users, eq(users.id, roomMembers.userId))
    .where(inArray(roomMembers.roomId, roomIds))
    .orderBy(asc(roomMembers.roomId), asc(users.id));
}

/** Stores a message once per (sender, client message id); a retry returns undefined. */
export async function insertMessage(db: Db, values: NewMessage): Promise<MessageRow | undefined> {
  const [row] = await db
    .insert(messages)
    .values(values)
    .onConflictDoNothing({ target: [messages.senderId, messages.clientMessageId] })
    .returning();
  return row;
}

/** A `messages` row as JSON from a raw statement, mapped as drizzle maps its own selects. */
function messageFromJson(raw: Record<string, unknown>): MessageRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(messages))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as MessageRow;
}

export interface MessageToStore {
  roomId: number;
  senderId: number;
  body: string;
  clientMessageId: string | undefined;
}
export interface StoredMessage {
  memberIds: number[];
  message: MessageRow | undefined;
}

/**
 * Chat messages sent to rooms, in one statement (one round trip and one commit for all: a statement is atomic).
 * For each: the room's member ids and, when the sender is one of them, the message stored once per (sender,
 * client message id), the room's last activity and the sender's read mark moved to it. `message` is undefined
 * when the sender is not a member or the client id was stored before (or earlier in the same list). With 1,000
 * people writing, a transaction of six round trips per message (begin, four statements, commit) left sends
 * queueing for seconds (issue 14).
 */
export async function storeMessages(db: Db, list: MessageToStore[], at: Date): Promise<StoredMessage[]> {
  const time = sql`${at.toISOString()}::timestamptz`;
  const { rows } = (await db.execute(sql`
    with input as (
      select (e.item->>'roomId')::int as room_id, (e.item->>'senderId')::int as sender_id, e.item->>'body' as body,
             e.item->>'clientMessageId' as client_message_id, e.n
      from json_array_elements(${JSON.stringify(list)}::json) with ordinality as e(item, n)
    ), members as (
      select room_id, array_agg(user_id order by user_id) as member_ids from ${roomMembers}
      where room_id in (select room_id from input) group by room_id
    ), inserted as (
      insert into ${messages} (room_id, sender_id, body, client_message_id, created_at)
      select i.room_id, i.sender_id, i.body, i.client_message_id, ${time}
      from input i join members m on m.room_id = i.room_id and i.sender_id = any(m.member_ids)
      order by i.n
      on conflict (sender_id, client_message_id) do nothing
      returning *
    ), touched as (
      update ${chatRooms} set last_message_at = ${time}, updated_at = ${time}
      where id in (select room_id from inserted)
    ), marked as (
      update ${roomMembers} rm set last_read_message_id = x.id, last_read_at = ${time}
      from (select room_id, sender_id, max(id) as id from inserted group by room_id, sender_id) x
      where rm.room_id = x.room_id and rm.user_id = x.sender_id and coalesce(rm.last_read_message_id, 0) < x.id
    )
    select (select coalesce(json_agg(members), '[]') from members) as members,
           (select coalesce(json_agg(inserted order by inserted.id), '[]') from inserted) as inserted`)) as unknown as {
    rows: { members: { room_id: number; member_ids: number[] }[]; inserted: Record<string, unknown>[] }[];
  };
  const [result] = rows;
  const membersOf = new Map(result?.members.map((m) => [m.room_id, m.member_ids]));
  const inserted = (result?.inserted ?? []).map(messageFromJson);
  return list.map((m) => {
    const index = inserted.findIndex(
      (row) =>
        row.senderId === m.senderId && row.roomId === m.roomId && row.clientMessageId === (m.clientMessageId ?? null),
    );
    // Each stored row answers one input: a second input with the same client id was a retry.
    const [message] = index < 0 ? [] : inserted.splice(index, 1);
    return { memberIds: membersOf.get(m.roomId) ?? [], message };
  });
}

export async function findMessageByClientId(db: Db, senderId: number, clientMessageId: string) {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.clientMessageId, clientMessageId)))
    .limit(1);
  return row;
}

export async function findMessageForUpdate(db: Db, id: number): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id)).limit(1).for('update');
  return row;
}

export async function isMessageInRoom(db: Db, roomId: number, messageId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.roomId, roomId)))
    .limit(1);
  return row !== undefined;
}

export async function updateMessage(db: Db, id: number, values: Partial<NewMessage>): Promise<MessageRow> {
  const [row] = await db.update(messages).set(values).where(eq(messages.id, id)).returning();
  if (!row) throw new Error('message update matched nothing');
  return row;
}

export async function touchRoom(db: Db, roomId: number, at: Date) {
  await db.update(chatRooms).set({ lastMessageAt: at, updatedAt: at }).where(eq(chatRooms.id, roomId));
}

export async function listMessages(
  db: Db,
  filter: { roomId: number; before?: number | undefined; pinned?: boolean | undefined; limit: number; offset: number },
) {
  const conditions: SQL[] = [eq(messages.roomId, filter.roomId)];
  if (filter.before !== undefined) conditions.push(lt(messages.id, filter.before));
  if (filter.pinned !== undefined) conditions.push(eq(messages.pinned, filter.pinned));
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    db.select().from(messages).where(where).orderBy(desc(messages.id)).limit(filter.limit).offset(filter.offset),
    db.select({ total: count() }).from(messages).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** Messages of other members after the member's read mark (deleted ones do not count). */
const unreadCount = (userId: number) => sql<number>`(
  select count(*)::int from ${messages}
  where ${messages.roomId} = ${roomMembers.roomId}
    and ${messages.id} > coalesce(${roomMembers.lastReadMessageId}, 0)
    and ${messages.senderId} is distinct from ${userId}
    and ${messages.deletedAt} is null
)`;

/**
 * A room is a conversation once someone has written in it. The room of a call (a lesson, an interview, a demo
 * session) is made when its members join, so the in-call chat has one to write to; until a message, it is no
 * conversation of anyone's and lists leave it out (an interview nobody wrote in made an empty room in both chats).
 */
const written = isNotNull(chatRooms.lastMessageAt);

/**
 * A user's conversations with their own pin, mute and unread count: pinned first, then the latest conversation.
 * A room asked for by id (the in-call chat's own) is found before anyone writes in it.
 */
export async function listRooms(
  db: Db,
  filter: {
    userId: number;
    roomId?: number | undefined;
    q?: string | undefined;
    pinned?: boolean | undefined;
    limit: number;
    offset: number;
  },
) {
  const conditions: SQL[] = [eq(roomMembers.userId, filter.userId)];
  conditions.push(filter.roomId === undefined ? written : eq(chatRooms.id, filter.roomId));
  if (filter.pinned !== undefined) conditions.push(eq(roomMembers.pinned, filter.pinned));
  if (filter.q) {
    const pattern = containing(filter.q);
    const other = db
      .select({ one: sql`1` })
      .from(roomMembers)
      .innerJoin(users, eq(users.id, roomMembers.userId))
      .where(
        and(eq(roomMembers.roomId, chatRooms.id), ne(roomMembers.userId, filter.userId), ilike(users.name, pattern)),
      );
    const match = or(ilike(chatRooms.name, pattern), sql`exists (${other})`);
    if (match) conditions.push(match);
  }
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    db
      .select({
        room: chatRooms,
        pinned: roomMembers.pinned,
        muted: roomMembers.muted,
        lastReadMessageId: roomMembers.lastReadMessageId,
        unreadCount: unreadCount(filter.userId),
      })
      .from(roomMembers)
      .innerJoin(chatRooms, eq(chatRooms.id, roomMembers.roomId))
      .where(where)
      .orderBy(
        desc(roomMembers.pinned),
        desc(sql`coalesce(${chatRooms.lastMessageAt}, ${chatRooms.createdAt})`),
        desc(chatRooms.id),
      )
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ total: count() })
      .from(roomMembers)
      .innerJoin(chatRooms, eq(chatRooms.id, roomMembers.roomId))
      .where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** The latest message of each room. */
export async function lastMessagesOf(db: Db, roomIds: number[]): Promise<MessageRow[]> {
  if (roomIds.length === 0) return [];
  return db
    .selectDistinctOn([messages.roomId])
    .from(messages)
    .where(inArray(messages.roomId, roomIds))
    .orderBy(messages.roomId, desc(messages.id));
}

/** A person's conversations for staff, latest first, with how many messages each holds (deleted ones not). */
export async function listRoomsOfMember(db: Db, filter: { userId: number; limit: number; offset: number }) {
  const where = and(eq(roomMembers.userId, filter.userId), written);
  const messageCount = sql<number>`(
    select count(*)::int from ${messages}
    where ${messages.roomId} = ${chatRooms.id} and ${messages.deletedAt} is null
  )`;
  const [rows, totals] = await Promise.all([
    db
      .select({ room: chatRooms, messageCount })
      .from(roomMembers)
      .innerJoin(chatRooms, eq(chatRooms.id, roomMembers.roomId))
      .where(where)
      .orderBy(desc(sql`coalesce(${chatRooms.lastMessageAt}, ${chatRooms.createdAt})`), desc(chatRooms.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ total: count() })
      .from(roomMembers)
      .innerJoin(chatRooms, eq(chatRooms.id, roomMembers.roomId))
      .where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}
