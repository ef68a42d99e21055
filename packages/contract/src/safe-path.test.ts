import { describe, expect, it } from 'vitest';
import { nextPathMaxLength, safeNextPath } from './safe-path.ts';

describe('safeNextPath: where a sign-in may send the person next', () => {
  it.each([
    ['/'],
    ['/dashboard'],
    ['/dashboard/my-products?page=2'],
    ['/category/apple?q=iphone%2013&sort=price#results'],
    ['/category/caf%C3%A9'],
    ['/product/abc-123'],
    ['/about?next=//evil.example'], // another site named in the query is only text
  ])('keeps the same-site path %j', (path) => {
    expect(safeNextPath(path)).toBe(path);
  });

  it.each([
    ['protocol-relative', '//evil.example'],
    ['protocol-relative with a path', '//evil.example/phish'],
    ['backslash host', '/\\evil.example'],
    ['backslash anywhere', '/a\\b'],
    ['encoded tab before a second slash', '/%09/evil.example'],
    ['encoded newline before a second slash', '/%0a/evil.example'],
    ['encoded carriage return', '/%0D/evil.example'],
    ['raw tab in front', '\t/evil.example'],
    ['raw tab after the slash', '/\t/evil.example'],
    ['raw newline after the slash', '/\n/evil.example'],
    ['raw space', '/ /evil.example'],
    ['encoded space in the path', '/%20/evil.example'],
    ['unicode line separator', '/\u2028/evil.example'],
    ['absolute https URL', 'https://evil.example'],
    ['absolute http URL', 'http://evil.example/'],
    ['javascript: URL', 'javascript:alert(1)'],
    ['javascript: behind a slash-less scheme', 'javascript://%0aalert(1)'],
    ['data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['encoded slashes', '/%2F%2Fevil.example'],
    ['mixed encoded slash', '/%2Fevil.example'],
    ['double-encoded slashes', '/%252F%252Fevil.example'],
    ['encoded backslash', '/%5Cevil.example'],
    ['encoded backslash pair', '/%5C%5Cevil.example'],
    ['lower-case encoded backslash', '/%5cevil.example'],
    ['NUL', '/\u0000/evil.example'],
    ['encoded NUL', '/dashboard%00'],
    ['DEL', '/dash\u007fboard'],
    ['malformed percent-encoding', '/%E0%A4%A'],
    ['relative path', 'dashboard'],
    ['dot path', '../dashboard'],
    ['empty', ''],
    ['very long', `/${'a'.repeat(nextPathMaxLength)}`],
  ])('refuses %s', (_name, path) => {
    expect(safeNextPath(path)).toBeNull();
  });

  it('refuses anything but a string', () => {
    for (const value of [null, undefined, 42, ['/'], { pathname: '/' }]) expect(safeNextPath(value)).toBeNull();
  });

  it('accepts a path of exactly the longest length', () => {
    const path = `/${'a'.repeat(nextPathMaxLength - 1)}`;
    expect(safeNextPath(path)).toBe(path);
  });
});
