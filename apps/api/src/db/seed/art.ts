/**
 * Demo pictures drawn in code: phones as SVG, rendered to WebP with sharp. No photos, no fonts (the
 * few wordmarks are stroked paths), deterministic output for a given input, so the content-hash
 * keys of the seed images stay the same from one seed to the next.
 *
 * - listing pictures: 800×800 (plus a 400 px variant, and the same pixels as the 800 px one an upload
 *   has: web's srcset asks for `-800`), the phone's back and front on a soft backdrop
 * - category pictures: 600×400, three of the brand's phones on the brand's colour
 * - avatars: 256×256, a head-and-shoulders silhouette on a colour
 */
import { createHash } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import type { ImageStorage } from '../../adapters/storage/storage.ts';

export type Brand = 'apple' | 'xiaomi' | 'samsung';

/** How the back camera looks, after the real phone families. */
type CameraLayout =
  | 'apple-single' // iPhone XR / SE: one lens and a flash
  | 'apple-dual-vertical' // iPhone 11 / 12: two lenses one above the other
  | 'apple-dual-diagonal' // iPhone 13 / 14: two lenses on a diagonal
  | 'apple-pro' // iPhone Pro: three lenses in a triangle, flash and LiDAR
  | 'mi-square' // Xiaomi 12 / 13: a squircle module with a 2×2 grid
  | 'mi-stack' // Redmi Note: a tall module, big main lens on top
  | 'poco-bar' // POCO: a dark glass bar across the top
  | 'galaxy-floating' // Galaxy S23 / A54: three lenses standing alone
  | 'galaxy-contour' // Galaxy S21 / S22: a housing fused with the frame corner
  | 'galaxy-ultra' // Galaxy S22 / S23 Ultra: three big lenses, two small, square corners
  | 'galaxy-module'; // Galaxy S20 / Note20 / A53: a raised rectangular module

/** The screen's cut-out. */
type FrontStyle = 'notch' | 'island' | 'home-button' | 'punch-hole';

export interface PhoneArt {
  camera: CameraLayout;
  front: FrontStyle;
  /** Body colour, `#rrggbb`. */
  color: string;
  /** Hue (0–360) of the wallpaper on the screen. */
  wallpaperHue: number;
  /** A wordmark on the back ('SAMSUNG', 'XIAOMI', 'REDMI', 'POCO'); iPhones get the fruit. */
  wordmark?: string;
}

export const listingImageSize = 800;
export const listingSmallWidth = 400;
const categoryImageSize = { width: 600, height: 400 } as const;
const avatarSize = 256;
// effort 2 encodes in half the time of the default 4 for about 5 % more bytes (measured on the demo set).
const webpOptions = { quality: 75, effort: 2 } as const;

// ---------------------------------------------------------------------------------------------
// Small helpers

const n = (value: number) => (Math.round(value * 100) / 100).toString();

const hexToRgb = (hex: string): [number, number, number] => {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
};

