import type { SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement>;

/** Decorative 24×24 stroke icon; the text next to it carries the meaning. Features draw their own icons with it. */
export function IconSvg({ children, ...props }: IconProps) {
  return (
    <svg
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export const CheckIcon = (props: IconProps) => (
  <IconSvg {...props}>
    <path d="M20 6 9 17l-5-5" />
  </IconSvg>
);
export const CloseIcon = (props: IconProps) => (
  <IconSvg {...props}>
    <path d="M18 6 6 18M6 6l12 12" />
  </IconSvg>
);
export const InfoIcon = (props: IconProps) => (
  <IconSvg {...props}>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 16v-4M12 8h.01" />
  </IconSvg>
);
export const WarningIcon = (props: IconProps) => (
  <IconSvg {...props}>
    <path d="m10.3 3.9-8.2 14.2A2 2 0 0 0 3.8 21h16.4a2 2 0 0 0 1.7-2.9L13.7 3.9a2 2 0 0 0-3.4 0Z" />
    <path d="M12 9v4M12 17h.01" />
  </IconSvg>
);
export const ErrorIcon = (props: IconProps) => (
  <IconSvg {...props}>
    <circle cx="12" cy="12" r="10" />
    <path d="m15 9-6 6M9 9l6 6" />
  </IconSvg>
);
export const MenuIcon = (props: IconProps) => (
  <IconSvg {...props}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </IconSvg>
);
export const EyeIcon = (props: IconProps) => (
  <IconSvg {...props}>
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
    <circle cx="12" cy="12" r="3" />
  </IconSvg>
);
export const EyeOffIcon = (props: IconProps) => (
  <IconSvg {...props}>
    <path d="M9.9 4.2A10.7 10.7 0 0 1 12 4c6.5 0 10 7 10 7a17.6 17.6 0 0 1-2.2 3.2M6.6 6.6A17.4 17.4 0 0 0 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6" />
    <path d="m2 2 20 20M9.9 9.9a3 3 0 0 0 4.2 4.2" />
  </IconSvg>
);
export const SparkleIcon = (props: IconProps) => (
  <IconSvg {...props}>
    <path d="M12 3v4M12 17v4M3 12h4M17 12h4M6.3 6.3l2.1 2.1M15.6 15.6l2.1 2.1M6.3 17.7l2.1-2.1M15.6 8.4l2.1-2.1" />
  </IconSvg>
);
export const ChevronIcon = (props: IconProps) => (
  <IconSvg {...props}>
    <path d="m6 9 6 6 6-6" />
  </IconSvg>
);
export const HomeIcon = (props: IconProps) => (
  <IconSvg {...props}>
    <path d="m3 10 9-7 9 7v10a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1Z" />
  </IconSvg>
);
export const UsersIcon = (props: IconProps) => (
  <IconSvg {...props}>
    <circle cx="9" cy="8" r="4" />
    <path d="M2 21a7 7 0 0 1 14 0M16 3.1a4 4 0 0 1 0 7.8M22 21a7 7 0 0 0-4-6.3" />
  </IconSvg>
);
export const BookIcon = (props: IconProps) => (
  <IconSvg {...props}>
    <path d="M4 19.5A2.5 2.5 0 0 1 6.5 17H20V3H6.5A2.5 2.5 0 0 0 4 5.5Z" />
    <path d="M4 19.5A2.5 2.5 0 0 0 6.5 22H20v-5" />
  </IconSvg>
);
export const CalendarIcon = (props: IconProps) => (
  <IconSvg {...props}>
    <rect x="3" y="4" width="18" height="18" rx="2" />
    <path d="M16 2v4M8 2v4M3 10h18" />
  </IconSvg>
);
export const ClockIcon = (props: IconProps) => (
  <IconSvg {...props}>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 6v6l4 2" />
  </IconSvg>
);
export const ChatIcon = (props: IconProps) => (
  <IconSvg {...props}>
    <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2Z" />
  </IconSvg>
);
export const CardIcon = (props: IconProps) => (
  <IconSvg {...props}>
    <rect x="2" y="5" width="20" height="14" rx="2" />
    <path d="M2 10h20" />
  </IconSvg>
);
export const WalletIcon = (props: IconProps) => (
  <IconSvg {...props}>
    <path d="M20 7V5a2 2 0 0 0-2-2H5a2 2 0 0 0 0 4h15a1 1 0 0 1 1 1v4h-3a2 2 0 0 0 0 4h3a1 1 0 0 0 1-1v-2" />
    <path d="M3 5v14a2 2 0 0 0 2 2h15a1 1 0 0 0 1-1v-4" />
  </IconSvg>
);
export const SettingsIcon = (props: IconProps) => (
  <IconSvg {...props}>
    <circle cx="12" cy="12" r="3" />
    <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1Z" />
  </IconSvg>
);
export const UserIcon = (props: IconProps) => (
  <IconSvg {...props}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </IconSvg>
);
export const LogoutIcon = (props: IconProps) => (
  <IconSvg {...props}>
    <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />
  </IconSvg>
);
export const VideoIcon = (props: IconProps) => (
  <IconSvg {...props}>
    <rect x="2" y="6" width="14" height="12" rx="2" />
    <path d="m22 8-6 4 6 4Z" />
  </IconSvg>
);
export const ChartIcon = (props: IconProps) => (
  <IconSvg {...props}>
    <path d="M3 3v18h18M7 15l4-4 3 3 6-6" />
  </IconSvg>
);
export const ImageIcon = (props: IconProps) => (
  <IconSvg {...props}>
    <rect x="3" y="3" width="18" height="18" rx="2" />
    <circle cx="9" cy="9" r="2" />
    <path d="m21 15-5-5L5 21" />
  </IconSvg>
);
export const TagIcon = (props: IconProps) => (
  <IconSvg {...props}>
    <path d="M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8Z" />
    <circle cx="7.5" cy="7.5" r="1.5" />
  </IconSvg>
);
export const ServerIcon = (props: IconProps) => (
  <IconSvg {...props}>
    <rect x="2" y="3" width="20" height="8" rx="2" />
    <rect x="2" y="13" width="20" height="8" rx="2" />
    <path d="M6 7h.01M6 17h.01" />
  </IconSvg>
);
export const MailIcon = (props: IconProps) => (
  <IconSvg {...props}>
    <rect x="2" y="4" width="20" height="16" rx="2" />
    <path d="m22 6-10 7L2 6" />
  </IconSvg>
);
export const PhoneIcon = (props: IconProps) => (
  <IconSvg {...props}>
    <rect x="6" y="2" width="12" height="20" rx="2" />
    <path d="M11 18h2" />
  </IconSvg>
);
export const GlobeIcon = (props: IconProps) => (
  <IconSvg {...props}>
    <circle cx="12" cy="12" r="10" />
    <path d="M2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20" />
  </IconSvg>
);
export const RocketIcon = (props: IconProps) => (
  <IconSvg {...props}>
    <path d="M4.5 16.5c-1.5 1.3-2 5-2 5s3.7-.5 5-2c.7-.8.7-2.1-.1-2.9a2.2 2.2 0 0 0-2.9-.1Z" />
    <path d="m12 15-3-3a22 22 0 0 1 2-4A13 13 0 0 1 22 2c0 2.7-.8 7.5-6 11a22 22 0 0 1-4 2Z" />
    <path d="M9 12H4s.6-3 2-4c1.6-1.1 5 0 5 0M12 15v5s3-.6 4-2c1.1-1.6 0-5 0-5" />
  </IconSvg>
);
export const CapIcon = (props: IconProps) => (
  <IconSvg {...props}>
    <path d="M22 10 12 5 2 10l10 5 10-5Z" />
    <path d="M6 12v5c3 2 9 2 12 0v-5M22 10v6" />
  </IconSvg>
);
