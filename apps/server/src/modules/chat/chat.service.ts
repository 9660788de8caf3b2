import type {
  ChatMember,
  ChatMessage,
  ChatRoom,
  EditMessageInput,
  MessageRef,
  MessagesQuery,
  NewChat,
  NewChatInput,
  PinMessageInput,
  ReadInput,
  RoomsQuery,
  SendMessageInput,
  StaffChatRoom,
  UpdateRoomInput,
} from '@darsak/domain/chat';
import { offsetOf, type Page, type PageQuery } from '@darsak/domain/common';
import { AppError } from '@darsak/domain/errors';
import type { CallOwner } from '@darsak/domain/sessions';
import { type Gender, isTutorLike, ROLE_GROUPS, Role, type RoleId } from '@darsak/domain/users';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import { writeBatcher } from '../../platform/db/write-batcher.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import type { ChatEvents } from './chat.events.ts';
import type { MessageRow, MessageToStore, StoredMessage, UserSummaryRow } from './chat.repo.ts';
import * as repo from './chat.repo.ts';

export interface ChatDeps {
  db: Db;
  clock: Clock;
  events: ChatEvents;
  uploadUrl: (name: string) => string;
  /** Whether a tutor and a student share a lesson (lessons module). */
  haveLessonTogether: (db: Db, tutorId: number, studentId: number) => Promise<boolean>;
}

/** Where a change came from: the socket that sent it gets the answer in its ack, not as an event. */
export type Origin = string | undefined;

const isStaff = (role: RoleId) => ROLE_GROUPS.staff.some((name) => Role[name] === role);

