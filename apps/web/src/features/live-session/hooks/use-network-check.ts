import { type IceServer, type NetworkCheck, sessionsContract } from '@darsak/domain/sessions';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../../lib/api.ts';
import { realtime } from '../../../lib/realtime.ts';
import { checkNetwork } from '../lib/network-check.ts';

/** One round trip over the live socket, in ms (null: no answer). */
async function socketRoundTrip(): Promise<number | null> {
  const started = performance.now();
  const answer = await realtime.request('connection:check', {}, { timeoutMs: 3000 });
  return answer.ok ? Math.round(performance.now() - started) : null;
}

export type NetworkCheckState = { status: 'checking' } | { status: 'done'; check: NetworkCheck };

/** Runs the pre-lesson check when the ready screen opens, and again when asked (the newest run's result shows). */
export function useNetworkCheck(iceServers: IceServer[]): NetworkCheckState & { again(): void } {
  const [state, setState] = useState<NetworkCheckState>({ status: 'checking' });
  const newest = useRef(0);
  const run = useCallback(() => {
    const mine = ++newest.current;
    setState({ status: 'checking' });
    void checkNetwork({
      iceServers,
      roundTrip: socketRoundTrip,
      upload: async (data) => {
        await api.callRoute(sessionsContract.uploadCheck, { body: { data } });
      },
    }).then((check) => {
      if (newest.current === mine) setState({ status: 'done', check });
    });
  }, [iceServers]);
  useEffect(() => {
    run();
    return () => {
      newest.current++;
    };
  }, [run]);
  return { ...state, again: run };
}
