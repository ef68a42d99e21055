/**
 * The HTML part of an email written as plain text: the same words, line for line, with every web
 * address a link that opens in a new tab (a mail client or the demo mailbox shows the HTML part, so
 * a person clicks the link rather than copying it). Nothing of the text is read as markup.
 */
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A web address up to the first space; a closing full stop or bracket after it is the sentence's. */
const webAddress = /https?:\/\/[^\s<>"]*[^\s<>".,;:!?)]/g;

export const htmlOfPlainText = (text: string): string => {
  let body = '';
  let last = 0;
  for (const match of text.matchAll(webAddress)) {
    const url = match[0];
    body += escapeHtml(text.slice(last, match.index));
    body += `<a href="${escapeHtml(url)}" target="_blank" rel="noopener">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  body += escapeHtml(text.slice(last));
  return (
    '<!doctype html><html><head><meta charset="utf-8"></head><body>' +
    `<div style="font-family: sans-serif; line-height: 1.5; white-space: pre-wrap">${body}</div></body></html>`
  );
};
