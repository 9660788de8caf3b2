import { type IconProps, IconSvg } from '@darsak/ui';

/** Decorative icons of the call controls; each control has its own text label. */
const Svg = (props: IconProps) => <IconSvg width={22} height={22} {...props} />;

export const MicIcon = (props: IconProps) => (
  <Svg {...props}>
    <rect x="9" y="2" width="6" height="12" rx="3" />
    <path d="M19 10v1a7 7 0 0 1-14 0v-1M12 18v4" />
  </Svg>
);
export const MicOffIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M2 2l20 20M18.9 13.4A7 7 0 0 0 19 11v-1M5 10v1a7 7 0 0 0 11.3 5.5M15 9.3V5a3 3 0 0 0-5.7-1.3M9 9v2a3 3 0 0 0 5 2.2M12 18v4" />
  </Svg>
);
export const CameraIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="m16 13 5.2 3.5a.5.5 0 0 0 .8-.4V7.9a.5.5 0 0 0-.8-.4L16 11" />
    <rect x="2" y="6" width="14" height="12" rx="2" />
  </Svg>
);
export const CameraOffIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M2 2l20 20M10.7 6H14a2 2 0 0 1 2 2v3.3l1 1 4.2-2.8a.5.5 0 0 1 .8.4v8.3M16 16a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h2" />
  </Svg>
);
export const LeaveIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M10.7 13.3a16 16 0 0 0 3.4 2.6l1.3-1.3a2 2 0 0 1 2.1-.4 12.8 12.8 0 0 0 2.8.7 2 2 0 0 1 1.7 2v3a2 2 0 0 1-2.2 2A19.8 19.8 0 0 1 3.1 4.2 2 2 0 0 1 5.1 2h3a2 2 0 0 1 2 1.7 12.8 12.8 0 0 0 .7 2.8 2 2 0 0 1-.5 2.1L9 9.9M22 2 2 22" />
  </Svg>
);
export const ChatBubbleIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2Z" />
  </Svg>
);
export const PauseIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M9 5v14M15 5v14" />
  </Svg>
);
export const HeadphonesIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M3 18v-6a9 9 0 0 1 18 0v6" />
    <path d="M21 19a2 2 0 0 1-2 2h-1a2 2 0 0 1-2-2v-3a2 2 0 0 1 2-2h3zM3 19a2 2 0 0 0 2 2h1a2 2 0 0 0 2-2v-3a2 2 0 0 0-2-2H3z" />
  </Svg>
);
