import { useCallback, useEffect, useRef, useState } from 'react';
import { clientLog } from '../../../lib/realtime.ts';

/** Why the camera and microphone are not available (the device permission screens). */
export type MediaProblem = 'unsupported' | 'denied' | 'missing' | 'busy';

export interface DeviceChoice {
  cameraId: string | null;
  microphoneId: string | null;
}

export interface LocalMedia {
  status: 'idle' | 'asking' | 'ready' | 'problem';
  problem: MediaProblem | null;
  stream: MediaStream | null;
  cameras: MediaDeviceInfo[];
  microphones: MediaDeviceInfo[];
  choice: DeviceChoice;
  /** A kind the device does not have: the call goes on without it. */
  missing: { camera: boolean; microphone: boolean };
  acquire(choice?: Partial<DeviceChoice>): Promise<void>;
  /** Joins with no camera and no microphone (after a problem). */
  skip(): void;
  stop(): void;
}

const problemOf = (error: unknown): MediaProblem => {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'missing';
  return 'busy';
};

async function listDevices() {
  try {
    const all = await navigator.mediaDevices.enumerateDevices();
    return {
      cameras: all.filter((d) => d.kind === 'videoinput'),
      microphones: all.filter((d) => d.kind === 'audioinput'),
    };
  } catch {
    return { cameras: [], microphones: [] };
  }
}

/** The camera and microphone for the call: permission, device lists and choice, and the stream for the preview. */
export function useLocalMedia(): LocalMedia {
  const [status, setStatus] = useState<LocalMedia['status']>('idle');
  const [problem, setProblem] = useState<MediaProblem | null>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [devices, setDevices] = useState<{ cameras: MediaDeviceInfo[]; microphones: MediaDeviceInfo[] }>({
    cameras: [],
    microphones: [],
  });
  const [choice, setChoice] = useState<DeviceChoice>({ cameraId: null, microphoneId: null });
  const [missing, setMissing] = useState({ camera: false, microphone: false });
  const current = useRef<MediaStream | null>(null);

  const replace = useCallback((next: MediaStream | null) => {
    for (const track of current.current?.getTracks() ?? []) track.stop();
    current.current = next;
    setStream(next);
  }, []);

  const acquire = useCallback(
    async (wanted: Partial<DeviceChoice> = {}) => {
      if (!navigator.mediaDevices?.getUserMedia) {
        clientLog.error('media', 'getUserMedia unavailable');
        setProblem('unsupported');
        setStatus('problem');
        return;
      }
      setStatus('asking');
      setProblem(null);
      const before = await listDevices();
      const hasCamera = before.cameras.length > 0;
      const hasMicrophone = before.microphones.length > 0;
      if (!hasCamera && !hasMicrophone) {
        clientLog.warn('media', 'no camera and no microphone');
        replace(null);
        setProblem('missing');
        setStatus('problem');
        return;
      }
      const constraint = (id: string | null | undefined) => (id ? { deviceId: { exact: id } } : true);
      try {
        // Stop the old tracks first: some devices cannot be opened twice.
        replace(null);
        const next = await navigator.mediaDevices.getUserMedia({
          video: hasCamera ? constraint(wanted.cameraId) : false,
          audio: hasMicrophone ? constraint(wanted.microphoneId) : false,
        });
        replace(next);
        const after = await listDevices();
        setDevices(after);
        const video = next.getVideoTracks()[0];
        const audio = next.getAudioTracks()[0];
        setChoice({
          cameraId: video?.getSettings().deviceId ?? null,
          microphoneId: audio?.getSettings().deviceId ?? null,
        });
        setMissing({ camera: !video, microphone: !audio });
        clientLog.info('media', 'devices ready', { camera: video?.label ?? null, microphone: audio?.label ?? null });
        setStatus('ready');
      } catch (error) {
        const kind = problemOf(error);
        clientLog.error('media', `getUserMedia failed: ${kind}`, error);
        setProblem(kind);
        setStatus('problem');
      }
    },
    [replace],
  );

  const skip = useCallback(() => {
    replace(null);
    setMissing({ camera: true, microphone: true });
    setProblem(null);
    setStatus('ready');
  }, [replace]);

  const stop = useCallback(() => replace(null), [replace]);

  useEffect(() => () => replace(null), [replace]);

  return { status, problem, stream, ...devices, choice, missing, acquire, skip, stop };
}