export function createChatService(deps: ChatDeps) {
  const { db, clock, events } = deps;

  const toMessage = (row: MessageRow): ChatMessage => ({
    id: row.id,
    roomId: row.roomId,
    senderId: row.senderId,
    clientMessageId: row.clientMessageId,
    body: row.body,
    pinned: row.pinned,
    editedAt: row.editedAt?.toISOString() ?? null,
    deletedAt: row.deletedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  });

  const toMember = (row: UserSummaryRow): ChatMember => ({
    id: row.id,
    name: row.name,
    image: row.image ? deps.uploadUrl(row.image) : null,
    role: row.role as RoleId,
    gender: row.gender as Gender | null,
  });

  /** Refuses a caller who is not among the room's members: the room is missing, or not theirs. */
  async function refuseOutsider(tx: Db, roomId: number, userId: number, memberIds: number[]) {
    if (memberIds.includes(userId)) return;
    if (memberIds.length === 0 && !(await repo.findRoom(tx, roomId))) throw new AppError('room-not-found');
    throw new AppError('not-room-member');
  }

  /** The room's member ids; refuses a caller who is not one of them. */
  async function requireMember(tx: Db, roomId: number, userId: number): Promise<number[]> {
    const memberIds = await repo.memberIdsOf(tx, roomId);
    await refuseOutsider(tx, roomId, userId, memberIds);
    return memberIds;
  }

  /** A message the caller may act on, locked, with its room's members. */
  async function requireMessage(tx: Db, userId: number, messageId: number) {
    const message = await repo.findMessageForUpdate(tx, messageId);
    if (!message) throw new AppError('message-not-found');
    const memberIds = await requireMember(tx, message.roomId, userId);
    return { message, memberIds };
  }

  async function roomsOf(tx: Db, filter: Parameters<typeof repo.listRooms>[1]): Promise<Page<ChatRoom>> {
    const { rows, total } = await repo.listRooms(tx, filter);
    const roomIds = rows.map((r) => r.room.id);
    const [lastMessages, members] = await Promise.all([
      repo.lastMessagesOf(tx, roomIds),
      repo.memberSummariesOf(tx, roomIds),
    ]);
    const list = rows.map(({ room, ...view }): ChatRoom => {
      const last = lastMessages.find((m) => m.roomId === room.id);
      return {
        id: room.id,
        type: room.type,
        name: room.name,
        lessonId: room.lessonId,
        members: members.filter((m) => m.roomId === room.id).map(toMember),
        pinned: view.pinned,
        muted: view.muted,
        unreadCount: view.unreadCount,
        lastReadMessageId: view.lastReadMessageId,
        lastMessage: last ? toMessage(last) : null,
        lastMessageAt: room.lastMessageAt?.toISOString() ?? null,
        createdAt: room.createdAt.toISOString(),
      };
    });
    return { total, list };
  }

  async function roomView(tx: Db, userId: number, roomId: number): Promise<ChatRoom> {
    const [room] = (await roomsOf(tx, { userId, roomId, limit: 1, offset: 0 })).list;
    if (!room) throw new AppError('room-not-found');
    return room;
  }

  /** Staff write to anyone, students to tutors, tutors to their own students. */
  async function mayStart(tx: Db, from: AuthUser, to: UserSummaryRow): Promise<boolean> {
    if (isStaff(from.role)) return true;
    if (from.role === Role.student) return isTutorLike(to.role as RoleId);
    if (isTutorLike(from.role) && to.role === Role.student) return deps.haveLessonTogether(tx, from.id, to.id);
    return false;
  }

  /** What became of a message sent: stored now, or before under its client id; refuses a sender not a member. */
  async function outcome(tx: Db, sent: MessageToStore, stored: StoredMessage) {
    const { memberIds } = stored;
    await refuseOutsider(tx, sent.roomId, sent.senderId, memberIds);
    if (stored.message) return { message: stored.message, created: true, memberIds };
    const { senderId, clientMessageId } = sent;
    const earlier = clientMessageId ? await repo.findMessageByClientId(tx, senderId, clientMessageId) : undefined;
    if (earlier?.roomId !== sent.roomId) throw new AppError('bad-request', { fields: { clientMessageId: 'invalid' } });
    return { message: earlier, created: false, memberIds };
  }

  /** Stores a message once per client id, in the caller's transaction, and moves the room and the read mark. */
  async function store(tx: Db, sent: MessageToStore) {
    const [stored] = await repo.storeMessages(tx, [sent], clock.now());
    return outcome(tx, sent, stored ?? { memberIds: [], message: undefined });
  }

  /** Sends from sockets share a statement and a commit when they arrive together (issue 14: 1,000 writing). */
  const storeSent = writeBatcher((list: MessageToStore[]) => repo.storeMessages(db, list, clock.now()));

  /** Moves the caller's read mark to a message of the room; returns the room's members. */
  async function markReadIn(tx: Db, user: AuthUser, input: ReadInput): Promise<number[]> {
    const memberIds = await requireMember(tx, input.roomId, user.id);
    if (!(await repo.isMessageInRoom(tx, input.roomId, input.messageId))) throw new AppError('message-not-found');
    await repo.markRead(tx, input.roomId, user.id, input.messageId, clock.now());
    return memberIds;
  }

  return {
    toMessage,

    /** POST /chat/new: the first message to someone; the pair's existing room is reused (room-exists). */
    async start(user: AuthUser, input: NewChatInput): Promise<NewChat> {
      if (input.userId === user.id) throw new AppError('illegal');
      const result = await db.transaction(async (tx) => {
        const other = await repo.findUserSummary(tx, input.userId);
        if (!other) throw new AppError('user-not-found');
        const key = repo.directKeyOf(user.id, other.id);
        let room = await repo.findRoomByDirectKey(tx, key);
        if (!room) {
          if (!(await mayStart(tx, user, other))) throw new AppError('forbidden');
          room = await repo.insertDirectRoom(tx, key, user.id, clock.now());
          await repo.insertMembers(tx, room.id, [user.id, other.id], clock.now());
        }
        const sent = {
          roomId: room.id,
          senderId: user.id,
          body: input.message,
          clientMessageId: input.clientMessageId,
        };
        return { roomId: room.id, ...(await store(tx, sent)) };
      });
      const message = toMessage(result.message);
      if (result.created) events.message(message, result.memberIds);
      return { room: await roomView(db, user.id, result.roomId), message };
    },

    /** `chat:send`: stored before it is acknowledged; a retry with the same client id is stored once. */
    async send(user: AuthUser, input: SendMessageInput, origin?: Origin): Promise<ChatMessage> {
      const sent = {
        roomId: input.roomId,
        senderId: user.id,
        body: input.body,
        clientMessageId: input.clientMessageId,
      };
      const result = await outcome(db, sent, await storeSent(sent));
      const message = toMessage(result.message);
      if (result.created) events.message(message, result.memberIds, origin);
      return message;
    },

    async edit(user: AuthUser, input: EditMessageInput, origin?: Origin): Promise<ChatMessage> {
      const { row, memberIds } = await db.transaction(async (tx) => {
        const { message, memberIds } = await requireMessage(tx, user.id, input.messageId);
        if (message.deletedAt) throw new AppError('message-not-found');
        if (message.senderId !== user.id) throw new AppError('forbidden');
        return {
          row: await repo.updateMessage(tx, message.id, { body: input.body, editedAt: clock.now() }),
          memberIds,
        };
      });
      const message = toMessage(row);
      events.updated(message, memberIds, origin);
      return message;
    },

    /** Deleting keeps the message's place and clears its text; deleting again changes nothing. */
    async remove(user: AuthUser, input: MessageRef, origin?: Origin): Promise<ChatMessage> {
      const { row, memberIds, changed } = await db.transaction(async (tx) => {
        const { message, memberIds } = await requireMessage(tx, user.id, input.messageId);
        if (message.senderId !== user.id) throw new AppError('forbidden');
        if (message.deletedAt) return { row: message, memberIds, changed: false };
        const row = await repo.updateMessage(tx, message.id, { body: '', pinned: false, deletedAt: clock.now() });
        return { row, memberIds, changed: true };
      });
      const message = toMessage(row);
      if (changed) events.updated(message, memberIds, origin);
      return message;
    },

    /** Any member pins or unpins a message for the whole room. */
    async pin(user: AuthUser, input: PinMessageInput, origin?: Origin): Promise<ChatMessage> {
      const { row, memberIds } = await db.transaction(async (tx) => {
        const { message, memberIds } = await requireMessage(tx, user.id, input.messageId);
        if (message.deletedAt) throw new AppError('message-not-found');
        return { row: await repo.updateMessage(tx, message.id, { pinned: input.pinned }), memberIds };
      });
      const message = toMessage(row);
      events.updated(message, memberIds, origin);
      return message;
    },

    /** Who is told that the caller is typing: the room's other members. */
    async otherMembers(user: AuthUser, roomId: number): Promise<number[]> {
      return (await requireMember(db, roomId, user.id)).filter((id) => id !== user.id);
    },

    async markRead(user: AuthUser, input: ReadInput, origin?: Origin): Promise<void> {
      const memberIds = await db.transaction((tx) => markReadIn(tx, user, input));
      events.read({ roomId: input.roomId, userId: user.id, messageId: input.messageId }, memberIds, origin);
    },

    async messages(user: AuthUser, roomId: number, query: MessagesQuery): Promise<Page<ChatMessage>> {
      await requireMember(db, roomId, user.id);
      const { rows, total } = await repo.listMessages(db, {
        roomId,
        before: query.before,
        pinned: query.pinned,
        limit: query.size,
        offset: offsetOf(query),
      });
      return { total, list: rows.map(toMessage) };
    },

    async rooms(user: AuthUser, userId: number, query: RoomsQuery): Promise<Page<ChatRoom>> {
      if (userId !== user.id) throw new AppError('forbidden');
      return roomsOf(db, { userId, q: query.q, pinned: query.pinned, limit: query.size, offset: offsetOf(query) });
    },

    /** A person's rooms as admins see them: members and activity, without a word of the messages. */
    async staffRooms(userId: number, query: PageQuery): Promise<Page<StaffChatRoom>> {
      const { rows, total } = await repo.listRoomsOfMember(db, { userId, limit: query.size, offset: offsetOf(query) });
      const members = await repo.memberSummariesOf(
        db,
        rows.map((r) => r.room.id),
      );
      const list = rows.map(
        ({ room, messageCount }): StaffChatRoom => ({
          id: room.id,
          type: room.type,
          name: room.name,
          lessonId: room.lessonId,
          members: members.filter((m) => m.roomId === room.id).map(toMember),
          messageCount,
          lastMessageAt: room.lastMessageAt?.toISOString() ?? null,
          createdAt: room.createdAt.toISOString(),
        }),
      );
      return { total, list };
    },

    /**
     * The caller's conversation with another user. Without one, whether that user exists: `room-not-found` lets a
     * client offer a first message, `room-members-not-found` says there is nobody to write to (no more than
     * `POST /chat/new` tells with `user-not-found`).
     */
    async roomByMembers(user: AuthUser, members: number[]): Promise<ChatRoom> {
      const [a = 0, b = 0] = members;
      if (a !== user.id && b !== user.id) throw new AppError('not-room-member');
      const room = a === b ? undefined : await repo.findRoomByDirectKey(db, repo.directKeyOf(a, b));
      if (room) return roomView(db, user.id, room.id);
      if (!(await repo.findUserSummary(db, a === user.id ? b : a))) throw new AppError('room-members-not-found');
      throw new AppError('room-not-found');
    },

    async members(user: AuthUser, roomId: number): Promise<ChatMember[]> {
      const memberIds = await requireMember(db, roomId, user.id);
      return (await repo.findUserSummaries(db, memberIds)).map(toMember);
    },

    /** The caller's own pin, mute and read mark. */
    async updateRoom(user: AuthUser, roomId: number, input: UpdateRoomInput): Promise<ChatRoom> {
      if (Object.keys(input).length === 0) throw new AppError('empty-request');
      const { readUpTo, ...flags } = input;
      const memberIds = await db.transaction(async (tx) => {
        const memberIds = await requireMember(tx, roomId, user.id);
        if (Object.keys(flags).length > 0) await repo.updateMember(tx, roomId, user.id, flags);
        if (readUpTo !== undefined) await markReadIn(tx, user, { roomId, messageId: readUpTo });
        return memberIds;
      });
      if (readUpTo !== undefined) events.read({ roomId, userId: user.id, messageId: readUpTo }, memberIds);
      return roomView(db, user.id, roomId);
    },

    /** The chat room of a lesson's call, with its two members; created on first use. */
    /** The chat beside a call, with its two members. */
    async ensureCallRoom(tx: Db, owner: CallOwner, memberIds: number[]): Promise<number> {
      const room = await repo.upsertCallRoom(tx, owner, clock.now());
      await repo.insertMembers(tx, room.id, memberIds, clock.now());
      return room.id;
    },

    async memberSummaries(tx: Db, userIds: number[]): Promise<ChatMember[]> {
      return (await repo.findUserSummaries(tx, userIds)).map(toMember);
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;
