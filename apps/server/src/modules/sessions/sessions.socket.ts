import { AppError } from '@darsak/domain/errors';
import { sessionRoom, userRoom } from '@darsak/domain/realtime';
import {
  CallQualityInput,
  ConnectionInput,
  JoinSessionInput,
  MediaInput,
  SessionRef,
  SignalInput,
} from '@darsak/domain/sessions';
import type { FastifyBaseLogger } from 'fastify';
import type { AppIo, AppSocket } from '../../platform/realtime/realtime.ts';
import { onEvent } from '../../platform/realtime/socket-events.ts';
import type { CallQuality } from './sessions.quality.ts';
import type { SessionsService } from './sessions.service.ts';

/**
 * The live call over the socket: joining with a join token, signalling and media toggles relayed only to the
 * call's other member, and presence. Every arrival and departure is recorded by the service as the timeline; each
 * member's quality reports are kept for staff.
 */
export function registerSessionSocketHandlers(
  io: AppIo,
  socket: AppSocket,
  deps: { sessions: SessionsService; quality: CallQuality; log: FastifyBaseLogger },
) {
  const { sessions, quality, log } = deps;
  const user = socket.data.user;
  const joined = new Set<number>();
  /** Everyone in the call but this user, on any instance. */
  const others = (sessionId: number) => io.to(sessionRoom(sessionId)).except(userRoom(user.id));

  const socketsInCall = (sessionId: number) => io.in(sessionRoom(sessionId)).fetchSockets();

  function requireJoined(sessionId: number) {
    if (!joined.has(sessionId)) throw new AppError('forbidden');
  }

  /** A member leaves the call only when none of their sockets (another tab, a rejoined connection) remains. */
  async function departed(sessionId: number, kind: 'leave' | 'drop') {
    const stillIn = (await socketsInCall(sessionId)).some((s) => s.data.user.id === user.id && s.id !== socket.id);
    if (stillIn) return;
    const left = await sessions.depart(user, sessionId, kind);
    if (!left) return;
    others(sessionId).emit('session:peer-left', { sessionId, userId: user.id, kind });
    others(sessionId).emit('session:state', { sessionId, joinState: left.joinState });
  }

  onEvent(socket, log, 'session:join', JoinSessionInput, async ({ token }) => {
    const call = await sessions.join(user, token);
    await socket.join(sessionRoom(call.sessionId));
    joined.add(call.sessionId);
    others(call.sessionId).emit('session:peer-joined', { sessionId: call.sessionId, userId: user.id, kind: call.kind });
    others(call.sessionId).emit('session:state', { sessionId: call.sessionId, joinState: call.joinState });
    const peers = new Set((await socketsInCall(call.sessionId)).map((s) => s.data.user.id));
    peers.delete(user.id);
    return {
      sessionId: call.sessionId,
      lessonId: call.lessonId,
      interviewId: call.interviewId,
      demoSessionId: call.demoSessionId,
      roomId: call.roomId,
      joinState: call.joinState,
      peers: [...peers],
    };
  });

  onEvent(socket, log, 'session:leave', SessionRef, async ({ sessionId }) => {
    if (!joined.delete(sessionId)) return null;
    await socket.leave(sessionRoom(sessionId));
    await departed(sessionId, 'leave');
    return null;
  });

  onEvent(socket, log, 'session:signal', SignalInput, async ({ sessionId, signal, route }) => {
    requireJoined(sessionId);
    others(sessionId).emit('session:signal', { sessionId, from: user.id, signal, ...(route && { route }) });
    return null;
  });

  onEvent(socket, log, 'session:media', MediaInput, async ({ sessionId, ...media }) => {
    requireJoined(sessionId);
    others(sessionId).emit('session:media', { sessionId, userId: user.id, ...media });
    return null;
  });

  onEvent(socket, log, 'session:connection', ConnectionInput, async ({ sessionId, flowing }) => {
    requireJoined(sessionId);
    await sessions.reportMedia(user, sessionId, flowing);
    return null;
  });

  onEvent(socket, log, 'session:quality', CallQualityInput, async (report) => {
    requireJoined(report.sessionId);
    await quality.report(user, report);
    return null;
  });

  socket.on('disconnecting', (reason) => {
    // An instance shutting down records nothing: the member's rejoin elsewhere is recorded as a reconnect.
    if (reason === 'server shutting down') return;
    for (const sessionId of joined) {
      departed(sessionId, 'drop').catch((error) => log.error({ err: error, sessionId }, 'recording a drop failed'));
    }
  });
}
