import { Outline, type IconProps } from './icons';

/**
 * The icons of listings, contact details and the banner's controls: apart from the site's frame
 * (icons.tsx), so a page's first load carries only the icons its frame draws.
 */
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
