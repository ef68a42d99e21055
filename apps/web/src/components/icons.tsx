import type { SVGProps } from 'react';

/** Decorative line icons (24×24, currentColor). They are aria-hidden: name the control instead. */
type IconProps = SVGProps<SVGSVGElement>;

export const Outline = ({ children, ...props }: IconProps) => (
  <svg
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.8}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
    width={24}
    height={24}
    {...props}
  >
    {children}
  </svg>
);

export const HeartIcon = ({ filled, ...props }: IconProps & { filled?: boolean }) => (
  <Outline fill={filled ? 'currentColor' : 'none'} {...props}>
    <path d="M21 8.25c0-2.49-2.1-4.5-4.69-4.5-1.93 0-3.6 1.13-4.31 2.73-.72-1.6-2.38-2.73-4.31-2.73C5.1 3.75 3 5.76 3 8.25c0 7.22 9 12 9 12s9-4.78 9-12Z" />
  </Outline>
);

export const FlagIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M4 21V4m0 11 2.8-.7a9 9 0 0 1 6.2.7 9 9 0 0 0 6.2.7L21 15V4.5l-1.8.5a9 9 0 0 1-6.2-.7 9 9 0 0 0-6.2-.7L4 4.3" />
  </Outline>
);

export const MenuIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M4 6.5h16M4 12h16M4 17.5h16" />
  </Outline>
);

export const CloseIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M6 18 18 6M6 6l12 12" />
  </Outline>
);

export const MoonIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M21 14.5A8.5 8.5 0 0 1 9.5 3 8.5 8.5 0 1 0 21 14.5Z" />
  </Outline>
);

export const SunIcon = (props: IconProps) => (
  <Outline {...props}>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2m0 16v2M4.9 4.9l1.4 1.4m11.4 11.4 1.4 1.4M2 12h2m16 0h2M4.9 19.1l1.4-1.4m11.4-11.4 1.4-1.4" />
  </Outline>
);

export const PauseIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M9 5v14M15 5v14" />
  </Outline>
);

export const PlayIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M7 4.5v15l12-7.5-12-7.5Z" />
  </Outline>
);

export const MapPinIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M12 21s-7-5.6-7-11a7 7 0 0 1 14 0c0 5.4-7 11-7 11Z" />
    <circle cx="12" cy="10" r="2.5" />
  </Outline>
);

export const ClockIcon = (props: IconProps) => (
  <Outline {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </Outline>
);

export const MailIcon = (props: IconProps) => (
  <Outline {...props}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3.5 6.5 8.5 6.5 8.5-6.5" />
  </Outline>
);

export const PhoneIcon = (props: IconProps) => (
  <Outline {...props}>
    <rect x="6.5" y="2.5" width="11" height="19" rx="2.5" />
    <path d="M11 18.5h2" />
  </Outline>
);
