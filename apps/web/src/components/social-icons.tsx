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
