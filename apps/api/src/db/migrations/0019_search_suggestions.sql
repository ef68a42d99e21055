-- The search's "did you mean" (docs/decisions/0055): the words of live listings' names, brands and
-- models (the search column's weight-A lexemes, as the 'simple' parser split them), per category,
-- with how many listings hold each, and a trigram index to find the closest ones to a typo. A
-- materialised view, refreshed by the refresh-search-terms job: a few thousand rows however big the
-- catalogue, so a suggestion never scans the listings. Words of fewer than 3 characters or without
-- a letter ("13", "5g") are left out: no typo of theirs can be told apart.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE MATERIALIZED VIEW "search_terms" AS
  SELECT p.category_id, t.lexeme AS term, count(*)::integer AS listings
  FROM products p, unnest(ts_filter(p.search, '{a}')) AS t
  WHERE p.status = 'available' AND char_length(t.lexeme) >= 3 AND t.lexeme ~ '[[:alpha:]]'
  GROUP BY p.category_id, t.lexeme;--> statement-breakpoint
-- The key REFRESH ... CONCURRENTLY needs (readers are never blocked by a refresh).
CREATE UNIQUE INDEX "search_terms_key" ON "search_terms" USING btree ("category_id","term");--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);
