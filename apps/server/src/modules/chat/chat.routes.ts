import { chatContract } from '@darsak/domain/chat';
import type { FastifyPluginAsync } from 'fastify';
import { bindContract } from '../../platform/http/bind-contract.ts';
import type { ChatService } from './chat.service.ts';

export const chatRoutes: FastifyPluginAsync<{ chat: ChatService }> = async (app, { chat }) => {
  bindContract(app, chatContract.start, ({ user, body }) => chat.start(user, body));
  bindContract(app, chatContract.messages, ({ user, params, query }) => chat.messages(user, params.roomId, query));
  bindContract(app, chatContract.rooms, ({ user, params, query }) => chat.rooms(user, params.userId, query));
  bindContract(app, chatContract.staffRooms, ({ params, query }) => chat.staffRooms(params.userId, query));
  bindContract(app, chatContract.roomByMembers, ({ user, query }) => chat.roomByMembers(user, query.members));
  bindContract(app, chatContract.members, ({ user, params }) => chat.members(user, params.roomId));
  bindContract(app, chatContract.updateRoom, ({ user, params, body }) => chat.updateRoom(user, params.roomId, body));
};
