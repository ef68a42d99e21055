import '@testing-library/jest-dom/vitest';
import { themeCookie } from '@recell/contract';
import { act, cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { resetSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { apiServer } from './api-mock';

// Pages are lazy chunks that Vite transforms on first import: on a busy machine a page can take
// more than the default second to appear.
configure({ asyncUtilTimeout: 5000 });

// Requests go to MSW; one that no test answers fails loudly instead of reaching a real network.
beforeAll(() => apiServer.listen({ onUnhandledFrame: 'error' }));
afterAll(() => apiServer.close());

afterEach(() => {
  apiServer.resetHandlers();
  act(() => {
    toast.remove();
  });
  cleanup();
  resetSession();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.classList.remove('dark', 'light');
  document.cookie = `${themeCookie}=; Max-Age=0; Path=/`;
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

// jsdom has <dialog> but not showModal() or close(): open and close it like a browser does,
// Escape included (a cancelable 'cancel' event, then 'close'), and 'close' fired afterwards, as the
// browser queues it (a dialog that React removes is closed by then: its onClose never runs).
if (typeof HTMLDialogElement.prototype.showModal !== 'function') {
  const onKeyDown = function (this: HTMLDialogElement, event: KeyboardEvent) {
    if (event.key !== 'Escape') return;
    if (this.dispatchEvent(new Event('cancel', { cancelable: true }))) this.close();
  };
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
    this.addEventListener('keydown', onKeyDown);
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.removeEventListener('keydown', onKeyDown);
    queueMicrotask(() => this.dispatchEvent(new Event('close')));
  };
}
