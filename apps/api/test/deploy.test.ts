/**
 * What the shipped balancer answers on its own (deploy/errors/*.http, named by deploy/haproxy.cfg):
 * the API's error shape and message, with Retry-After, as a replica's own 503 says.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { ErrorBodySchema, messages } from '@recell/contract';

const deployDir = new URL('../../../deploy/', import.meta.url);

describe('the balancer’s own answers', () => {
  it('names an error file for each status it makes, and each one is the API’s 503 in the one error shape', async () => {
    const config = await readFile(new URL('haproxy.cfg', deployDir), 'utf8');
    for (const status of [502, 503, 504]) {
      expect(config).toContain(`errorfile ${status} /usr/local/etc/haproxy/errors/${status}.http`);
      const raw = await readFile(new URL(`errors/${status}.http`, deployDir), 'utf8');
      const [head, body] = raw.split('\r\n\r\n') as [string, string];
      const [statusLine, ...headerLines] = head.split('\r\n');
      expect(statusLine).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      const headers = Object.fromEntries(
        headerLines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      expect(headers['content-type']).toMatch(/^application\/json/);
      expect(Number(headers['retry-after'])).toBeGreaterThan(0);
      expect(headers['cache-control']).toBe('no-store');
      expect(Number(headers['content-length'])).toBe(Buffer.byteLength(body));
      expect(ErrorBodySchema.parse(JSON.parse(body))).toEqual({
        error: { code: 'unavailable', message: messages.serviceUnavailable },
      });
    }
  });
});
