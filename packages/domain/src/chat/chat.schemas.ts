import { z } from 'zod';
import { Id, IdParam } from '../common/ids.ts';
import { PageQuery } from '../common/paging.ts';
import { RoomTypeSchema } from '../sessions/sessions.schemas.ts';
import { RoleIdSchema } from '../users/users.contract.ts';
import { GenderSchema } from '../users/users.enums.ts';

/** Longest message body (the `messages_body_check` constraint). */
export const MESSAGE_MAX_LENGTH = 4000;
/** Longest client-generated message id (the `messages_client_message_id_check` constraint). */
export const CLIENT_MESSAGE_ID_MAX_LENGTH = 100;

export const MessageBody = z.string().trim().min(1, 'required').max(MESSAGE_MAX_LENGTH, 'text-too-long');
/** The sender's own id for a message (a UUID in the apps), so a retried send is stored once. */
export const ClientMessageId = z
  .string()
  .min(1, 'required')
  .max(CLIENT_MESSAGE_ID_MAX_LENGTH, 'text-too-long')
  .regex(/^[\w-]+$/, 'invalid');

/** A chat message as both sides see it; a deleted message keeps its place with an empty body. */
export const ChatMessageSchema = z.object({
  id: z.number().int(),
  roomId: z.number().int(),
  /** Null for system notices and deleted accounts. */
  senderId: z.number().int().nullable(),
  clientMessageId: z.string().nullable(),
  body: z.string(),
  pinned: z.boolean(),
  editedAt: z.string().nullable(),
  deletedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** A member of a room or call; the gender words the copy that names them ("waiting for her to come back"). */
export const ChatMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string().nullable(),
  role: RoleIdSchema,
  gender: GenderSchema.nullable(),
});
export type ChatMember = z.infer<typeof ChatMemberSchema>;

/** A room from one member's point of view: their pin, mute and unread count. */
export const ChatRoomSchema = z.object({
  id: z.number().int(),
  type: RoomTypeSchema,
  name: z.string().nullable(),
  lessonId: z.number().int().nullable(),
  members: z.array(ChatMemberSchema),
  pinned: z.boolean(),
  muted: z.boolean(),
  unreadCount: z.number().int().min(0),
  lastReadMessageId: z.number().int().nullable(),
  lastMessage: ChatMessageSchema.nullable(),
  lastMessageAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ChatRoom = z.infer<typeof ChatRoomSchema>;

/**
 * A room as staff see it on a person's page (issue 12): who is in it and how busy it is, never what was said;
 * staff read the list of someone's conversations, not their messages.
 */
export const StaffChatRoomSchema = z.object({
  id: z.number().int(),
  type: RoomTypeSchema,
  name: z.string().nullable(),
  lessonId: z.number().int().nullable(),
  members: z.array(ChatMemberSchema),
  /** Messages not deleted. */
  messageCount: z.number().int().min(0),
  lastMessageAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffChatRoom = z.infer<typeof StaffChatRoomSchema>;

export const NewChatInput = z.strictObject({
  userId: Id,
  message: MessageBody,
  clientMessageId: ClientMessageId.optional(),
});
export type NewChatInput = z.infer<typeof NewChatInput>;

export const NewChatSchema = z.object({ room: ChatRoomSchema, message: ChatMessageSchema });
export type NewChat = z.infer<typeof NewChatSchema>;

const BooleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Newest first; `before` (a message id) pages back from a message the client already has. */
export const MessagesQuery = PageQuery.extend({
  before: IdParam.optional(),
  pinned: BooleanQuery.optional(),
}).strict();
export type MessagesQuery = z.infer<typeof MessagesQuery>;

/** Pinned rooms first, then by latest message; `q` searches the other members' names and the room name. */
export const RoomsQuery = PageQuery.extend({
  q: z.string().trim().min(1).max(100).optional(),
  pinned: BooleanQuery.optional(),
}).strict();
export type RoomsQuery = z.infer<typeof RoomsQuery>;

/** `members=1,2`: the two people of a general room (the caller among them). */
export const RoomByMembersQuery = z.strictObject({
  members: z
    .string()
    .regex(/^\d{1,10},\d{1,10}$/, 'invalid')
    .transform((v) => v.split(',').map(Number))
    .pipe(z.array(Id).length(2)),
});

/** The caller's own view of a room: pin, mute, read up to a message. */
export const UpdateRoomInput = z.strictObject({ pinned: z.boolean(), muted: z.boolean(), readUpTo: Id }).partial();
export type UpdateRoomInput = z.infer<typeof UpdateRoomInput>;

export const RoomIdParams = z.strictObject({ roomId: IdParam });
export const UserIdParams = z.strictObject({ userId: IdParam });

// Socket events (client → server), validated by the server like HTTP bodies.
export const SendMessageInput = z.strictObject({ roomId: Id, clientMessageId: ClientMessageId, body: MessageBody });
export type SendMessageInput = z.infer<typeof SendMessageInput>;
export const EditMessageInput = z.strictObject({ messageId: Id, body: MessageBody });
export type EditMessageInput = z.infer<typeof EditMessageInput>;
export const MessageRef = z.strictObject({ messageId: Id });
export type MessageRef = z.infer<typeof MessageRef>;
export const PinMessageInput = z.strictObject({ messageId: Id, pinned: z.boolean() });
export type PinMessageInput = z.infer<typeof PinMessageInput>;
export const TypingInput = z.strictObject({ roomId: Id, typing: z.boolean() });
export type TypingInput = z.infer<typeof TypingInput>;
export const ReadInput = z.strictObject({ roomId: Id, messageId: Id });
export type ReadInput = z.infer<typeof ReadInput>;

/** Server → client facts about a room. */
export interface TypingPayload {
  roomId: number;
  userId: number;
  typing: boolean;
}
export interface ReadPayload {
  roomId: number;
  userId: number;
  messageId: number;
}
