import { describe, expect, it } from 'vitest';
import { classesIn, criticalStyleFor, requiredClasses } from './critical-style';

/** A stylesheet in the shape Tailwind writes it (minified, layered, with variants). */
const stylesheet = [
  '@layer theme,base,utilities;',
  '@layer theme{:root,:host{--color-teal-700:oklch(51% .1 186);--color-red-600:oklch(58% .25 27);--font-sans:system-ui;--default-font-family:var(--font-sans)}}',
  '@layer base{html{font-family:var(--default-font-family)}h1{margin:0}}',
  '@layer utilities{',
  '.text-teal-700{color:var(--color-teal-700)}',
  '.text-red-600{color:var(--color-red-600)}',
  '.shadow{--tw-shadow:0 1px 3px #0001;box-shadow:var(--tw-ring-shadow),var(--tw-shadow)}',
  '.aspect-\\[4\\/3\\]{aspect-ratio:4/3}',
  '.dark\\:text-white:where(.dark,.dark *){color:#fff}',
  '@media (width>=40rem){.sm\\:grid-cols-2{grid-template-columns:repeat(2,1fr)}}',
  '@media (width>=64rem){.lg\\:hidden{display:none}}',
  '@media (hover:hover){.hover\\:underline:hover{text-decoration-line:underline}}',
  '}',
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@property --tw-ring-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@property --tw-blur{syntax:"*";inherits:false}',
  '@keyframes spin{to{transform:rotate(360deg)}}',
].join('');

describe('the part of the stylesheet a page uses', () => {
  it('names the classes a selector needs, unescaped, but not those inside :where() or :is()', () => {
    expect(requiredClasses('.aspect-\\[4\\/3\\]')).toEqual(['aspect-[4/3]']);
    expect(requiredClasses('.dark\\:text-white:where(.dark,.dark *)')).toEqual(['dark:text-white']);
    expect(requiredClasses('.space-y-2>:not(:last-child)')).toEqual(['space-y-2']);
    expect(requiredClasses('.\\31 0 .w-1\\/2[data-open="a.b"]')).toEqual(['10', 'w-1/2']);
    expect(requiredClasses(':root,:host')).toEqual([]);
  });

  it("reads every element's classes, entities decoded", () => {
    expect([...classesIn('<div class="a  b&amp;c"><svg class="icon"></svg><p>class="no"</p></div>')]).toEqual([
      'a',
      'b&c',
      'icon',
    ]);
  });

  it('keeps the base styles and the rules of the classes on the page, in their layers and media', () => {
    const style = criticalStyleFor(stylesheet)(
      '<html class="dark"><body><h1 class="text-teal-700 dark:text-white sm:grid-cols-2">Apple</h1><img class="aspect-[4/3]"></body></html>',
    );
    expect(style).toBe(
      [
        '@layer theme,base,utilities;',
        '@layer theme{:root,:host{--color-teal-700:oklch(51% .1 186);--font-sans:system-ui;--default-font-family:var(--font-sans)}}',
        '@layer base{html{font-family:var(--default-font-family)}h1{margin:0}}',
        '@layer utilities{.text-teal-700{color:var(--color-teal-700)}.aspect-\\[4\\/3\\]{aspect-ratio:4/3}',
        '.dark\\:text-white:where(.dark,.dark *){color:#fff}',
        '@media (width>=40rem){.sm\\:grid-cols-2{grid-template-columns:repeat(2,1fr)}}}',
        '@keyframes spin{to{transform:rotate(360deg)}}',
      ].join(''),
    );
  });

  it('keeps the variables and @property rules the kept rules read, and no others', () => {
    const style = criticalStyleFor(stylesheet)('<p class="shadow hover:underline">x</p>');
    expect(style).toContain('.shadow{');
    expect(style).toContain('@media (hover:hover){.hover\\:underline:hover{');
    expect(style).toContain('@property --tw-shadow{');
    expect(style).toContain('@property --tw-ring-shadow{');
    expect(style).not.toContain('--tw-blur');
    expect(style).not.toContain('--color-teal-700');
    expect(style).not.toContain('.text-red-600');
    expect(style).not.toContain('lg\\:hidden');
  });

  it("keeps the variables a page's inline styles read", () => {
    const style = criticalStyleFor(stylesheet)('<p style="color:var(--color-red-600)">x</p>');
    expect(style).toContain('--color-red-600:oklch(58% .25 27)');
    expect(style).not.toContain('--color-teal-700');
  });

  it('picks the same style for pages with the same classes, whatever their order or text', () => {
    const pick = criticalStyleFor(stylesheet);
    const first = pick('<h1 class="text-teal-700 shadow">Apple</h1><p class="sm:grid-cols-2">one</p>');
    expect(pick('<p class="sm:grid-cols-2">two</p><h2 class="shadow  text-teal-700">Samsung</h2>')).toBe(first);
    expect(pick('<h1 class="text-teal-700">Apple</h1>')).not.toBe(first);
  });
});
