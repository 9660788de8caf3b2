import { z } from 'zod';
import { RoomType, SESSION_LENGTHS, SessionJoinState, SessionStatus } from './sessions.enums.ts';

// The server's checks of the sessions' values, apart from the values themselves so a page that only reads them does
// not load zod.
export const SessionStatusSchema = z.enum(SessionStatus);
export const RoomTypeSchema = z.enum(RoomType);
export const SessionJoinStateSchema = z.enum(SessionJoinState);
export const SessionLengthSchema = z.literal(SESSION_LENGTHS);
