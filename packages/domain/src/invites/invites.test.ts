import { describe, expect, it } from 'vitest';
import { InviteStatus, InviteStatusSchema } from './invites.enums.ts';

describe('invites', () => {
  it('numbers statuses 1 to 3', () => {
    expect(InviteStatus).toEqual({ pending: 1, rejected: 2, approved: 3 });
    expect(InviteStatusSchema.safeParse(0).success).toBe(false);
    expect(InviteStatusSchema.safeParse(3).success).toBe(true);
    expect(InviteStatusSchema.safeParse(4).success).toBe(false);
  });
});
