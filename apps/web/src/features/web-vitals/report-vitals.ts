import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { vitalsEndpoints, type WebVitalsReport } from '@recell/contract';
import { apiUrl } from '@/lib/api-url';
import { pageTypeOf } from './page-type';

/** Sends a report: a beacon, which outlives the page; fetch with keepalive where there is none. */
export type SendReport = (url: string, body: string) => void;

const sendBeaconOrKeepalive: SendReport = (url, body) => {
  if (typeof navigator.sendBeacon === 'function') navigator.sendBeacon(url, body);
  else void fetch(url, { method: 'POST', body, keepalive: true }).catch(() => undefined);
};

/** Milliseconds to the millisecond, CLS to four places: more digits say nothing. */
const rounded = ({ name, value }: Metric) => (name === 'CLS' ? Math.round(value * 1e4) / 1e4 : Math.round(value));

/**
 * Watches this visit's Core Web Vitals (decision 0081) and, each time the page is hidden, sends
 * what came since in one report: the kind of page the visit landed on and each metric's value. No
 * address, id or browser detail leaves. Each figure is sent once: a value web-vitals updates after
 * it was sent (CLS or INP when the page is shown again) is not counted twice.
 *
 * Runs after the page's load event: web-vitals reads the entries the browser buffered before it
 * (paints, layout shifts, the navigation, slow interactions) and watches the interactions after.
 */
export function reportWebVitals({
  pathname = location.pathname,
  send = sendBeaconOrKeepalive,
}: { pathname?: string; send?: SendReport } = {}) {
  const page = pageTypeOf(pathname);
  const url = apiUrl(vitalsEndpoints.report);
  const waiting = new Map<Metric['name'], Metric>();
  const sent = new Set<string>();
  const take = (metric: Metric) => {
    if (!sent.has(metric.id)) waiting.set(metric.name, metric);
  };
  onLCP(take);
  onINP(take);
  onCLS(take);
  onFCP(take);
  onTTFB(take);

  // On window, bubbling: after web-vitals' own listeners (capturing) have given their last values.
  addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'hidden' || waiting.size === 0) return;
    const report: WebVitalsReport = {
      page,
      metrics: [...waiting.values()].map((metric) => ({ name: metric.name, value: rounded(metric) })),
    };
    for (const metric of waiting.values()) sent.add(metric.id);
    waiting.clear();
    send(url, JSON.stringify(report));
  });
}
