/**
 * The catalogue's query planner for a filtered page (docs/decisions/0011): walk down the category
 * in sort order, or ask the search index, chosen from sampled statistics of the listings. Pure
 * functions of the statistics and the page asked for; catalogue.service.ts runs the plan.
 */
import {
  walkFactOf,
  type BrowseFilters,
  type BrowseSort,
  type FactSampleRow,
  type FactToken,
  type LexemeStats,
} from './catalogue.repository.ts';

/**
 * How far a filtered page walks down the category in sort order, at most, before it asks the search
 * index for the rest. The walk stops as soon as a page's worth matched, so this only bounds the walk
 * for rare matches: words in fewer than about 1 listing in 120 (a page of 25 in 3,000). Below that,
 * fetching every match through the index and sorting them is the cheaper way; the crossing point
 * is near √(page × category size), 3,000 for a page of 25 in a category of 360,000.
 * See docs/decisions/0011-catalogue-performance.md.
 */
export const searchWindowRows = 3000;

/** Lengths of a second walk (few, so each is one prepared statement). */
export const continuationRows = [250, 500, 1000, 2000, searchWindowRows];
/** The smallest bucket at least `value` (the largest when none is). */
export const bucketAbove = (value: number, buckets: number[]) => buckets.find((b) => b >= value) ?? buckets.at(-1)!;

/** How a filtered page finds its listings: walking in order first, or the search index only. */
export type SearchPlan = 'walk' | 'index';

/**
 * At most what share of the category's listings can match, from a sample of the search column's
 * lexemes: for each word, the share of sampled listings holding a lexeme it begins (a word the
 * sample does not hold twice counts as 2), divided by the category's share, as if every such
 * listing were in this category; the same for the condition. The rarest bound wins. Undefined
 * when the sample cannot tell (it holds no listing of the category).
 */
export const matchShareBound = (
  stats: LexemeStats,
  filters: Pick<BrowseFilters, 'categoryId' | 'condition'>,
  words: string[],
): number | undefined => {
  const countOf = (lexeme: string) => {
    const i = lowerBound(stats.lexemes, lexeme);
    return stats.lexemes[i] === lexeme ? stats.counts[i]! : 0;
  };
  // Every brand: every sampled listing (each holds exactly one category marker).
  const inCategory = filters.categoryId === undefined ? stats.sampled : countOf(`category ${filters.categoryId}`);
  if (inCategory === 0) return undefined;
  const unseen = 2;
  let bound = inCategory;
  for (const word of words) {
    // What the 'simple' parser makes of plain letters and digits: the word, lower-cased. Other
    // words (punctuation splits them) are left out of the bound.
    if (!/^[a-z0-9]+$/i.test(word)) continue;
    const prefix = word.toLowerCase();
    let count = 0;
    for (let i = lowerBound(stats.lexemes, prefix); i < stats.lexemes.length && count < inCategory; i++) {
      if (!stats.lexemes[i]!.startsWith(prefix)) break;
      count += stats.counts[i]!;
    }
    bound = Math.min(bound, count || unseen);
  }
  if (filters.condition !== undefined) bound = Math.min(bound, countOf(`condition ${filters.condition}`) || unseen);
  return Math.min(1, bound / inCategory);
};

/**
 * The sampled facts as bit sets, built once per sample (the statistics are read every ten minutes,
 * a page is planned many times a second): for each value of each fact the index holds, the set of
 * sampled listings that have it, one bit each. Counting the listings of a combination is then an
 * AND and a bit count over a few hundred words, whatever the combination, instead of a pass over
 * every sampled listing per fact.
 */
interface FactBits {
  size: number;
  /** Per token, the set of each value (text facts lower-cased as the sample is; storage in GB). */
  sets: Record<FactToken, Map<string | number, Uint32Array>>;
  /** Every sampled listing. */
  all: Uint32Array;
  /** Nobody: the set of a value the sample does not hold. */
  none: Uint32Array;
  batteryHealth: (number | null)[];
  /** The set of each battery floor asked for so far. */
  batteryAtLeast: Map<number, Uint32Array>;
}

const bitsBySample = new WeakMap<FactSampleRow[], FactBits>();

