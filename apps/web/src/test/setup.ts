import '@testing-library/jest-dom/vitest';
import { act, cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { toast } from '@/lib/toast';

afterEach(() => {
  act(() => {
    toast.remove();
  });
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.classList.remove('dark');
});

// jsdom has no matchMedia: answer "no preference" (light theme, motion allowed).
window.matchMedia = vi.fn((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addEventListener: vi.fn(),
  removeEventListener: vi.fn(),
  addListener: vi.fn(),
  removeListener: vi.fn(),
  dispatchEvent: vi.fn(() => false),
}));

// jsdom does not scroll.
window.scrollTo = vi.fn();
Element.prototype.scrollIntoView = vi.fn();
