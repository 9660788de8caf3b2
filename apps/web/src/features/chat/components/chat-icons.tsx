import { type IconProps, IconSvg } from '@darsak/ui';

/** Decorative stroke icons of the chat; the text or label beside them carries the meaning. */
const Svg = (props: IconProps) => <IconSvg width={18} height={18} {...props} />;

/** Points to the inline end (left in Arabic): flipped in RTL like the paper plane people expect. */
export const SendIcon = (props: IconProps) => (
  <Svg className="rtl:-scale-x-100" {...props}>
    <path d="m22 2-7 20-4-9-9-4Z" />
    <path d="M22 2 11 13" />
  </Svg>
);
export const PinIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M12 17v5M9 10.8V4h6v6.8l3 3.2v2H6v-2Z" />
  </Svg>
);
export const MutedIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M8.7 3A6 6 0 0 1 18 8a21 21 0 0 0 .6 5M17 17H3s3-2 3-9a5.9 5.9 0 0 1 .3-1.9M10.3 21a1.9 1.9 0 0 0 3.4 0M2 2l20 20" />
  </Svg>
);
export const MoreIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="12" cy="5" r="1" />
    <circle cx="12" cy="12" r="1" />
    <circle cx="12" cy="19" r="1" />
  </Svg>
);
export const SearchIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="11" cy="11" r="8" />
    <path d="m21 21-4.3-4.3" />
  </Svg>
);
/** "Back" points to the inline start (right in Arabic). */
export const BackIcon = (props: IconProps) => (
  <Svg className="rtl:-scale-x-100" {...props}>
    <path d="m15 18-6-6 6-6" />
  </Svg>
);
export const RetryIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M21 12a9 9 0 1 1-3-6.7L21 8" />
    <path d="M21 3v5h-5" />
  </Svg>
);
/** A list with a pin: the room's pinned messages. */
export const PinnedListIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M3 6h11M3 12h8M3 18h8M18 14v7M15.5 9V4h5v5l2 2v1.5h-9V11Z" />
  </Svg>
);