const rgbToHex = ([r, g, b]: [number, number, number]) =>
  '#' +
  [r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('');

/** Mixes `a` towards `b` by `t` (0 = a, 1 = b). */
const mix = (a: string, b: string, t: number) => {
  const ca = hexToRgb(a);
  const cb = hexToRgb(b);
  return rgbToHex([ca[0] + (cb[0] - ca[0]) * t, ca[1] + (cb[1] - ca[1]) * t, ca[2] + (cb[2] - ca[2]) * t]);
};

const luminance = (hex: string) => {
  const [r, g, b] = hexToRgb(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
};

const hsl = (h: number, s: number, l: number) => `hsl(${n(((h % 360) + 360) % 360)} ${n(s)}% ${n(l)}%)`;

/** A tiny deterministic PRNG (mulberry32), so a listing always gets the same picture. */
const random = (seed: number) => {
  let a = seed >>> 0 || 0x9e3779b9;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

const brandOf = (camera: CameraLayout): Brand =>
  camera.startsWith('apple') ? 'apple' : camera.startsWith('galaxy') ? 'samsung' : 'xiaomi';

// ---------------------------------------------------------------------------------------------
// Marks drawn as shapes (no fonts)

/** Single-stroke capitals on a 6 × 10 grid: [path, advance]. */
const glyphs: Record<string, [string, number]> = {
  A: ['M0 10 L3 0 L6 10 M1.1 6.6 H4.9', 6],
  C: ['M5.8 2 C5.2 0.7 4.2 0 3 0 C1.2 0 0 2 0 5 C0 8 1.2 10 3 10 C4.2 10 5.2 9.3 5.8 8', 6],
  D: ['M0 0 V10 H2.5 C4.8 10 6 8 6 5 C6 2 4.8 0 2.5 0 Z', 6],
  E: ['M5.5 0 H0 V10 H5.5 M0 5 H4.5', 5.5],
  G: ['M5.8 2 C5.2 0.7 4.2 0 3 0 C1.2 0 0 2 0 5 C0 8 1.2 10 3 10 C4.8 10 6 8.6 6 6.2 V5.4 H3.4', 6],
  I: ['M0.5 0 V10', 1],
  M: ['M0 10 V0 L3.5 7 L7 0 V10', 7],
  N: ['M0 10 V0 L6 10 V0', 6],
  O: ['M3 0 C1.2 0 0 2 0 5 C0 8 1.2 10 3 10 C4.8 10 6 8 6 5 C6 2 4.8 0 3 0 Z', 6],
  P: ['M0 10 V0 H3.4 C5 0 6 1 6 2.8 C6 4.6 5 5.6 3.4 5.6 H0', 6],
  R: ['M0 10 V0 H3.4 C5 0 6 1 6 2.7 C6 4.4 5 5.4 3.4 5.4 H0 M3.2 5.4 L6 10', 6],
  S: [
    'M5.5 1.8 C4.9 0.6 4 0 3 0 C1.4 0 0.5 1.1 0.5 2.5 C0.5 5.2 5.6 4.6 5.6 7.4 C5.6 9 4.5 10 3 10 C1.8 10 0.8 9.3 0.3 8.1',
    6,
  ],
  U: ['M0 0 V6.8 C0 9 1.3 10 3 10 C4.7 10 6 9 6 6.8 V0', 6],
  X: ['M0 0 L6 10 M6 0 L0 10', 6],
};

/** A stroked wordmark centred on (cx, cy), `height` tall. */
const wordmark = (text: string, cx: number, cy: number, height: number, color: string, opacity = 1) => {
  const gap = 2.6;
  let x = 0;
  const parts: string[] = [];
  for (const ch of text.toUpperCase()) {
    const glyph = glyphs[ch];
    if (!glyph) {
      x += 4;
      continue;
    }
    parts.push(`<path transform="translate(${n(x)} 0)" d="${glyph[0]}"/>`);
    x += glyph[1] + gap;
  }
  const width = x - gap;
  const scale = height / 10;
  return `<g transform="translate(${n(cx - (width * scale) / 2)} ${n(cy - height / 2)}) scale(${n(scale)})" fill="none" stroke="${color}" stroke-opacity="${opacity}" stroke-width="1.15" stroke-linecap="round" stroke-linejoin="round">${parts.join('')}</g>`;
};

/** A fruit with a bite and a leaf (our own drawing), centred on (cx, cy), `size` tall. */
const fruitMark = (cx: number, cy: number, size: number, color: string, opacity = 1) => {
  const s = size / 120;
  return `<g transform="translate(${n(cx - 50 * s)} ${n(cy - 60 * s)}) scale(${n(s)})" fill="${color}" fill-opacity="${opacity}">
<path d="M50 34 C41 27 30 25 22 28 C9 33 3 48 5 64 C7 84 18 104 30 112 C36 116 42 115 50 111 C58 115 64 116 70 112 C78 107 86 96 91 84 C80 79 74 70 74 59 C74 50 79 42 86 38 C80 30 71 26 62 27 C57 28 53 31 50 34 Z"/>
<path d="M51 26 C50 15 57 5 69 2 C70 14 63 24 51 26 Z"/></g>`;
};

/** A rounded square with an 'mi' drawn in shapes, centred on (cx, cy). */
const miMark = (cx: number, cy: number, size: number, tile: string, glyph: string) => {
  const s = size / 100;
  return `<g transform="translate(${n(cx - 50 * s)} ${n(cy - 50 * s)}) scale(${n(s)})">
<rect width="100" height="100" rx="30" fill="${tile}"/>
<path d="M22 74 V28 H52 C61 28 66 33 66 42 V74 H56 V42 C56 39 54 37 51 37 H32 V74 Z M39 47 H49 V74 H39 Z M70 47 H80 V74 H70 Z" fill="${glyph}"/></g>`;
};

// ---------------------------------------------------------------------------------------------
// The phone, drawn in its own box (0, 0)–(w, h)

interface Shape {
  w: number;
  h: number;
  r: number;
}

const shapeOf = (art: PhoneArt, h: number): Shape => {
  const brand = brandOf(art.camera);
  const ratio = brand === 'apple' ? 0.49 : brand === 'samsung' ? 0.475 : 0.465;
  const w = h * ratio;
  const r = art.camera === 'galaxy-ultra' ? w * 0.07 : brand === 'apple' ? w * 0.17 : w * 0.13;
  return { w, h, r };
};

const lens = (cx: number, cy: number, radius: number, ring: string) =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(radius)}" fill="${ring}"/>` +
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(radius * 0.8)}" fill="#0b0c10"/>` +
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(radius * 0.52)}" fill="url(#lensglass)"/>` +
  `<circle cx="${n(cx - radius * 0.2)}" cy="${n(cy - radius * 0.24)}" r="${n(radius * 0.13)}" fill="#ffffff" fill-opacity="0.55"/>`;

const flash = (cx: number, cy: number, radius: number) =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(radius)}" fill="#f4efe0" stroke="#b9b3a3" stroke-width="${n(radius * 0.25)}"/>`;

const dot = (cx: number, cy: number, radius: number, fill = '#15161a') =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(radius)}" fill="${fill}"/>`;

