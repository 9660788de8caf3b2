import { PageQuery, pageOf } from '../common/paging.ts';
import { defineRoute } from '../contract/define-route.ts';
import { ROLE_GROUPS } from '../users/roles.ts';
import {
  ChatMemberSchema,
  ChatMessageSchema,
  ChatRoomSchema,
  MessagesQuery,
  NewChatInput,
  NewChatSchema,
  RoomByMembersQuery,
  RoomIdParams,
  RoomsQuery,
  StaffChatRoomSchema,
  UpdateRoomInput,
  UserIdParams,
} from './chat.schemas.ts';

const common = { tags: ['chat'], auth: 'signedIn' } as const;

/** CHAT calls of spec §7. Sending, editing and deleting messages go over the socket (`chat:*` events). */
export const chatContract = {
  start: defineRoute({
    ...common,
    method: 'POST',
    path: '/api/v1/chat/new',
    summary: 'Send a first message to a user; an existing conversation between the two is reused',
    body: NewChatInput,
    response: NewChatSchema,
    status: 201,
    errors: ['user-not-found', 'forbidden', 'illegal'],
  }),
  messages: defineRoute({
    ...common,
    method: 'GET',
    path: '/api/v1/chat/list/:roomId/messages',
    summary: "A room's messages, newest first (members only)",
    params: RoomIdParams,
    query: MessagesQuery,
    response: pageOf(ChatMessageSchema),
    errors: ['room-not-found', 'not-room-member'],
  }),
  rooms: defineRoute({
    ...common,
    method: 'GET',
    path: '/api/v1/chat/list/rooms/:userId',
    summary: "The signed-in user's rooms: pinned first, with last message and unread count",
    params: UserIdParams,
    query: RoomsQuery,
    response: pageOf(ChatRoomSchema),
    errors: ['forbidden'],
  }),
  staffRooms: defineRoute({
    ...common,
    method: 'GET',
    path: '/api/v1/chat/staff/rooms/:userId',
    summary: "A person's rooms for admins: members, message count and last message time, no messages",
    auth: [...ROLE_GROUPS.admins],
    params: UserIdParams,
    query: PageQuery.strict(),
    response: pageOf(StaffChatRoomSchema),
    errors: ['forbidden'],
  }),
  roomByMembers: defineRoute({
    ...common,
    method: 'GET',
    path: '/api/v1/chat/room/by/members',
    summary: 'The conversation between the caller and another user',
    query: RoomByMembersQuery,
    response: ChatRoomSchema,
    errors: ['room-not-found', 'not-room-member', 'room-members-not-found'],
  }),
  members: defineRoute({
    ...common,
    method: 'GET',
    path: '/api/v1/chat/room/members/:roomId',
    summary: "A room's members (members only)",
    params: RoomIdParams,
    response: ChatMemberSchema.array(),
    errors: ['room-not-found', 'not-room-member'],
  }),
  updateRoom: defineRoute({
    ...common,
    method: 'PUT',
    path: '/api/v1/chat/room/:roomId',
    summary: 'Pin, mute or mark read a room for the caller',
    params: RoomIdParams,
    body: UpdateRoomInput,
    response: ChatRoomSchema,
    errors: ['room-not-found', 'not-room-member', 'message-not-found', 'empty-request'],
  }),
} as const;