const factBitsOf = (facts: FactSampleRow[]): FactBits => {
  let bits = bitsBySample.get(facts);
  if (bits) return bits;
  const words = Math.ceil(facts.length / 32);
  const sets: FactBits['sets'] = {
    categoryId: new Map(),
    storageGb: new Map(),
    colour: new Map(),
    networkLock: new Map(),
    model: new Map(),
  };
  const all = new Uint32Array(words);
  const add = (set: Map<string | number, Uint32Array>, value: string | number | null, i: number) => {
    if (value === null) return;
    let members = set.get(value);
    if (!members) set.set(value, (members = new Uint32Array(words)));
    members[i >>> 5]! |= 1 << (i & 31);
  };
  facts.forEach((row, i) => {
    all[i >>> 5]! |= 1 << (i & 31);
    add(sets.categoryId, row.categoryId, i);
    add(sets.storageGb, row.storageGb, i);
    add(sets.colour, row.colour, i);
    add(sets.networkLock, row.networkLock, i);
    add(sets.model, row.model, i);
  });
  bits = {
    size: facts.length,
    sets,
    all,
    none: new Uint32Array(words),
    batteryHealth: facts.map((row) => row.batteryHealth),
    batteryAtLeast: new Map(),
  };
  bitsBySample.set(facts, bits);
  return bits;
};

/** The sampled listings whose battery health is at least `floor` (none without a figure). */
const batteryAtLeast = (bits: FactBits, floor: number) => {
  let members = bits.batteryAtLeast.get(floor);
  if (!members) {
    members = new Uint32Array(bits.all.length);
    bits.batteryHealth.forEach((health, i) => {
      if (health !== null && health >= floor) members![i >>> 5]! |= 1 << (i & 31);
    });
    // Floors are whole percents, so this holds a hundred sets at most.
    bits.batteryAtLeast.set(floor, members);
  }
  return members;
};