const camera = (art: PhoneArt, { w, r }: Shape, id: string) => {
  const body = art.color;
  const dark = luminance(body) < 0.35;
  const raised = mix(body, dark ? '#ffffff' : '#000000', 0.1);
  const edge = mix(body, '#000000', 0.28);
  const ring = mix(body, dark ? '#8a8f98' : '#3b3d44', 0.55);
  const m = w * 0.065; // margin from the corner
  const bump = (x: number, y: number, bw: number, bh: number, rx: number, fill = raised) =>
    `<rect x="${n(x)}" y="${n(y)}" width="${n(bw)}" height="${n(bh)}" rx="${n(rx)}" fill="${fill}" stroke="${edge}" stroke-width="${n(w * 0.008)}"/>` +
    `<rect x="${n(x)}" y="${n(y)}" width="${n(bw)}" height="${n(bh)}" rx="${n(rx)}" fill="url(#${id}-sheen)"/>`;
  switch (art.camera) {
    case 'apple-single': {
      const s = w * 0.2;
      return (
        bump(m, m, s, s * 1.55, s / 2) +
        lens(m + s / 2, m + s / 2, s * 0.4, ring) +
        flash(m + s / 2, m + s * 1.2, s * 0.14)
      );
    }
    case 'apple-dual-vertical':
    case 'apple-dual-diagonal': {
      const s = w * 0.38;
      const R = w * 0.085;
      const diagonal = art.camera === 'apple-dual-diagonal';
      return (
        bump(m, m, s, s, s * 0.28) +
        lens(m + s * 0.29, m + s * 0.29, R, ring) +
        lens(m + (diagonal ? s * 0.71 : s * 0.29), m + s * 0.71, R, ring) +
        flash(m + s * 0.74, m + (diagonal ? s * 0.27 : s * 0.3), w * 0.028) +
        dot(m + s * 0.74, m + (diagonal ? s * 0.5 : s * 0.6), w * 0.012)
      );
    }
    case 'apple-pro': {
      const s = w * 0.45;
      const R = w * 0.092;
      return (
        bump(m, m, s, s, s * 0.27) +
        lens(m + s * 0.27, m + s * 0.27, R, ring) +
        lens(m + s * 0.27, m + s * 0.73, R, ring) +
        lens(m + s * 0.72, m + s * 0.5, R, ring) +
        flash(m + s * 0.75, m + s * 0.17, w * 0.026) +
        dot(m + s * 0.75, m + s * 0.83, w * 0.022, '#1f2024')
      );
    }
    case 'mi-square': {
      const s = w * 0.42;
      const R = w * 0.082;
      return (
        bump(m, m, s, s, s * 0.24) +
        lens(m + s * 0.28, m + s * 0.28, R, ring) +
        lens(m + s * 0.72, m + s * 0.28, R, ring) +
        lens(m + s * 0.28, m + s * 0.72, R, ring) +
        lens(m + s * 0.72, m + s * 0.72, R * 0.62, ring) +
        flash(m + s * 0.86, m + s * 0.53, w * 0.017)
      );
    }
    case 'mi-stack': {
      const bw = w * 0.3;
      const bh = w * 0.66;
      return (
        bump(m, m, bw, bh, bw * 0.3, mix(body, '#000000', dark ? 0.25 : 0.12)) +
        lens(m + bw / 2, m + bw * 0.52, bw * 0.36, ring) +
        lens(m + bw / 2, m + bw * 1.2, bw * 0.25, ring) +
        lens(m + bw / 2, m + bw * 1.7, bw * 0.17, ring) +
        flash(m + bw + w * 0.06, m + bw * 0.3, w * 0.02)
      );
    }
    case 'poco-bar': {
      const bh = w * 0.36;
      return (
        `<rect x="${n(m)}" y="${n(m)}" width="${n(w - 2 * m)}" height="${n(bh)}" rx="${n(bh * 0.3)}" fill="#17181c"/>` +
        `<rect x="${n(m)}" y="${n(m)}" width="${n(w - 2 * m)}" height="${n(bh)}" rx="${n(bh * 0.3)}" fill="url(#${id}-sheen)"/>` +
        lens(m + bh * 0.5, m + bh * 0.5, bh * 0.34, '#3a3c44') +
        lens(m + bh * 1.2, m + bh * 0.5, bh * 0.24, '#3a3c44') +
        lens(m + bh * 1.78, m + bh * 0.5, bh * 0.16, '#3a3c44') +
        flash(w - m - bh * 0.5, m + bh * 0.5, w * 0.022)
      );
    }
    case 'galaxy-floating': {
      const R = w * 0.075;
      const x = w * 0.2;
      return (
        [0, 1, 2].map((i) => lens(x, w * 0.17 + i * R * 2.55, R, ring)).join('') + flash(x + R * 2, w * 0.17, w * 0.02)
      );
    }
    case 'galaxy-contour': {
      const hw = w * 0.34;
      const hh = w * 0.78;
      const R = w * 0.07;
      const housing = mix(body, '#c7c9cf', 0.45);
      return (
        `<g clip-path="url(#${id}-outline)"><rect x="-1" y="-1" width="${n(hw + 1)}" height="${n(hh + 1)}" rx="${n(r * 0.9)}" fill="${housing}"/>` +
        `<rect x="-1" y="-1" width="${n(hw + 1)}" height="${n(hh + 1)}" rx="${n(r * 0.9)}" fill="url(#${id}-sheen)"/></g>` +
        [0, 1, 2].map((i) => lens(hw * 0.5, w * 0.16 + i * R * 2.5, R, ring)).join('') +
        flash(hw + w * 0.06, w * 0.16, w * 0.02)
      );
    }
    case 'galaxy-ultra': {
      const R = w * 0.085;
      const x = w * 0.2;
      return (
        [0, 1, 2].map((i) => lens(x, w * 0.17 + i * R * 2.5, R, ring)).join('') +
        dot(x + R * 2.05, w * 0.17 + R * 0.2, w * 0.025, '#202228') +
        lens(x + R * 2.05, w * 0.17 + R * 2.2, w * 0.05, ring) +
        flash(x + R * 2.05, w * 0.17 + R * 3.8, w * 0.022)
      );
    }
    case 'galaxy-module': {
      const bw = w * 0.3;
      const bh = w * 0.72;
      return (
        bump(m, m, bw, bh, bw * 0.22, mix(body, '#000000', dark ? 0.2 : 0.08)) +
        [0, 1, 2].map((i) => lens(m + bw / 2, m + bw * 0.45 + i * bw * 0.75, bw * 0.28, ring)).join('') +
        flash(m + bw + w * 0.05, m + bw * 0.35, w * 0.02)
      );
    }
  }
};

