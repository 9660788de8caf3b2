import { z } from 'zod';

/** Status of a plan invite (and of a coupon request), spec §4. */
export const InviteStatus = { pending: 1, rejected: 2, approved: 3 } as const;
export type InviteStatus = (typeof InviteStatus)[keyof typeof InviteStatus];
export const InviteStatusSchema = z.enum(InviteStatus);
