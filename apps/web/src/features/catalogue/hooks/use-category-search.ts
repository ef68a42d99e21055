import {
  checkPriceRange,
  isPhoneFactFilter,
  listingLimits,
  productConditions,
  productSorts,
  type ProductCondition,
  type ProductSort,
} from '@recell/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { CategoryProductFilters } from '../api/get-category-products';

/** How long typing pauses before the search runs. */
const searchDebounceMs = 300;

/** The typed filters: kept as typed in the URL; the API gets them trimmed and checked. */
export type TextFilters = { q: string; minPrice: string; maxPrice: string; colour: string; model: string };
/** The chosen ones; the phone facts as their query-string text ('' for any). */
export type SelectFilters = {
  condition: ProductCondition | '';
  sort: ProductSort;
  storage: string;
  network: string;
  minBattery: string;
};

const textNames = ['q', 'minPrice', 'maxPrice', 'colour', 'model'] as const;
/** The phone-fact selects, each checked by the contract's own rule for it. */
const factSelectNames = ['storage', 'network', 'minBattery'] as const;
const sameText = (a: TextFilters, b: TextFilters) => textNames.every((name) => a[name] === b[name]);

const isCondition = (value: string | null): value is ProductCondition =>
  productConditions.some((condition) => condition === value);
const isSort = (value: string | null): value is ProductSort => productSorts.some((sort) => sort === value);

const readText = (params: URLSearchParams): TextFilters => ({
  q: params.get('q') ?? '',
  minPrice: params.get('minPrice') ?? '',
  maxPrice: params.get('maxPrice') ?? '',
  colour: params.get('colour') ?? '',
  model: params.get('model') ?? '',
});

/** A fact from the URL when the API would take it (a hand-edited value it refuses is no filter). */
const readFact = (params: URLSearchParams, name: (typeof factSelectNames)[number]) => {
  const value = params.get(name)?.trim() ?? '';
  return isPhoneFactFilter(name, value) ? value : '';
};

const readSelects = (params: URLSearchParams): SelectFilters => {
  const condition = params.get('condition');
  const sort = params.get('sort');
  return {
    condition: isCondition(condition) ? condition : '',
    sort: isSort(sort) ? sort : 'newest',
    storage: readFact(params, 'storage'),
    network: readFact(params, 'network'),
    minBattery: readFact(params, 'minBattery'),
  };
};

/** The URL of a search: only what is set (newest is the default order and stays implicit). */
const toParams = (text: TextFilters, selects: SelectFilters) => {
  const params = new URLSearchParams();
  for (const name of textNames) if (text[name].trim() !== '') params.set(name, text[name]);
  if (selects.condition) params.set('condition', selects.condition);
  for (const name of factSelectNames) if (selects[name]) params.set(name, selects[name]);
  if (selects.sort !== 'newest') params.set('sort', selects.sort);
  return params;
};

/**
 * What the API is asked for, from the URL: the contract's own checks on each value (the ones that
 * need no schema library, so a category page loads none). A value the
 * API would refuse (a price that is not an amount, a range upside down) is left out of the request
 * and its message shown beside its input instead.
 */
function toApiFilters(text: TextFilters, selects: SelectFilters) {
  const filters: CategoryProductFilters = {};
  const errors: { minPrice?: string; maxPrice?: string } = {};
  const q = text.q.trim().slice(0, listingLimits.searchMaxLength);
  if (q) filters.q = q;
  const { min, max } = checkPriceRange(text.minPrice, text.maxPrice);
  if (min.dollars !== undefined) filters.minPrice = text.minPrice.trim();
  else errors.minPrice = min.error;
  if (max.dollars !== undefined) filters.maxPrice = text.maxPrice.trim();
  else errors.maxPrice = max.error;
  if (selects.condition) filters.condition = selects.condition;
  for (const name of factSelectNames) if (selects[name]) filters[name] = selects[name];
  // Colour and model: sent trimmed (the inputs cap their length at the API's).
  for (const name of ['colour', 'model'] as const) {
    const value = text[name].trim();
    if (value) filters[name] = value;
  }
  if (selects.sort !== 'newest') filters.sort = selects.sort;
  return { filters, errors };
}

