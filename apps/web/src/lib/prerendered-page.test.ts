import { afterEach, describe, expect, it } from 'vitest';
import { wholeStylesheet } from './prerendered-page';

describe('the whole stylesheet of a page the server rendered', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('is enabled, and React waits until it has loaded', async () => {
    document.head.innerHTML = '<style>p{}</style><link rel="stylesheet" href="/assets/index.css" disabled>';
    const link = document.querySelector('link')!;
    let ready = false;
    const waiting = wholeStylesheet().then(() => (ready = true));
    expect(link.hasAttribute('disabled')).toBe(false);
    await Promise.resolve();
    expect(ready).toBe(false);
    link.dispatchEvent(new Event('load'));
    await waiting;
    expect(ready).toBe(true);
  });

  it('lets React go on when it cannot load, and at once on a page that has no such link', async () => {
    document.head.innerHTML = '<link rel="stylesheet" href="/assets/gone.css" disabled>';
    const failing = wholeStylesheet();
    document.querySelector('link')!.dispatchEvent(new Event('error'));
    await expect(failing).resolves.toBeUndefined();
    document.head.innerHTML = '<link rel="stylesheet" href="/assets/index.css">';
    await expect(wholeStylesheet()).resolves.toBeUndefined();
  });
});
