/** Query keys of the chat (rooms of the signed-in user, a room's messages and members). */
export const chatKeys = {
  all: ['chat'] as const,
  rooms: () => [...chatKeys.all, 'rooms'] as const,
  roomList: (userId: number, q: string) => [...chatKeys.rooms(), userId, q] as const,
  messages: (roomId: number) => [...chatKeys.all, 'messages', roomId] as const,
  pinned: (roomId: number) => [...chatKeys.all, 'pinned', roomId] as const,
  members: (roomId: number) => [...chatKeys.all, 'members', roomId] as const,
};
