import { IconSvg } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { useState } from 'react';

/**
 * A tutor's intro video: its poster with a play button until the reader asks for it, then the player, playing. The
 * browser's player (its controls are a tree of their own) cost a phone a 400 ms task of style and layout on
 * opening a profile, for a video most readers never play; and nothing of the clip is downloaded until then.
 */
export function IntroVideo({ src, poster, name }: { src: string; poster: string | null; name: string }) {
  const t = useT();
  const [playing, setPlaying] = useState(false);
  if (playing) {
    return (
      // biome-ignore lint/a11y/useMediaCaption: tutors' intro videos come without caption files
      <video
        // the button that was focused is gone: the player takes the focus, so a keyboard reader stays in place
        ref={(player) => player?.focus()}
        controls
        autoPlay
        poster={poster ?? undefined}
        src={src}
        className="aspect-video w-full rounded-xl bg-ink"
      />
    );
  }
  return (
    <button
      type="button"
      onClick={() => setPlaying(true)}
      aria-label={t('booking.tutor.playVideo', { name })}
      className="group relative block aspect-video w-full overflow-hidden rounded-xl bg-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
    >
      {/* the largest thing a phone shows of a profile at first (its LCP): fetched before the page's scripts */}
      {poster && <img src={poster} alt="" fetchPriority="high" className="size-full object-cover" />}
      <span className="absolute inset-0 flex items-center justify-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-white/90 text-ink shadow-lg transition group-hover:scale-105">
          <IconSvg className="size-7 translate-x-0.5" fill="currentColor" stroke="none">
            <path d="M8 5.5v13l10.5-6.5z" />
          </IconSvg>
        </span>
      </span>
    </button>
  );
}