const sideButtons = ({ w, h }: Shape, color: string) => {
  const t = w * 0.018;
  const button = (x: number, y: number, bh: number) =>
    `<rect x="${n(x)}" y="${n(y)}" width="${n(t * 2)}" height="${n(bh)}" rx="${n(t)}" fill="${color}"/>`;
  return button(-t, h * 0.2, h * 0.07) + button(-t, h * 0.29, h * 0.07) + button(w - t, h * 0.25, h * 0.11);
};

const phoneDefs = (shape: Shape, id: string) =>
  `<linearGradient id="${id}-sheen" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="#ffffff" stop-opacity="0.32"/><stop offset="0.45" stop-color="#ffffff" stop-opacity="0"/>
<stop offset="1" stop-color="#000000" stop-opacity="0.14"/></linearGradient>
<clipPath id="${id}-outline"><rect width="${n(shape.w)}" height="${n(shape.h)}" rx="${n(shape.r)}"/></clipPath>`;

const phoneBack = (art: PhoneArt, shape: Shape, id: string) => {
  const { w, h, r } = shape;
  const body = art.color;
  const dark = luminance(body) < 0.35;
  const frame = mix(body, dark ? '#9aa0a8' : '#55585f', 0.3);
  const markColor = mix(body, dark ? '#ffffff' : '#000000', 0.3);
  const mark =
    brandOf(art.camera) === 'apple'
      ? fruitMark(w / 2, h * 0.47, w * 0.22, markColor, 0.9)
      : art.wordmark
        ? wordmark(art.wordmark, w / 2, h * 0.9, h * 0.02, markColor, 0.9)
        : '';
  return (
    sideButtons(shape, frame) +
    `<rect width="${n(w)}" height="${n(h)}" rx="${n(r)}" fill="${frame}"/>` +
    `<rect x="${n(w * 0.012)}" y="${n(w * 0.012)}" width="${n(w * 0.976)}" height="${n(h - w * 0.024)}" rx="${n(r * 0.93)}" fill="${body}"/>` +
    `<rect width="${n(w)}" height="${n(h)}" rx="${n(r)}" fill="url(#${id}-sheen)"/>` +
    camera(art, shape, id) +
    mark
  );
};

const iconColors = [
  '#34c759',
  '#0a84ff',
  '#ff9f0a',
  '#ff375f',
  '#5e5ce6',
  '#ffd60a',
  '#64d2ff',
  '#bf5af2',
  '#ff453a',
  '#30b0c7',
  '#8e8e93',
  '#f2f2f7',
];

const appIcon = (x: number, y: number, s: number, rx: number, color: string, glyph: number) => {
  const cx = x + s / 2;
  const cy = y + s / 2;
  const ink = color === '#f2f2f7' ? '#8e8e93' : '#ffffff';
  const glyphs = [
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(s * 0.2)}" fill="${ink}"/>`,
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(s * 0.22)}" fill="none" stroke="${ink}" stroke-width="${n(s * 0.08)}"/>`,
    `<rect x="${n(x + s * 0.26)}" y="${n(y + s * 0.3)}" width="${n(s * 0.48)}" height="${n(s * 0.4)}" rx="${n(s * 0.08)}" fill="${ink}"/>`,
    `<path d="M${n(x + s * 0.38)} ${n(y + s * 0.28)} L${n(x + s * 0.72)} ${n(cy)} L${n(x + s * 0.38)} ${n(y + s * 0.72)} Z" fill="${ink}"/>`,
    '',
  ];
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(s)}" height="${n(s)}" rx="${n(rx)}" fill="${color}"/>${glyphs[glyph % glyphs.length]}`;
};

