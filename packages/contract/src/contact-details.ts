/**
 * Contact details in what buyers and sellers write to each other: phone numbers, emails, links and
 * payment or messaging handles (docs/decisions/0066). Deals stay on ReCell, where the payment is
 * protected, so the server hides them from what is sent and the web warns while one is typed.
 *
 * Every pattern here is linear: bounded repetitions over character classes that cannot overlap
 * their neighbours, and the phone numbers are found by one pass over the text, so a long or hostile
 * text costs time in proportion to its length (no catastrophic backtracking).
 *
 * Not contact details: prices ("$450", "€1 200"), storage and other sizes ("128 GB", "5000 mAh"),
 * dates ("12.05.2024", "2024-05-12"), times ("14:30", "10.30") and short numbers.
 */
import { contactDetailTexts } from './contact-detail-texts.ts';

export type ContactDetailKind = 'phone' | 'email' | 'link' | 'handle';
export interface ContactDetailMatch {
  kind: ContactDetailKind;
  start: number;
  end: number;
}

/** No detail is shorter ("$jo", "@jo"): one or two characters say nothing. */
const detailLengthMin = 3;
/** A phone number has at least this many digits; fewer is a price, a size or a model. */
const phoneDigitsMin = 7;
/** Separators between the digit groups of a phone number, and how many may stand between two groups. */
const phoneSeparatorCodes = new Set(
  [' ', '\t', '\u00a0', '.', '-', '\u2013', '(', ')', '/', '+'].map((char) => char.charCodeAt(0)),
);
const phoneGapMax = 3;
const digitWords = new Set(['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine']);
const currencySymbols = new Set(['$', '€', '£', '¥', '₹']);
/** Words after a number that make it a size, a price or an amount rather than part of a phone number. */
const numberUnits = new Set([
  ...['gb', 'g', 'gig', 'gigs', 'tb', 'mb', 'kb', 'mah', 'mp', 'hz', 'ghz', 'mhz', 'mm', 'cm', 'inch', 'inches'],
  ...['w', 'v', 'k', 'usd', 'eur', 'gbp', 'dollars', 'bucks', 'euros', 'pounds', 'percent', 'days', 'months'],
  ...['vnd', 'inr', 'rs', 'rupees', 'yen'],
  ...['years', 'hours', 'minutes', 'am', 'pm', 'h', 'min'],
]);
/** A number's first or last group is read as a price or a size (not a phone's digits) up to this many digits. */
const amountDigitsMax = 5;

/** Top-level domains a bare address ("shop.com") is recognised by; words like "in" or "it" are left out. */
const bareTlds = [
  ...['com', 'net', 'org', 'info', 'biz', 'io', 'co', 'uk', 'ca', 'de', 'fr', 'es', 'nl', 'eu', 'ch', 'pl'],
  ...['br', 'mx', 'ru', 'au', 'app', 'ly', 'gg', 'xyz', 'shop', 'store', 'online', 'site', 'link', 'tv', 'cc'],
];
/** Currency codes written with a dollar sign ("$USD") are not Cash App tags. */
const currencyCodes = new Set(['usd', 'aud', 'cad', 'nzd', 'hkd', 'sgd', 'mxn']);
/** Messaging and payment apps: an @handle or "app: handle" after one of these names is a handle. */
const appNames =
  'telegram|tg|whatsapp|signal|viber|insta(?:gram)?|ig|snap(?:chat)?|venmo|cash\\s?app|paypal|zelle|kik|wechat|' +
  'discord|skype|messenger|facebook|fb|twitter|threads|tiktok';
/** Hosts whose addresses are a person's handle (a chat or a payment page) rather than a web page. */
const handleHosts =
  /^(?:t\.me|telegram\.(?:me|dog)|wa\.me|(?:chat|api)\.whatsapp\.com|paypal\.me|paypal\.com\/paypalme|cash\.app|venmo\.com)(?:\/|$)/i;

