import { Outline } from './icons';
import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

/** Brand glyphs for the footer's social links (decorative: the links carry the names). */
export const FacebookIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M16.5 3.5H14A3.5 3.5 0 0 0 10.5 7v3.5h-3V14h3v6.5H14V14h2.5l.5-3.5h-3V7.8c0-.6.4-1 1-1h1.5V3.5Z" />
  </Outline>
);

export const XIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M4 4h4.5L20 20h-4.5L4 4Zm16 0-6.8 7.4M4 20l6.8-7.4" />
  </Outline>
);

export const InstagramIcon = (props: IconProps) => (
  <Outline {...props}>
    <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <circle cx="17.2" cy="6.8" r="0.6" fill="currentColor" />
  </Outline>
);

export const YoutubeIcon = (props: IconProps) => (
  <Outline {...props}>
    <rect x="2.5" y="5.5" width="19" height="13" rx="3.5" />
    <path d="m10 9 5 3-5 3V9Z" fill="currentColor" />
  </Outline>
);

/** Sign-in provider marks (Simple Icons, CC0), filled with the text colour. */
const Filled = ({ d, ...props }: IconProps & { d: string }) => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" width={24} height={24} fill="currentColor" {...props}>
    <path d={d} />
  </svg>
);

export const GoogleIcon = (props: IconProps) => (
  <Filled
    d="M12.48 10.92v3.28h7.84c-.24 1.84-.85 3.19-1.79 4.13-1.15 1.15-2.93 2.4-6.05 2.4-4.83 0-8.6-3.89-8.6-8.72s3.77-8.72 8.6-8.72c2.6 0 4.5 1.03 5.9 2.35l2.31-2.31C18.75 1.44 16.13 0 12.48 0 5.87 0 .31 5.39.31 12s5.56 12 12.17 12c3.57 0 6.27-1.17 8.37-3.36 2.16-2.16 2.84-5.21 2.84-7.67 0-.76-.05-1.47-.17-2.05H12.48Z"
    {...props}
  />
);

export const GithubIcon = (props: IconProps) => (
  <Filled
    d="M12 .3a12 12 0 0 0-3.8 23.38c.6.12.83-.26.83-.57v-2.23c-3.34.73-4.04-1.42-4.04-1.42-.55-1.39-1.33-1.76-1.33-1.76-1.09-.74.08-.73.08-.73 1.2.09 1.84 1.24 1.84 1.24 1.07 1.83 2.8 1.3 3.49 1 .1-.78.42-1.31.76-1.61-2.67-.3-5.47-1.33-5.47-5.93 0-1.31.47-2.38 1.24-3.22-.14-.3-.54-1.52.1-3.18 0 0 1-.32 3.3 1.23a11.5 11.5 0 0 1 6 0c2.28-1.55 3.29-1.23 3.29-1.23.64 1.66.24 2.88.12 3.18a4.65 4.65 0 0 1 1.23 3.22c0 4.61-2.8 5.63-5.48 5.92.42.36.81 1.1.81 2.22v3.29c0 .32.21.69.82.57A12 12 0 0 0 12 .3Z"
    {...props}
  />
);