/** How many listings are in every one of `sets` (all of them when none is given). */
const countAll = (bits: FactBits, sets: Uint32Array[]) => {
  let count = 0;
  for (let w = 0; w < bits.all.length; w++) {
    let word = bits.all[w]!;
    for (let s = 0; s < sets.length; s++) word &= sets[s]![w]!;
    // Bits set in a 32-bit word (the usual SWAR count).
    word -= (word >>> 1) & 0x55555555;
    word = (word & 0x33333333) + ((word >>> 2) & 0x33333333);
    count += (Math.imul((word + (word >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) as number;
  }
  return count;
};

/**
 * Counts already made from this sample, by what they were asked (a sample is read every ten
 * minutes; the same searches come again and again meanwhile). At most a thousand are kept.
 */
const countsBySample = new WeakMap<LexemeStats, Map<string, unknown>>();
const remembered = <T>(stats: LexemeStats, key: string, count: () => T): T => {
  let counts = countsBySample.get(stats);
  if (!counts) countsBySample.set(stats, (counts = new Map()));
  if (counts.has(key)) return counts.get(key) as T;
  const value = count();
  if (counts.size >= 1000) counts.clear();
  counts.set(key, value);
  return value;
};

/** What the fact counts of a page depend on. */
const factsKey = (filters: BrowseFilters) =>
  JSON.stringify([
    filters.categoryId,
    filters.storageGb,
    filters.colour?.toLowerCase(),
    filters.networkLock?.toLowerCase(),
    filters.model?.toLowerCase(),
    filters.minBattery,
  ]);

/** A fact a page asks for: its token and the sampled listings that have it. */
interface FactTest {
  token: FactToken;
  members: Uint32Array;
}

/** The page's facts the facts index holds, in the order the tokens are weighed (ties keep it). */
const factTestsOf = (bits: FactBits, filters: BrowseFilters): FactTest[] => {
  const test = (token: FactToken, value: string | number | undefined): FactTest[] =>
    value === undefined ? [] : [{ token, members: bits.sets[token].get(value) ?? bits.none }];
  const tests = [
    ...test('storageGb', filters.storageGb),
    ...test('networkLock', filters.networkLock?.toLowerCase()),
    ...test('colour', filters.colour?.toLowerCase()),
    ...test('model', filters.model?.toLowerCase()),
  ];
  if (tests.length > 0) tests.push(...test('categoryId', filters.categoryId));
  return tests;
};

/**
 * Which fact tokens the facts index should read for a page (`searchMatches`), from the sampled
 * listings: the rarest, then each other one (rarest first) whose list is under 100 times the rows
 * it would spare fetching (a token costs its whole list, ~0.05 µs a listing; a row fetched costs
 * some µs). A 0.13 % model is read alone, not beside its category's 300 k listings; a common model
 * with a storage size it does not come in reads both. Undefined when the sample is empty.
 */
export const factTokensToRead = (stats: LexemeStats, filters: BrowseFilters): FactToken[] | undefined =>
  remembered(stats, `tokens ${factsKey(filters)}`, () => countTokensToRead(stats, filters));

const countTokensToRead = (stats: LexemeStats, filters: BrowseFilters): FactToken[] | undefined => {
  if (stats.facts.length === 0) return undefined;
  const bits = factBitsOf(stats.facts);
  const tests = factTestsOf(bits, filters);
  if (tests.length === 0) return undefined;
  const counted = tests
    .map((test) => ({ ...test, count: countAll(bits, [test.members]) }))
    .sort((a, b) => a.count - b.count);
  const chosen = [counted[0]!];
  // The sampled listings that pass every token chosen so far: how many, and which.
  let rows = counted[0]!.count;
  for (const candidate of counted.slice(1)) {
    const kept = countAll(bits, [...chosen.map(({ members }) => members), candidate.members]);
    if (candidate.count < 100 * (rows - kept)) {
      chosen.push(candidate);
      rows = kept;
    }
  }
  return chosen.map(({ token }) => token);
};

/**
 * What the two ways would cost a page of fact filters, counted in the sampled listings' facts
 * (whole rows, so a combination's share is counted, not guessed from each fact's own):
 * - `walkShare`: among the listings of the scope (the category, or every brand) and of the fact
 *   the walk goes down (`walkFactOf`; without one, those at or above a battery floor), the share
 *   that hold every fact asked for; 0 when the sample holds none the walk would pass (that fact is
 *   rare, and so are the matches);
 * - `indexRows`: about how many listings the facts index returns for the tokens it reads
 *   (`factTokensToRead`), which the index way fetches one by one to check the rest.
 * Undefined without a fact the facts index holds (battery health alone is not one).
 */
export const factEstimate = (
  stats: LexemeStats,
  filters: BrowseFilters,
  sort: BrowseSort,
): { walkShare: number; indexRows: number } | undefined =>
  remembered(stats, `estimate ${sort} ${factsKey(filters)}`, () => countEstimate(stats, filters, sort));

const countEstimate = (
  stats: LexemeStats,
  filters: BrowseFilters,
  sort: BrowseSort,
): { walkShare: number; indexRows: number } | undefined => {
  const { storageGb, colour, networkLock, model, minBattery } = filters;
  if ([storageGb, colour, networkLock, model].every((v) => v === undefined)) return undefined;
  const tokens = factTokensToRead(stats, filters);
  const bits = factBitsOf(stats.facts);
  const tests = factTestsOf(bits, filters);
  const setOf = (token: FactToken) => tests.find((test) => test.token === token)?.members;
  // The index way returns the listings of every token it reads.
  const read = tests.filter(({ token }) => tokens === undefined || tokens.includes(token));
  // The walk passes the scope's listings (of its fact, when it goes down one); of those, the
  // matches hold every fact asked for and the battery floor.
  const walkFact = walkFactOf(sort, filters);
  const battery = minBattery === undefined ? undefined : batteryAtLeast(bits, minBattery);
  // Down the scope's own order, the index skips listings below a battery floor (walkCategory).
  const walkedSets = [
    setOf('categoryId'),
    walkFact && setOf(walkFact),
    walkFact === undefined ? battery : undefined,
  ].filter((set) => set !== undefined);
  const matchingSets = [
    ...walkedSets,
    ...tests.filter(({ token }) => token !== 'categoryId').map(({ members }) => members),
    ...(battery === undefined ? [] : [battery]),
  ];
  const walked = countAll(bits, walkedSets);
  const matching = countAll(bits, matchingSets);
  const indexed = countAll(
    bits,
    read.map(({ members }) => members),
  );
  return { walkShare: walked === 0 ? 0 : matching / walked, indexRows: indexed / stats.factSampleShare };
};

const lowerBound = (sorted: string[], value: string) => {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! < value) low = mid + 1;
    else high = mid;
  }
  return low;
};

/**
 * The plan for a filtered page when none is forced: walk first unless the statistics show the walk
 * cannot fill a page, when it would be wasted. The words and condition give a bound on their share;
 * the facts give estimates from sampled rows: the index way when it reads fewer listings than the
 * walk would pass to fill the page. Without statistics (not sampled yet), the walk.
 */
export const choosePlan = (
  stats: LexemeStats | undefined,
  filters: BrowseFilters,
  words: string[],
  sort: BrowseSort,
  wanted: number,
): SearchPlan => {
  const bound = stats && matchShareBound(stats, filters, words);
  const facts = stats && factEstimate(stats, filters, sort);
  return (bound !== undefined && bound * searchWindowRows < wanted) ||
    (facts !== undefined && facts.indexRows * facts.walkShare < wanted)
    ? 'index'
    : 'walk';
};

/**
 * A second, shorter walk for a first walk that went its whole length just short of a page (`need`
 * more, having found `found`), or undefined when the index should find the rest: matches are about
 * as common as the walk is long, so a walk sized from what the first found usually finishes the
 * page for far less than fetching every later match through the index would cost.
 */
export const secondWalkOf = (need: number, found: number): { limit: number; maxRows: number } | undefined =>
  need <= found
    ? {
        limit: bucketAbove(need, [1, 2, 4, 8, 16, 32, 64, 128]),
        maxRows: bucketAbove((2 * need * searchWindowRows) / found, continuationRows),
      }
    : undefined;