const label = '[A-Za-z0-9-]{1,63}';
/** An email's name starts where a word does (so a long word is not tried at each of its letters). */
const local = '(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]{1,64}';
const at = '(?:\\s{0,2}@\\s{0,2}|\\s{0,3}[\\[({<]\\s{0,2}at\\s{0,2}[\\])}>]\\s{0,3}|\\s{1,3}at\\s{1,3})';
const dot = '(?:\\.|\\s{0,3}[\\[({<]\\s{0,2}dot\\s{0,2}[\\])}>]\\s{0,3}|\\s{1,3}dot\\s{1,3})';
const tldAlternatives = (tlds: readonly string[]) => [...tlds].sort((a, b) => b.length - a.length).join('|');
/** The characters an address's path may hold (not spaces, quotes or brackets, so a sentence ends it). */
const pathChar = '[^\\s<>"\'()\\[\\]{}]';

const patterns = {
  /** name@domain.tld, also with spaces around the @. */
  email: new RegExp(`${local}\\s{0,2}@\\s{0,2}${label}(?:\\.${label}){0,4}\\.[A-Za-z]{2,24}(?![A-Za-z0-9-])`, 'g'),
  /** "name at domain dot com", "name(at)domain(dot)com", "name [at] domain.com": a known top-level domain. */
  spelledEmail: new RegExp(
    `${local}${at}${label}(?:${dot}${label}){0,3}${dot}(?:${tldAlternatives([...bareTlds, 'me', 'us', 'in', 'it'])})(?![A-Za-z0-9-])`,
    'gi',
  ),
  url: new RegExp(`(?<![A-Za-z0-9])(?:https?:\\/\\/|www\\.)${pathChar}{1,2048}`, 'gi'),
  bareDomain: new RegExp(
    `(?<![A-Za-z0-9@._%+-])${label}(?:${dot}${label}){0,5}${dot}(?:${tldAlternatives(bareTlds)})(?![A-Za-z0-9-])(?:\\/${pathChar}{0,2048})?`,
    'gi',
  ),
  handleAddress: new RegExp(
    `(?<![A-Za-z0-9.-])(?:t\\.me|telegram\\.(?:me|dog)|wa\\.me|paypal\\.me|cash\\.app)\\/${pathChar}{1,2048}`,
    'gi',
  ),
  cashtag: /(?<![A-Za-z0-9_$])\$[A-Za-z][A-Za-z0-9_]{1,19}(?![A-Za-z0-9_])/g,
  atHandle: /(?<![A-Za-z0-9._%+-])@[A-Za-z0-9_][A-Za-z0-9_.-]{1,31}/g,
  /** "venmo: jo-smith", "Telegram username: jo_smith": the handle after the colon. */
  namedHandle: new RegExp(
    `\\b(?:${appNames})\\s{0,2}(?:id|username|user|handle|name|tag)?\\s{0,2}[:=]\\s{0,3}([@$]?[A-Za-z0-9_][A-Za-z0-9_.-]{1,31})`,
    'gi',
  ),
} as const;
const appNamePattern = new RegExp(`\\b(?:${appNames})\\b`, 'i');
/** How far before an @handle the app's name is looked for ("my telegram is @jo"). */
const appNameWindow = 40;

