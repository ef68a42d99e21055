import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportWhenSampled } from './when-sampled';

const reportWebVitals = vi.hoisted(() => vi.fn());
vi.mock('./report-vitals', () => ({ reportWebVitals }));

/** The load listeners the call adds, run as the browser would once the page has loaded. */
const loadListenersOf = (call: () => void) => {
  const added = vi.spyOn(window, 'addEventListener');
  call();
  const listeners = added.mock.calls.filter(([type]) => type === 'load').map(([, listener]) => listener);
  added.mockRestore();
  return listeners as (() => Promise<unknown>)[];
};

describe('sampling the visits that report their web vitals', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    reportWebVitals.mockClear();
  });

  it('starts the reporter after the page has loaded, on a sampled visit', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.05);
    const listeners = loadListenersOf(() => reportWhenSampled(0.1));
    expect(listeners).toHaveLength(1);
    expect(reportWebVitals).not.toHaveBeenCalled();

    await listeners[0]!();
    expect(reportWebVitals).toHaveBeenCalledTimes(1);
  });

  it('loads nothing on a visit outside the sample, or with sampling off', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.1);
    expect(loadListenersOf(() => reportWhenSampled(0.1))).toEqual([]);
    vi.spyOn(Math, 'random').mockReturnValue(0);
    expect(loadListenersOf(() => reportWhenSampled(0))).toEqual([]);
    expect(reportWebVitals).not.toHaveBeenCalled();
  });

  it('samples every visit at a rate of 1', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    expect(loadListenersOf(() => reportWhenSampled(1))).toHaveLength(1);
  });
});
