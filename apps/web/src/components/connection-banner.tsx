import { Button, cn } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { useSession } from '../lib/auth-store.ts';
import { realtime, useRealtimeState } from '../lib/realtime.ts';

/**
 * "Poor connection" while the live connection is reconnecting or slow, "connection lost" when it stays down or
 * the browser is offline (spec §8); nothing while all is well or nobody is signed in.
 */
export function ConnectionBanner() {
  const t = useT();
  const signedIn = useSession((state) => state.token !== null);
  const { quality } = useRealtimeState();
  if (!signedIn || quality === 'good') return null;
  const lost = quality === 'lost';
  return (
    <div
      role={lost ? 'alert' : 'status'}
      className={cn(
        'sticky top-16 z-20 flex flex-wrap items-center justify-center gap-x-3 gap-y-1 border-b px-4 py-2 text-center text-sm',
        lost ? 'border-red-200 bg-red-50 text-red-900' : 'border-amber-200 bg-amber-50 text-amber-900',
      )}
    >
      <span className="font-semibold">{t(lost ? 'realtime.connection.lost' : 'realtime.connection.poor')}</span>
      <span>{t(lost ? 'realtime.connection.lostHint' : 'realtime.connection.poorHint')}</span>
      {lost && (
        <Button size="sm" variant="ghost" className="h-7" onClick={() => realtime.retry()}>
          {t('common.retry')}
        </Button>
      )}
    </div>
  );
}