const screenContent = (art: PhoneArt, sx: number, sy: number, sw: number, sh: number, rand: () => number) => {
  const brand = brandOf(art.camera);
  const white = '#ffffff';
  const parts: string[] = [];
  // Status bar: a time pill on the left, signal and battery on the right.
  const sb = sy + sh * (art.front === 'home-button' ? 0.025 : 0.035);
  const u = sw * 0.02;
  parts.push(
    `<rect x="${n(sx + sw * 0.1)}" y="${n(sb - u * 0.8)}" width="${n(sw * 0.11)}" height="${n(u * 1.6)}" rx="${n(u * 0.8)}" fill="${white}" fill-opacity="0.9"/>`,
  );
  for (let i = 0; i < 4; i += 1) {
    const bh = u * (0.6 + i * 0.35);
    parts.push(
      `<rect x="${n(sx + sw * 0.7 + i * u * 0.8)}" y="${n(sb + u * 0.8 - bh)}" width="${n(u * 0.55)}" height="${n(bh)}" rx="${n(u * 0.2)}" fill="${white}"/>`,
    );
  }
  parts.push(
    `<rect x="${n(sx + sw * 0.8)}" y="${n(sb - u * 0.7)}" width="${n(u * 2.6)}" height="${n(u * 1.4)}" rx="${n(u * 0.4)}" fill="none" stroke="${white}" stroke-width="${n(u * 0.2)}"/>` +
      `<rect x="${n(sx + sw * 0.8 + u * 0.3)}" y="${n(sb - u * 0.4)}" width="${n(u * 1.7)}" height="${n(u * 0.8)}" rx="${n(u * 0.2)}" fill="${white}"/>`,
  );
  // Home screen: a widget and a grid of icons, then a dock.
  const cell = sw / 4;
  const icon = cell * 0.64;
  const rx = icon * (brand === 'apple' ? 0.23 : brand === 'samsung' ? 0.34 : 0.28);
  const top = sy + sh * (art.front === 'home-button' ? 0.07 : 0.11);
  const pad = (cell - icon) / 2;
  const offset = Math.floor(rand() * iconColors.length);
  let k = 0;
  const nextColor = () => iconColors[(offset + k++ * 5) % iconColors.length] ?? '#0a84ff';
  parts.push(
    `<rect x="${n(sx + pad)}" y="${n(top)}" width="${n(cell * 2 - 2 * pad)}" height="${n(cell * 2 - pad * 1.2)}" rx="${n(rx * 1.4)}" fill="${white}" fill-opacity="0.22"/>` +
      `<circle cx="${n(sx + cell * 0.6)}" cy="${n(top + cell * 0.55)}" r="${n(cell * 0.24)}" fill="#ffd60a"/>` +
      `<rect x="${n(sx + pad * 2)}" y="${n(top + cell * 1.25)}" width="${n(cell * 0.9)}" height="${n(cell * 0.16)}" rx="${n(cell * 0.08)}" fill="${white}" fill-opacity="0.9"/>` +
      `<rect x="${n(sx + pad * 2)}" y="${n(top + cell * 1.5)}" width="${n(cell * 1.3)}" height="${n(cell * 0.1)}" rx="${n(cell * 0.05)}" fill="${white}" fill-opacity="0.6"/>`,
  );
  const rows = art.front === 'home-button' ? 3 : 4;
  for (let row = 0; row < rows; row += 1) {
    for (let col = 0; col < 4; col += 1) {
      if (row < 2 && col < 2) continue; // the widget
      parts.push(appIcon(sx + col * cell + pad, top + row * cell, icon, rx, nextColor(), Math.floor(rand() * 5)));
    }
  }
  const dockY = sy + sh - cell * (art.front === 'home-button' ? 1.05 : 1.25);
  parts.push(
    `<rect x="${n(sx + pad * 0.6)}" y="${n(dockY - pad * 0.6)}" width="${n(sw - pad * 1.2)}" height="${n(icon + pad * 1.2)}" rx="${n(rx * 1.3)}" fill="${white}" fill-opacity="0.25"/>`,
  );
  for (let col = 0; col < 4; col += 1) {
    parts.push(appIcon(sx + col * cell + pad, dockY, icon, rx, nextColor(), Math.floor(rand() * 5)));
  }
  if (art.front !== 'home-button') {
    parts.push(
      `<rect x="${n(sx + sw * 0.35)}" y="${n(sy + sh - sh * 0.018)}" width="${n(sw * 0.3)}" height="${n(sh * 0.007)}" rx="${n(sh * 0.0035)}" fill="${white}" fill-opacity="0.85"/>`,
    );
  }
  return parts.join('');
};

