import { useI18n } from '@darsak/ui/i18n';
import { countdownText } from '../hooks/use-now.ts';
import { type CallState, connectedMsBetween } from '../lib/live-call.ts';
import { PauseIcon } from './session-icons.tsx';

/**
 * The lesson's own clock: the time it has been held, connected, since its start. It stops while the call is down,
 * as the minutes charged do, and says so.
 */
export function LessonClock({
  connected,
  startsAt,
  endsAt,
  now,
}: {
  connected: CallState['connected'];
  startsAt: number;
  endsAt: number;
  now: number;
}) {
  const { t, format } = useI18n();
  if (now < startsAt) return null;
  const running = connected.at(-1)?.until === null && now < endsAt;
  const held = countdownText(connectedMsBetween(connected, startsAt, Math.min(now, endsAt)), format.number);
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-black/40 px-2 py-0.5 tabular-nums"
      title={t('realtime.session.clock.hint')}
      data-testid="lesson-clock"
      data-running={running}
    >
      {!running && <PauseIcon width={14} height={14} />}
      {running
        ? t('realtime.session.clock.running', { time: held })
        : t('realtime.session.clock.paused', { time: held })}
    </span>
  );
}
