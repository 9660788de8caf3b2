import { describe, expect, it } from 'vitest';
import { ClientMessageId, MessageBody, RoomByMembersQuery, UpdateRoomInput } from './chat.schemas.ts';

describe('chat schemas', () => {
  it('trims message bodies and bounds them to the stored length', () => {
    expect(MessageBody.parse('  hello  ')).toBe('hello');
    expect(MessageBody.safeParse('x'.repeat(4000)).success).toBe(true);
    expect(MessageBody.safeParse('x'.repeat(4001)).error?.issues[0]?.message).toBe('text-too-long');
    expect(MessageBody.safeParse('   ').error?.issues[0]?.message).toBe('required');
  });

  it('takes UUID-like client message ids', () => {
    expect(ClientMessageId.safeParse('0b6f3c1e-7a51-4c55-9d0a-2f3a3e1c9b11').success).toBe(true);
    for (const bad of ['', 'has space', 'x'.repeat(101), 'semi;colon'])
      expect(ClientMessageId.safeParse(bad).success).toBe(false);
  });

  it('reads members=1,2 as two ids', () => {
    expect(RoomByMembersQuery.parse({ members: '4,9' })).toEqual({ members: [4, 9] });
    for (const bad of ['4', '4,9,10', '0,9', 'a,b', '4;9', '99999999999,1']) {
      expect(RoomByMembersQuery.safeParse({ members: bad }).success).toBe(false);
    }
  });

  it('updates a room with known fields only', () => {
    expect(UpdateRoomInput.parse({ pinned: true })).toEqual({ pinned: true });
    expect(UpdateRoomInput.safeParse({ pinned: 'yes' }).success).toBe(false);
    expect(UpdateRoomInput.safeParse({ archived: true }).success).toBe(false);
  });
});