const wallpaper = (art: PhoneArt, id: string, sx: number, sy: number, sw: number, sh: number, rand: () => number) => {
  const h = art.wallpaperHue;
  const wave = (y: number, amp: number, color: string, opacity: number) =>
    `<path d="M${n(sx - 10)} ${n(y)} C${n(sx + sw * 0.3)} ${n(y - amp)} ${n(sx + sw * 0.6)} ${n(y + amp)} ${n(sx + sw + 10)} ${n(y - amp * 0.4)} V${n(sy + sh + 10)} H${n(sx - 10)} Z" fill="${color}" fill-opacity="${opacity}"/>`;
  return (
    `<rect x="${n(sx)}" y="${n(sy)}" width="${n(sw)}" height="${n(sh)}" fill="url(#${id}-wall)"/>` +
    `<circle cx="${n(sx + sw * (0.2 + rand() * 0.6))}" cy="${n(sy + sh * (0.15 + rand() * 0.3))}" r="${n(sw * 0.75)}" fill="url(#${id}-glow)"/>` +
    wave(sy + sh * 0.55, sh * 0.08, hsl(h + 40, 80, 60), 0.35) +
    wave(sy + sh * 0.7, sh * 0.06, hsl(h + 70, 75, 45), 0.4)
  );
};

const wallpaperDefs = (art: PhoneArt, id: string) => {
  const h = art.wallpaperHue;
  return `<linearGradient id="${id}-wall" x1="0" y1="0" x2="0.4" y2="1">
<stop offset="0" stop-color="${hsl(h, 85, 62)}"/><stop offset="1" stop-color="${hsl(h + 35, 70, 28)}"/></linearGradient>
<radialGradient id="${id}-glow"><stop offset="0" stop-color="${hsl(h - 30, 95, 78)}" stop-opacity="0.7"/><stop offset="1" stop-color="${hsl(h - 30, 95, 78)}" stop-opacity="0"/></radialGradient>`;
};

const phoneFront = (art: PhoneArt, shape: Shape, id: string, rand: () => number) => {
  const { w, h, r } = shape;
  const body = art.color;
  const dark = luminance(body) < 0.35;
  const frame = mix(body, dark ? '#9aa0a8' : '#55585f', 0.3);
  const parts = [sideButtons(shape, frame), `<rect width="${n(w)}" height="${n(h)}" rx="${n(r)}" fill="${frame}"/>`];
  const e = w * 0.012;
  parts.push(
    `<rect x="${n(e)}" y="${n(e)}" width="${n(w - 2 * e)}" height="${n(h - 2 * e)}" rx="${n(r - e)}" fill="#07080a"/>`,
  );
  if (art.front === 'home-button') {
    const sx = w * 0.06;
    const sy = h * 0.14;
    const sw = w - 2 * sx;
    const sh = h - 2 * sy;
    parts.push(
      `<clipPath id="${id}-screen"><rect x="${n(sx)}" y="${n(sy)}" width="${n(sw)}" height="${n(sh)}"/></clipPath>`,
      `<g clip-path="url(#${id}-screen)">${wallpaper(art, id, sx, sy, sw, sh, rand)}${screenContent(art, sx, sy, sw, sh, rand)}</g>`,
      `<circle cx="${n(w / 2)}" cy="${n(h - sy / 2)}" r="${n(w * 0.085)}" fill="#111216" stroke="#3a3c42" stroke-width="${n(w * 0.01)}"/>`,
      `<rect x="${n(w * 0.4)}" y="${n(sy / 2 - w * 0.012)}" width="${n(w * 0.2)}" height="${n(w * 0.024)}" rx="${n(w * 0.012)}" fill="#2a2c31"/>`,
      dot(w * 0.3, sy / 2, w * 0.018, '#1d2230'),
    );
  } else {
    const b = w * (brandOf(art.camera) === 'apple' ? 0.04 : 0.03);
    const sx = b;
    const sy = b;
    const sw = w - 2 * b;
    const sh = h - 2 * b;
    const sr = Math.max(r - b, w * 0.04);
    let cutout = '';
    if (art.front === 'notch') {
      const nw = sw * 0.46;
      const nh = sh * 0.036;
      const x0 = sx + (sw - nw) / 2;
      const c = nh * 0.55;
      cutout = `<path d="M${n(x0 - c)} ${n(sy)} Q${n(x0)} ${n(sy)} ${n(x0)} ${n(sy + c)} V${n(sy + nh - c)} Q${n(x0)} ${n(sy + nh)} ${n(x0 + c)} ${n(sy + nh)} H${n(x0 + nw - c)} Q${n(x0 + nw)} ${n(sy + nh)} ${n(x0 + nw)} ${n(sy + nh - c)} V${n(sy + c)} Q${n(x0 + nw)} ${n(sy)} ${n(x0 + nw + c)} ${n(sy)} Z" fill="#07080a"/>`;
    } else if (art.front === 'island') {
      const iw = sw * 0.32;
      const ih = sh * 0.03;
      cutout = `<rect x="${n(sx + (sw - iw) / 2)}" y="${n(sy + sh * 0.014)}" width="${n(iw)}" height="${n(ih)}" rx="${n(ih / 2)}" fill="#07080a"/>`;
    } else {
      cutout = `<circle cx="${n(sx + sw / 2)}" cy="${n(sy + sh * 0.03)}" r="${n(sw * 0.03)}" fill="#07080a" stroke="#23252b" stroke-width="${n(sw * 0.006)}"/>`;
    }
    parts.push(
      `<clipPath id="${id}-screen"><rect x="${n(sx)}" y="${n(sy)}" width="${n(sw)}" height="${n(sh)}" rx="${n(sr)}"/></clipPath>`,
      `<g clip-path="url(#${id}-screen)">${wallpaper(art, id, sx, sy, sw, sh, rand)}${screenContent(art, sx, sy, sw, sh, rand)}${cutout}</g>`,
    );
  }
  // A little glass reflection over the whole front.
  parts.push(
    `<path d="M${n(w * 0.05)} ${n(h * 0.02)} L${n(w * 0.62)} ${n(h * 0.02)} L${n(w * 0.05)} ${n(h * 0.55)} Z" fill="#ffffff" fill-opacity="0.06"/>`,
  );
  return parts.join('');
};

