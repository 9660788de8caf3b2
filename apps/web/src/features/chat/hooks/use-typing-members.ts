import { useEffect, useRef, useState } from 'react';
import { useRealtimeEvent } from '../../../lib/realtime.ts';

/** A typing mark not repeated within this time is considered over (the stop may be lost: it is volatile). */
export const TYPING_SHOWN_MS = 5000;

/** Who else is typing in a room now (user ids), from the other members' `chat:typing` marks. */
export function useTypingMembers(roomId: number, userId: number): number[] {
  const [typing, setTyping] = useState<number[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const stop = (id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setTyping((ids) => (ids.includes(id) ? ids.filter((other) => other !== id) : ids));
  };

  useRealtimeEvent('chat:typing', (mark) => {
    if (mark.roomId !== roomId || mark.userId === userId) return;
    if (!mark.typing) return stop(mark.userId);
    clearTimeout(timers.current.get(mark.userId));
    timers.current.set(
      mark.userId,
      setTimeout(() => stop(mark.userId), TYPING_SHOWN_MS),
    );
    setTyping((ids) => (ids.includes(mark.userId) ? ids : [...ids, mark.userId]));
  });
  // Their message arrived: they are done typing it.
  useRealtimeEvent('chat:message', (message) => {
    if (message.roomId === roomId && message.senderId !== null) stop(message.senderId);
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new room starts with nobody typing
  useEffect(() => {
    const current = timers.current;
    setTyping([]);
    return () => {
      for (const timer of current.values()) clearTimeout(timer);
      current.clear();
    };
  }, [roomId]);

  return typing;
}