/** The API filters a category page's address asks for (what the page itself will request). */
export const categoryFiltersFromUrl = (params: URLSearchParams) =>
  toApiFilters(readText(params), readSelects(params)).filters;

/**
 * A category page's search, kept in the URL (`?q=&minPrice=&maxPrice=&condition=&storage=&colour=
 * &network=&minBattery=&model=&sort=`) so a
 * search can be shared and Back returns to the previous one.
 *
 * The text inputs have a draft that reaches the URL 300 ms after typing pauses: the first write of
 * a typing spell adds a history entry, the next ones replace it, so Back skips the keystrokes and
 * returns to the search before. Submitting (Enter), leaving the input, or changing a select ends
 * the spell; a select change adds an entry. When the URL changes otherwise (Back, Forward, a
 * link), the inputs follow it.
 */
export function useCategorySearch() {
  // useLocation and useNavigate rather than react-router's useSearchParams: the router is part of
  // every first load, and useSearchParams would bring its search-param helpers there (~0.3 kB).
  const location = useLocation();
  const navigate = useNavigate();
  const searchParams = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const urlText = readText(searchParams);
  const selects = readSelects(searchParams);

  const [draft, setDraft] = useState(urlText);
  // The URL text last rendered, and the last one this hook wrote itself.
  const [seenText, setSeenText] = useState(urlText);
  const [writtenText, setWrittenText] = useState<TextFilters | null>(null);
  if (!sameText(urlText, seenText)) {
    setSeenText(urlText);
    // A write of ours arriving must not undo what was typed meanwhile; anything else is followed.
    if (!writtenText || !sameText(urlText, writtenText)) setDraft(urlText);
    setWrittenText(null);
  }

  /** True while a typing spell has its own history entry, which later writes replace. */
  const typingEntry = useRef(false);

  const write = useCallback(
    (text: TextFilters, nextSelects: SelectFilters, replace: boolean) => {
      setWrittenText(text);
      const search = toParams(text, nextSelects).toString();
      void navigate({ search: search ? `?${search}` : '' }, { replace });
    },
    [navigate],
  );

  // Typing: the search follows 300 ms after the last keystroke.
  const textChanged = !sameText(draft, urlText);
  const { condition, sort, storage, network, minBattery } = selects;
  useEffect(() => {
    if (!textChanged) return;
    const timer = setTimeout(() => {
      write(draft, { condition, sort, storage, network, minBattery }, typingEntry.current);
      typingEntry.current = true;
    }, searchDebounceMs);
    return () => {
      clearTimeout(timer);
    };
  }, [draft, textChanged, condition, sort, storage, network, minBattery, write]);

  /** Enter, the Search button or leaving an input: what was typed applies now, the spell ends. */
  const commit = () => {
    if (textChanged) write(draft, selects, typingEntry.current);
    typingEntry.current = false;
  };

  const setSelect = (next: Partial<SelectFilters>) => {
    write(draft, { ...selects, ...next }, false);
    typingEntry.current = false;
  };

  const clear = () => {
    const empty = { q: '', minPrice: '', maxPrice: '', colour: '', model: '' };
    setDraft(empty);
    write(empty, { condition: '', sort: selects.sort, storage: '', network: '', minBattery: '' }, false);
    typingEntry.current = false;
  };

  const setText = (name: keyof TextFilters, value: string) => {
    setDraft((current) => ({ ...current, [name]: value }));
  };

  /** The address of this search with other words (the search's "did you mean"), every filter kept. */
  const withWords = (q: string) => {
    const search = toParams({ ...urlText, q }, selects).toString();
    return { pathname: location.pathname, search: search ? `?${search}` : '' };
  };

  const { filters, errors } = toApiFilters(urlText, selects);
  /** How many phone-fact filters are on (the collapsed Filters button says it). */
  const factCount = (['storage', 'network', 'minBattery', 'colour', 'model'] as const).filter(
    (name) => filters[name] !== undefined,
  ).length;
  const hasFilters = Boolean(filters.q ?? filters.minPrice ?? filters.maxPrice ?? filters.condition) || factCount > 0;
  return { draft, selects, filters, errors, hasFilters, factCount, setText, setSelect, commit, clear, withWords };
}