const trailingPunctuation = /[.,;:!?'"-]+$/;
const withoutTrailingPunctuation = (text: string, start: number, end: number) => {
  const trimmed = text.slice(start, end).replace(trailingPunctuation, '');
  return start + trimmed.length;
};

const addressKind = (address: string): ContactDetailKind =>
  handleHosts.test(address.replace(/^(?:https?:\/\/)?(?:www\.)?/i, '')) ? 'handle' : 'link';

interface DigitGroup {
  start: number;
  end: number;
  digits: number;
  isWord: boolean;
  /** The separators before it (empty for the first group of a run). */
  separator: string;
}

const isDigitCode = (code: number) => code >= 48 && code <= 57;
const isLetterCode = (code: number) => (code >= 65 && code <= 90) || (code >= 97 && code <= 122);

/** A run of three groups that reads as a date: 12.05.2024, 2024-05-12, 5/12/24. */
const isDate = (text: string, groups: DigitGroup[]) => {
  const [a, b, c] = groups.map((group) => text.slice(group.start, group.end));
  if (!a || !b || !c || groups.some((group) => group.isWord)) return false;
  const day = (value: string) => value.length <= 2 && Number(value) >= 1 && Number(value) <= 31;
  const month = (value: string) => value.length <= 2 && Number(value) >= 1 && Number(value) <= 12;
  if (a.length === 4) return month(b) && day(c);
  return (c.length === 2 || c.length === 4) && ((day(a) && month(b)) || (month(a) && day(b)));
};

/** Two groups that read as a time of day: 10.30, 9.05. */
const isTime = (text: string, groups: DigitGroup[]) => {
  const [hours, minutes] = groups.map((group) => text.slice(group.start, group.end));
  if (!hours || !minutes || groups.some((group) => group.isWord)) return false;
  return hours.length <= 2 && Number(hours) <= 24 && minutes.length === 2 && Number(minutes) <= 59;
};

/** The groups of a run that are dates or times, which a phone number never holds. */
const datesAndTimes = (text: string, run: DigitGroup[]) => {
  const excluded = new Set<number>();
  let from = 0;
  // Maximal stretches joined by one same single separator: "06.12.34.56.78" is a number, "12.05.2024" a date.
  while (from < run.length) {
    let to = from + 1;
    const joiner = run[to]?.separator;
    if (joiner && joiner.length === 1 && '.-/'.includes(joiner)) while (run[to]?.separator === joiner) to += 1;
    const stretch = run.slice(from, to);
    if (
      (stretch.length === 3 && isDate(text, stretch)) ||
      (stretch.length === 2 && joiner === '.' && isTime(text, stretch))
    )
      for (let index = from; index < to; index += 1) excluded.add(index);
    from = to;
  }
  return excluded;
};

/** The word or symbol right after `end` (past a space or two), lower-cased. */
const wordAfter = (text: string, end: number) => {
  let index = end;
  while (index < end + 2 && (text[index] === ' ' || text[index] === '\u00a0')) index += 1;
  const first = text[index];
  if (first === '%' || (first && currencySymbols.has(first))) return first;
  let stop = index;
  while (stop < index + 12 && isLetterCode(text.charCodeAt(stop))) stop += 1;
  return isLetterCode(text.charCodeAt(stop)) ? '' : text.slice(index, stop).toLowerCase();
};

/** Whether a currency symbol stands right before `start` (or a space before it): "$450", "€ 1 200". */
const isAfterCurrency = (text: string, start: number) => {
  const before = text[start - 1] === ' ' ? text[start - 2] : text[start - 1];
  return before !== undefined && currencySymbols.has(before);
};

/** The phone numbers in one run of digit groups. */
const phonesInRun = (text: string, run: DigitGroup[], found: ContactDetailMatch[]) => {
  const excluded = datesAndTimes(text, run);
  let segment: DigitGroup[] = [];
  const flush = (isRunEnd: boolean) => {
    let groups = segment;
    segment = [];
    // A price before the number, or a size or amount after it, is not part of it.
    const first = groups[0];
    if (
      first &&
      first === run[0] &&
      !first.isWord &&
      first.digits <= amountDigitsMax &&
      isAfterCurrency(text, first.start)
    )
      groups = groups.slice(1);
    const last = groups.at(-1);
    const after = last && isRunEnd ? wordAfter(text, last.end) : '';
    if (
      last &&
      !last.isWord &&
      last.digits <= amountDigitsMax &&
      (numberUnits.has(after) || after === '%' || currencySymbols.has(after))
    )
      groups = groups.slice(0, -1);
    const digits = groups.reduce((sum, group) => sum + group.digits, 0);
    if (digits < phoneDigitsMin) return;
    let start = groups[0]!.start;
    // An international "+" or an opening bracket belongs to the number.
    while (start > 0 && start > groups[0]!.start - 2 && (text[start - 1] === '+' || text[start - 1] === '('))
      start -= 1;
    found.push({ kind: 'phone', start, end: groups.at(-1)!.end });
  };
  run.forEach((group, index) => {
    if (excluded.has(index)) {
      flush(false);
      return;
    }
    segment.push(group);
  });
  flush(true);
};

/**
 * Phone numbers: runs of digit groups (or digits spelled as words) joined by at most three
 * separators each (spaces, dots, dashes, brackets, slashes, plus), with seven digits or more. One
 * pass over the text.
 */
const findPhones = (text: string): ContactDetailMatch[] => {
  const found: ContactDetailMatch[] = [];
  let run: DigitGroup[] = [];
  let gapStart = -1;
  const endRun = () => {
    if (run.length > 0) phonesInRun(text, run, found);
    run = [];
    gapStart = -1;
  };
  const addGroup = (start: number, end: number, isWord: boolean) => {
    const separator = run.length > 0 && gapStart >= 0 ? text.slice(gapStart, start) : '';
    run.push({ start, end, digits: isWord ? 1 : end - start, isWord, separator });
    gapStart = end;
  };
  let index = 0;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (isDigitCode(code)) {
      let end = index + 1;
      while (end < text.length && isDigitCode(text.charCodeAt(end))) end += 1;
      addGroup(index, end, false);
      index = end;
    } else if (isLetterCode(code)) {
      let end = index + 1;
      while (end < text.length && isLetterCode(text.charCodeAt(end))) end += 1;
      if (digitWords.has(text.slice(index, end).toLowerCase()) && end - index <= 5) addGroup(index, end, true);
      else endRun();
      index = end;
    } else if (phoneSeparatorCodes.has(code)) {
      let end = index + 1;
      while (end < text.length && phoneSeparatorCodes.has(text.charCodeAt(end))) end += 1;
      if (end - index > phoneGapMax) endRun();
      index = end;
    } else {
      endRun();
      index += 1;
    }
  }
  endRun();
  return found;
};

