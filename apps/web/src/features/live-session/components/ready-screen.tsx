import type { SessionToken } from '@darsak/domain/sessions';
import { Alert, Button, Card, cn, SelectField, Spinner } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { LocalMedia } from '../hooks/use-local-media.ts';
import { useNetworkCheck } from '../hooks/use-network-check.ts';
import type { MediaState } from '../lib/live-call.ts';
import { useRoomT } from '../lib/room-words.ts';
import { NetworkCheckPanel } from './network-check-panel.tsx';
import { CameraIcon, CameraOffIcon, MicIcon, MicOffIcon } from './session-icons.tsx';
import { VideoView } from './video-view.tsx';
import { WaitingNotice } from './waiting-notice.tsx';

/**
 * The ready-to-join screen (spec §2 camera/mic choice): the preview, the device choice, whether to start with the
 * camera and microphone on, what the lesson is waiting for, and what the network will give the call.
 */
export function ReadyScreen({
  media,
  token,
  isStudent,
  joining,
  onJoin,
}: {
  media: LocalMedia;
  token: SessionToken;
  isStudent: boolean;
  joining: boolean;
  onJoin(start: MediaState): void;
}) {
  const { format } = useI18n();
  const t = useRoomT(token.type);
  const [camera, setCamera] = useState(true);
  const [microphone, setMicrophone] = useState(true);
  const hasCamera = !media.missing.camera && media.stream !== null;
  const hasMicrophone = !media.missing.microphone && media.stream !== null;
  const minutes = Math.round((Date.parse(token.endsAt) - Date.parse(token.startsAt)) / 60_000);
  const network = useNetworkCheck(token.iceServers);

  useEffect(() => {
    for (const track of media.stream?.getVideoTracks() ?? []) track.enabled = camera;
  }, [media.stream, camera]);

  return (
    <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
      <div className="space-y-3">
        <div className="relative aspect-video overflow-hidden rounded-2xl bg-stone-900">
          {media.status === 'asking' ? (
            <div className="flex size-full items-center justify-center text-white">
              <Spinner className="size-8" />
            </div>
          ) : hasCamera && camera ? (
            <VideoView stream={media.stream} muted mirrored label={t('realtime.session.ready.preview')} />
          ) : (
            <div className="flex size-full flex-col items-center justify-center gap-2 text-white/80">
              <CameraOffIcon width={40} height={40} />
              <p>{t('realtime.session.ready.previewOff')}</p>
            </div>
          )}
          <div className="absolute inset-x-0 bottom-3 flex justify-center gap-3">
            <RoundToggle
              on={microphone && hasMicrophone}
              disabled={!hasMicrophone}
              onLabel={t('realtime.session.micOn')}
              offLabel={t('realtime.session.micOff')}
              onIcon={<MicIcon />}
              offIcon={<MicOffIcon />}
              onToggle={() => setMicrophone((on) => !on)}
            />
            <RoundToggle
              on={camera && hasCamera}
              disabled={!hasCamera}
              onLabel={t('realtime.session.cameraOn')}
              offLabel={t('realtime.session.cameraOff')}
              onIcon={<CameraIcon />}
              offIcon={<CameraOffIcon />}
              onToggle={() => setCamera((on) => !on)}
            />
          </div>
        </div>
        {hasMicrophone && microphone && <MicLevel stream={media.stream} />}
      </div>

      <Card className="h-fit" title={t('realtime.session.ready.title')} description={t('realtime.session.ready.body')}>
        <div className="space-y-4">
          <p className="text-sm text-muted">
            {t('realtime.session.ready.lessonAt', {
              time: format.dateTime(token.startsAt),
              minutes: format.minutes(minutes),
            })}
          </p>
          {media.missing.camera && media.stream && (
            <Alert tone="warning">{t('realtime.session.devices.missingCamera')}</Alert>
          )}
          {media.missing.microphone && media.stream && (
            <Alert tone="warning">{t('realtime.session.devices.missingMicrophone')}</Alert>
          )}
          {media.cameras.length > 0 && (
            <SelectField
              label={t('realtime.session.ready.camera')}
              placeholder={false}
              value={media.choice.cameraId ?? ''}
              disabled={media.status === 'asking' || joining}
              onChange={(event) => void media.acquire({ ...media.choice, cameraId: event.target.value })}
              options={media.cameras.map((d, i) => ({
                value: d.deviceId,
                label: d.label || t('realtime.session.ready.device', { n: format.number(i + 1) }),
              }))}
            />
          )}
          {media.microphones.length > 0 && (
            <SelectField
              label={t('realtime.session.ready.microphone')}
              placeholder={false}
              value={media.choice.microphoneId ?? ''}
              disabled={media.status === 'asking' || joining}
              onChange={(event) => void media.acquire({ ...media.choice, microphoneId: event.target.value })}
              options={media.microphones.map((d, i) => ({
                value: d.deviceId,
                label: d.label || t('realtime.session.ready.device', { n: format.number(i + 1) }),
              }))}
            />
          )}
          <WaitingNotice token={token} joinState={token.joinState} isStudent={isStudent} compact />
          <NetworkCheckPanel state={network} onAgain={network.again} />
          <Button
            block
            size="lg"
            loading={joining}
            disabled={media.status === 'asking'}
            onClick={() => onJoin({ camera: camera && hasCamera, microphone: microphone && hasMicrophone })}
          >
            {t('realtime.session.ready.join')}
          </Button>
        </div>
      </Card>
    </div>
  );
}