/** A soft drop shadow from a few stacked translucent rounded rectangles (a blur filter costs 5× more to render). */
const softShadow = (w: number, h: number, r: number) => {
  const steps = 6;
  const spread = w * 0.09;
  let out = '';
  for (let i = steps; i >= 1; i -= 1) {
    const grow = (spread * i) / steps;
    out += `<rect x="${n(w * 0.05 - grow)}" y="${n(h * 0.035 - grow)}" width="${n(w + 2 * grow)}" height="${n(h + 2 * grow)}" rx="${n(r + grow)}" fill="#000000" fill-opacity="0.045"/>`;
  }
  return out;
};

/** One phone (back or front) centred on (cx, cy), `height` tall, rotated by `angle` degrees. */
const placePhone = (
  art: PhoneArt,
  side: 'back' | 'front',
  cx: number,
  cy: number,
  height: number,
  angle: number,
  id: string,
  rand: () => number,
) => {
  const shape = shapeOf(art, height);
  const { w, h, r } = shape;
  const drawing = side === 'back' ? phoneBack(art, shape, id) : phoneFront(art, shape, id, rand);
  return {
    defs: phoneDefs(shape, id) + wallpaperDefs(art, id),
    body:
      `<g transform="translate(${n(cx)} ${n(cy)}) rotate(${n(angle)}) translate(${n(-w / 2)} ${n(-h / 2)})">` +
      softShadow(w, h, r) +
      drawing +
      '</g>',
  };
};

const commonDefs = `<radialGradient id="lensglass" cx="0.4" cy="0.35" r="0.7">
<stop offset="0" stop-color="#3b4a6b"/><stop offset="0.55" stop-color="#141a2a"/><stop offset="1" stop-color="#05060a"/></radialGradient>`;

// ---------------------------------------------------------------------------------------------
// Whole pictures

/** The SVG of a listing picture: the phone's back and front on a soft backdrop. */
export const listingSvg = (art: PhoneArt, seed: number): string => {
  const rand = random(seed);
  const size = listingImageSize;
  const hue = art.wallpaperHue + 180 + (rand() - 0.5) * 60;
  const tilt = (rand() - 0.5) * 4;
  const back = placePhone(art, 'back', 272, 405, 548, -8 + tilt, 'b', rand);
  const front = placePhone(art, 'front', 530, 398, 548, 5 + tilt, 'f', rand);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
<defs>${commonDefs}${back.defs}${front.defs}
<linearGradient id="bg" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="${hsl(hue, 40, 95)}"/><stop offset="1" stop-color="${hsl(hue, 28, 83)}"/></linearGradient>
<radialGradient id="floor"><stop offset="0" stop-color="#000000" stop-opacity="0.22"/><stop offset="1" stop-color="#000000" stop-opacity="0"/></radialGradient></defs>
<rect width="${size}" height="${size}" fill="url(#bg)"/>
<circle cx="${n(120 + rand() * 560)}" cy="${n(90 + rand() * 120)}" r="${n(220 + rand() * 80)}" fill="#ffffff" fill-opacity="0.35"/>
<ellipse cx="400" cy="708" rx="330" ry="40" fill="url(#floor)"/>
${back.body}${front.body}</svg>`;
};

interface CategoryStyle {
  from: string;
  to: string;
  phones: [PhoneArt, PhoneArt, PhoneArt];
  mark: (x: number, y: number) => string;
}

const categoryStyles: Record<Brand, CategoryStyle> = {
  apple: {
    from: '#111827',
    to: '#475569',
    phones: [
      { camera: 'apple-pro', front: 'notch', color: '#a7c1d9', wallpaperHue: 210 },
      { camera: 'apple-pro', front: 'island', color: '#594f63', wallpaperHue: 275 },
      { camera: 'apple-dual-diagonal', front: 'notch', color: '#f9e5c9', wallpaperHue: 30 },
    ],
    mark: (x, y) => fruitMark(x, y, 44, '#ffffff', 0.95),
  },
  xiaomi: {
    from: '#ff6900',
    to: '#ffb25b',
    phones: [
      { camera: 'mi-stack', front: 'punch-hole', color: '#8fb8e0', wallpaperHue: 200, wordmark: 'REDMI' },
      { camera: 'mi-square', front: 'punch-hole', color: '#1c1d21', wallpaperHue: 20, wordmark: 'XIAOMI' },
      { camera: 'poco-bar', front: 'punch-hole', color: '#f5d142', wallpaperHue: 50, wordmark: 'POCO' },
    ],
    mark: (x, y) => miMark(x, y, 44, '#ffffff', '#ff6900'),
  },
  samsung: {
    from: '#0b1f8f',
    to: '#3b82f6',
    phones: [
      { camera: 'galaxy-floating', front: 'punch-hole', color: '#dcd0ea', wallpaperHue: 280, wordmark: 'SAMSUNG' },
      { camera: 'galaxy-ultra', front: 'punch-hole', color: '#1f2a24', wallpaperHue: 150, wordmark: 'SAMSUNG' },
      { camera: 'galaxy-contour', front: 'punch-hole', color: '#e9e4d8', wallpaperHue: 40, wordmark: 'SAMSUNG' },
    ],
    mark: (x, y) => wordmark('SAMSUNG', x + 52, y, 15, '#ffffff', 0.95),
  },
};

/** The SVG of a category picture: three of the brand's phones on the brand's colour. */
export const categorySvg = (brand: Brand): string => {
  const style = categoryStyles[brand];
  const { width, height } = categoryImageSize;
  const rand = random(brand.length * 97);
  const [a, b, c] = style.phones;
  const left = placePhone(a, 'back', 178, 222, 270, -13, 'l', rand);
  const right = placePhone(c, 'back', 422, 222, 270, 13, 'r', rand);
  const middle = placePhone(b, 'front', 300, 205, 300, 0, 'm', rand);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>${commonDefs}${left.defs}${right.defs}${middle.defs}
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${style.from}"/><stop offset="1" stop-color="${style.to}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>
<circle cx="520" cy="60" r="170" fill="#ffffff" fill-opacity="0.08"/><circle cx="60" cy="380" r="140" fill="#ffffff" fill-opacity="0.06"/>
${style.mark(44, 44)}
${left.body}${right.body}${middle.body}</svg>`;
};

