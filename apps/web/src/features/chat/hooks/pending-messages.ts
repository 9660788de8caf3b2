import type { ApiErrorCode } from '@darsak/client';
import { useSyncExternalStore } from 'react';

/** A message typed by the user that the server has not acknowledged yet (spec §4 chat message: sending, retry). */
export interface PendingMessage {
  clientMessageId: string;
  roomId: number;
  body: string;
  status: 'sending' | 'failed';
  createdAt: string;
  errorCode?: ApiErrorCode;
}

let pending: PendingMessage[] = [];
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

/** Messages waiting for their ack, kept for the page's life so they survive switching rooms. */
export const pendingMessages = {
  put(message: PendingMessage) {
    pending = [...pending.filter((m) => m.clientMessageId !== message.clientMessageId), message];
    emit();
  },
  remove(clientMessageId: string) {
    if (!pending.some((m) => m.clientMessageId === clientMessageId)) return;
    pending = pending.filter((m) => m.clientMessageId !== clientMessageId);
    emit();
  },
  get: (clientMessageId: string) => pending.find((m) => m.clientMessageId === clientMessageId),
  all: () => pending,
  reset() {
    pending = [];
    emit();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function usePendingMessages(roomId: number): PendingMessage[] {
  const all = useSyncExternalStore(pendingMessages.subscribe, pendingMessages.all, pendingMessages.all);
  return all.filter((m) => m.roomId === roomId);
}
