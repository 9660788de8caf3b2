import { Button, EmptyState } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import type { MediaProblem } from '../hooks/use-local-media.ts';
import { type RoomKind, useRoomT } from '../lib/room-words.ts';
import { CameraOffIcon, MicOffIcon } from './session-icons.tsx';

const TEXTS = {
  denied: ['realtime.session.devices.denied.title', 'realtime.session.devices.denied.body'],
  missing: ['realtime.session.devices.missing.title', 'realtime.session.devices.missing.body'],
  busy: ['realtime.session.devices.busy.title', 'realtime.session.devices.busy.body'],
  unsupported: ['noWebrtc.title', 'noWebrtc.body'],
} as const;

/** The device permission screens: permission denied, missing camera or microphone, device busy. */
export function DeviceProblem({
  problem,
  onRetry,
  onSkip,
}: {
  problem: MediaProblem;
  onRetry(): void;
  onSkip(): void;
}) {
  const t = useT();
  const [title, body] = TEXTS[problem];
  return (
    <div role="alert">
      <EmptyState
        icon={problem === 'missing' ? <MicOffIcon /> : <CameraOffIcon />}
        title={t(title)}
        description={t(body)}
        action={
          <div className="flex flex-wrap justify-center gap-2">
            {problem !== 'unsupported' && <Button onClick={onRetry}>{t('realtime.session.devices.retry')}</Button>}
            <Button variant="secondary" onClick={onSkip}>
              {t('realtime.session.devices.joinWithout')}
            </Button>
          </div>
        }
      />
    </div>
  );
}

/** While the browser asks for the permission (who will see and hear: the room's own words). */
export function AskingForDevices({ kind }: { kind: RoomKind }) {
  const t = useRoomT(kind);
  return (
    <EmptyState
      icon={<CameraOffIcon />}
      title={t('realtime.session.devices.asking.title')}
      description={t('realtime.session.devices.asking.body')}
    />
  );
}