const allMatches = (pattern: RegExp, text: string) => {
  pattern.lastIndex = 0;
  return text.matchAll(pattern);
};

/** The contact details and payment handles in a text, in order, not overlapping. */
export const findContactDetails = (text: string): ContactDetailMatch[] => {
  const candidates: ContactDetailMatch[] = findPhones(text);
  const add = (kind: ContactDetailKind, start: number, end: number) => {
    if (end - start >= detailLengthMin) candidates.push({ kind, start, end });
  };

  for (const match of allMatches(patterns.email, text)) add('email', match.index, match.index + match[0].length);
  for (const match of allMatches(patterns.spelledEmail, text)) add('email', match.index, match.index + match[0].length);
  for (const pattern of [patterns.url, patterns.bareDomain, patterns.handleAddress])
    for (const match of allMatches(pattern, text)) {
      const end = withoutTrailingPunctuation(text, match.index, match.index + match[0].length);
      const address = text.slice(match.index, end);
      // "www." alone, or a link's scheme alone, is not an address.
      if (!/^[A-Za-z0-9]/.test(address.replace(/^(?:https?:\/\/)?(?:www\.)?/i, ''))) continue;
      add(addressKind(address), match.index, end);
    }
  for (const match of allMatches(patterns.cashtag, text))
    if (!currencyCodes.has(match[0].slice(1).toLowerCase())) add('handle', match.index, match.index + match[0].length);
  for (const match of allMatches(patterns.atHandle, text)) {
    const lineStart = text.lastIndexOf('\n', match.index) + 1;
    const before = text.slice(Math.max(lineStart, match.index - appNameWindow), match.index);
    if (appNamePattern.test(before))
      add('handle', match.index, withoutTrailingPunctuation(text, match.index, match.index + match[0].length));
  }
  for (const match of allMatches(patterns.namedHandle, text)) {
    const handle = match[1]!;
    const start = match.index + match[0].length - handle.length;
    add('handle', start, withoutTrailingPunctuation(text, start, start + handle.length));
  }

  // Earliest first, the longest of those that start together; a detail inside another is part of it.
  candidates.sort((a, b) => a.start - b.start || b.end - a.end);
  const details: ContactDetailMatch[] = [];
  let reached = 0;
  for (const candidate of candidates)
    if (candidate.start >= reached) {
      details.push(candidate);
      reached = candidate.end;
    }
  return details;
};

/**
 * The text with each contact detail replaced by a mask, and which kinds were found. Hiding one
 * detail can bring another into view (a name of an app now close to an @handle), so the text is
 * masked again until nothing is found; the mask is never part of a detail, so each round hides at
 * least three characters more and it ends.
 */
export const maskContactDetails = (text: string): { text: string; kinds: ContactDetailKind[] } => {
  const kinds = new Set<ContactDetailKind>();
  let masked = text;
  for (let details = findContactDetails(masked); details.length > 0; details = findContactDetails(masked)) {
    let result = '';
    let from = 0;
    for (const detail of details) {
      kinds.add(detail.kind);
      result += masked.slice(from, detail.start) + contactDetailTexts.mask;
      from = detail.end;
    }
    masked = result + masked.slice(from);
  }
  return { text: masked, kinds: [...kinds] };
};