function RoundToggle({
  on,
  disabled,
  onLabel,
  offLabel,
  onIcon,
  offIcon,
  onToggle,
}: {
  on: boolean;
  disabled?: boolean;
  onLabel: string;
  offLabel: string;
  onIcon: ReactNode;
  offIcon: ReactNode;
  onToggle(): void;
}) {
  return (
    <button
      type="button"
      disabled={disabled}
      onClick={onToggle}
      aria-label={on ? onLabel : offLabel}
      className={cn(
        'flex size-12 items-center justify-center rounded-full shadow-lg transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-50',
        on ? 'bg-white/90 text-ink hover:bg-white' : 'bg-red-600 text-white hover:bg-red-700',
      )}
    >
      {on ? onIcon : offIcon}
    </button>
  );
}

/** A live level of the microphone, so the user sees it hears them. */
function MicLevel({ stream }: { stream: MediaStream | null }) {
  const { t } = useI18n();
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const track = stream?.getAudioTracks()[0];
    const AudioContextClass = globalThis.AudioContext;
    if (!stream || !track || typeof AudioContextClass !== 'function') return;
    const context = new AudioContextClass();
    const analyser = context.createAnalyser();
    analyser.fftSize = 256;
    context.createMediaStreamSource(new MediaStream([track])).connect(analyser);
    const data = new Uint8Array(analyser.frequencyBinCount);
    let frame = 0;
    const draw = () => {
      analyser.getByteTimeDomainData(data);
      let peak = 0;
      for (const v of data) peak = Math.max(peak, Math.abs(v - 128));
      if (bar.current) bar.current.style.inlineSize = `${Math.min(100, (peak / 64) * 100)}%`;
      frame = requestAnimationFrame(draw);
    };
    draw();
    return () => {
      cancelAnimationFrame(frame);
      void context.close();
    };
  }, [stream]);
  return (
    <div className="flex items-center gap-3 text-sm text-muted">
      <MicIcon width={18} height={18} />
      <span className="sr-only">{t('realtime.session.ready.micLevel')}</span>
      <div className="h-2 flex-1 overflow-hidden rounded-full bg-stone-200" aria-hidden="true">
        <div ref={bar} className="h-full w-0 rounded-full bg-emerald-500 transition-[inline-size] duration-75" />
      </div>
    </div>
  );
}
