import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** How long typing pauses before the search runs. */
const searchDebounceMs = 300;

/** The longest search the API takes (AdminUserQuerySchema). */
export const searchMaxLength = 100;

/**
 * All Users' and All Sellers' search box, kept in the URL (`?q=`) so a search survives a reload
 * and can be shared. What is typed reaches the URL 300 ms after typing pauses (replacing the
 * entry: Back leaves the page rather than replaying keystrokes); Enter applies it at once. When
 * the URL changes otherwise (a menu link, Back), the box follows it.
 */
export function useUserSearch() {
  // useLocation and useNavigate rather than useSearchParams, like the category search.
  const location = useLocation();
  const navigate = useNavigate();
  const urlQuery = useMemo(() => new URLSearchParams(location.search).get('q') ?? '', [location.search]);

  const [draft, setDraft] = useState(urlQuery);
  // The URL query last rendered, and the last one this hook wrote itself.
  const [seenQuery, setSeenQuery] = useState(urlQuery);
  const [writtenQuery, setWrittenQuery] = useState<string | null>(null);
  if (urlQuery !== seenQuery) {
    setSeenQuery(urlQuery);
    // A write of ours arriving must not undo what was typed meanwhile; anything else is followed.
    if (writtenQuery === null || urlQuery !== writtenQuery) setDraft(urlQuery);
    setWrittenQuery(null);
  }

  const write = useCallback(
    (value: string) => {
      setWrittenQuery(value);
      const search = value.trim() ? `?${new URLSearchParams({ q: value }).toString()}` : '';
      void navigate({ search }, { replace: true });
    },
    [navigate],
  );

  const changed = draft !== urlQuery;
  useEffect(() => {
    if (!changed) return;
    const timer = setTimeout(() => {
      write(draft);
    }, searchDebounceMs);
    return () => {
      clearTimeout(timer);
    };
  }, [draft, changed, write]);

  /** Enter: what was typed applies now. */
  const commit = () => {
    if (changed) write(draft);
  };

  /** What the API is asked for: the URL's query, trimmed. */
  const query = urlQuery.trim().slice(0, searchMaxLength);
  return { draft, setDraft, commit, query };
}
