import { describe, expect, it } from 'vitest';
import { htmlOfPlainText } from './plain-text-html.ts';

describe('the HTML part of a plain-text email', () => {
  it('makes each web address a link that opens a new tab, and keeps the words and lines', () => {
    const html = htmlOfPlainText(
      'Hello Ann,\n\nOpen this link:\n\nhttp://localhost:3000/confirm-email?token=Ab_9-x\n\nReCell',
    );
    expect(html).toContain(
      'Open this link:\n\n<a href="http://localhost:3000/confirm-email?token=Ab_9-x" target="_blank" rel="noopener">' +
        'http://localhost:3000/confirm-email?token=Ab_9-x</a>\n\nReCell',
    );
    expect(html).toContain('white-space: pre-wrap');
  });

  it('reads nothing of the text as markup, and leaves a closing full stop out of a link', () => {
    const html = htmlOfPlainText('<b>Tom & "Jerry"</b> see https://recell.test/orders/1?a=1&b=2.');
    expect(html).toContain('&lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt; see ');
    expect(html).toContain('<a href="https://recell.test/orders/1?a=1&amp;b=2" target="_blank" rel="noopener">');
    expect(html).toContain('</a>.</div>');
    expect(html).not.toContain('<b>');
  });
});
