import { type TelegramLink, type TelegramLinkStatus, telegramContract } from '@darsak/domain/telegram';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api.ts';

/** How often the page asks whether START was pressed while a link waits. */
export const LINK_POLL_MS = 3000;

const statusKey = ['telegram', 'status'] as const;

/**
 * The user's Telegram link and the deep link waiting for its START: while one waits (and has not expired) the
 * status is polled, so the page turns to "linked" as soon as the bot has linked the chat.
 */
export function useTelegramLink({ onLinked }: { onLinked: () => void }) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<TelegramLink | null>(null);
  const expired = useExpired(pending?.expiresAt);
  const waiting = pending !== null && !expired;
  const status = useQuery({
    queryKey: statusKey,
    queryFn: ({ signal }) => api.callRoute(telegramContract.status, { signal }),
    refetchInterval: (query) => (waiting && !query.state.data?.linked ? LINK_POLL_MS : false),
  });
  const linked = status.data?.linked === true;
  useEffect(() => {
    if (!linked || pending === null) return;
    setPending(null);
    onLinked();
  }, [linked, pending, onLinked]);

  const create = useMutation({
    mutationFn: () => api.callRoute(telegramContract.link, { body: {} }),
    onSuccess: setPending,
  });
  const unlink = useMutation({
    mutationFn: () => api.callRoute(telegramContract.unlink),
    onSuccess: (answer: TelegramLinkStatus) => {
      setPending(null);
      queryClient.setQueryData(statusKey, answer);
    },
  });

  return {
    status,
    create,
    unlink,
    /** The deep link while it waits for START, to open again. */
    pending,
    waiting,
    expired,
  };
}

/** True once `expiresAt` has passed; re-evaluated when it does. */
function useExpired(expiresAt: string | undefined): boolean {
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    setExpired(false);
    if (!expiresAt) return;
    const left = new Date(expiresAt).getTime() - Date.now();
    if (left <= 0) {
      setExpired(true);
      return;
    }
    const timer = setTimeout(() => setExpired(true), left);
    return () => clearTimeout(timer);
  }, [expiresAt]);
  return expired;
}