export interface AvatarArt {
  /** Background hue (0–360). */
  hue: number;
  skin: string;
  hair: string;
  longHair?: boolean;
}

/** The SVG of an avatar: a head and shoulders on a colour. */
export const avatarSvg = ({ hue, skin, hair, longHair = false }: AvatarArt): string => {
  const s = avatarSize;
  const behind = longHair
    ? `<path d="M74 112 C70 64 98 50 128 50 C160 50 188 66 182 112 C180 150 190 176 196 196 L60 196 C68 174 76 150 74 112 Z" fill="${hair}"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 256 256">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue, 70, 72)}"/><stop offset="1" stop-color="${hsl(hue + 30, 60, 52)}"/></linearGradient></defs>
<rect width="256" height="256" fill="url(#bg)"/>${behind}
<path d="M40 256 C40 196 80 172 128 172 C176 172 216 196 216 256 Z" fill="${hsl(hue + 180, 35, 35)}"/>
<rect x="112" y="140" width="32" height="40" rx="12" fill="${mix(skin, '#000000', 0.12)}"/>
<circle cx="128" cy="110" r="46" fill="${skin}"/>
<path d="M80 108 C78 70 100 56 128 56 C158 56 180 72 176 108 C168 88 150 80 128 82 C106 80 88 90 80 108 Z" fill="${hair}"/></svg>`;
};

// ---------------------------------------------------------------------------------------------
// Rendering and storing

const toWebp = (input: Sharp) => input.webp(webpOptions).toBuffer();

/** Renders a listing picture: 800×800 and a 400 px wide copy, both WebP. */
export const renderListingImages = async (art: PhoneArt, seed: number): Promise<{ large: Buffer; small: Buffer }> => {
  // Rasterise the SVG once, encode twice.
  const { data, info } = await sharp(Buffer.from(listingSvg(art, seed)))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const [large, small] = await Promise.all([
    toWebp(sharp(data, raw)),
    toWebp(sharp(data, raw).resize({ width: listingSmallWidth })),
  ]);
  return { large, small };
};

export const renderCategoryImage = (brand: Brand): Promise<Buffer> =>
  toWebp(sharp(Buffer.from(categorySvg(brand))).removeAlpha());

export const renderAvatar = (avatar: AvatarArt): Promise<Buffer> =>
  toWebp(sharp(Buffer.from(avatarSvg(avatar))).removeAlpha());

/** `ab/abcdef…` — the storage key stem of some bytes (sha256, sharded by its first two digits). */
export const contentKey = (bytes: Buffer) => {
  const hash = createHash('sha256').update(bytes).digest('hex');
  return `${hash.slice(0, 2)}/${hash}`;
};

/**
 * Stores a WebP image under its content hash and returns its URL. `variants` (width → bytes) are
 * stored beside it as `<hash>-<width>.webp`, so a client can derive their URLs from the main one.
 */
export const storeWebp = async (storage: ImageStorage, bytes: Buffer, variants: Record<number, Buffer> = {}) => {
  const stem = contentKey(bytes);
  const [main] = await Promise.all([
    storage.put(`${stem}.webp`, bytes, 'image/webp'),
    ...Object.entries(variants).map(([width, variant]) => storage.put(`${stem}-${width}.webp`, variant, 'image/webp')),
  ]);
  return main.url;
};
