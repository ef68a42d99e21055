import type { SVGProps } from 'react';

/** Decorative line icons (24×24, currentColor). They are aria-hidden: name the control instead. */
export type IconProps = SVGProps<SVGSVGElement>;

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
