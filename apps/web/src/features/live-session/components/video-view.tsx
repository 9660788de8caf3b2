import { cn } from '@darsak/ui';
import { useEffect, useRef } from 'react';
import { clientLog } from '../../../lib/realtime.ts';

/** A <video> showing a MediaStream; the local one is muted (no echo) and mirrored like a mirror. */
export function VideoView({
  stream,
  muted = false,
  mirrored = false,
  label,
  className,
  testId,
}: {
  stream: MediaStream | null;
  muted?: boolean;
  mirrored?: boolean;
  label: string;
  className?: string;
  testId?: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    try {
      if (video.srcObject !== stream) video.srcObject = stream;
      if (stream) void video.play?.()?.catch(() => undefined);
    } catch (error) {
      clientLog.warn('media', 'video element refused the stream', error);
    }
  }, [stream]);
  return (
    <video
      ref={ref}
      autoPlay
      playsInline
      muted={muted}
      aria-label={label}
      data-testid={testId}
      className={cn('size-full bg-stone-900 object-cover', mirrored && '-scale-x-100', className)}
    />
  );
}
