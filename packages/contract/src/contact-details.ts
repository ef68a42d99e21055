/**
 * Contact details in a text people write for others to read (a question on a listing, its answer):
 * they are masked, so a deal is not taken off the marketplace before it is booked. This finds email
 * addresses and runs of seven or more digits (spaces, dots, dashes and brackets between them count,
 * so "555 123 4567" is one run); no zod here, so a form can warn before it sends.
 */

export type ContactDetailKind = 'phone' | 'email' | 'link' | 'handle';

export interface ContactDetail {
  kind: ContactDetailKind;
  /** Where it starts in the text, and its length. */
  index: number;
  length: number;
}

/** What stands in for a masked detail. */
export const contactDetailMask = '[contact details hidden]';

const emailPattern = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
// A digit, then six more, each possibly after separators typed between groups.
const phonePattern = /\+?\d(?:[\s().-]{0,3}\d){6,}/g;

/** The contact details in `text`, in the order they appear, none overlapping. */
export const findContactDetails = (text: string): ContactDetail[] => {
  const found: ContactDetail[] = [];
  for (const [kind, pattern] of [
    ['email', emailPattern],
    ['phone', phonePattern],
  ] as const) {
    for (const match of text.matchAll(pattern)) {
      const index = match.index;
      const length = match[0].length;
      const overlaps = found.some((other) => index < other.index + other.length && other.index < index + length);
      if (!overlaps) found.push({ kind, index, length });
    }
  }
  return found.sort((a, b) => a.index - b.index);
};

/** `text` with each contact detail replaced by the mask, and the kinds that were found (each once). */
export const maskContactDetails = (text: string): { text: string; kinds: ContactDetailKind[] } => {
  const details = findContactDetails(text);
  let masked = '';
  let from = 0;
  for (const detail of details) {
    masked += text.slice(from, detail.index) + contactDetailMask;
    from = detail.index + detail.length;
  }
  masked += text.slice(from);
  return { text: masked, kinds: [...new Set(details.map((detail) => detail.kind))] };
};
