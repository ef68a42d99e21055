import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

export type FairPriceSource = 'sales' | 'listings';

/** A sample's size and median price (cents, unrounded), for one condition or (condition null) all of them. */
export interface FairPriceStat {
  source: FairPriceSource;
  condition: string | null;
  n: number;
  median: number | null;
}

/**
 * Both samples of a model and storage, by condition and over every condition, in one statement:
 * the prices of paid (not refunded) orders in the last `windowDays` days (the price the buyer booked at, which
 * the payment charged) and the prices of the phones for sale now (of active sellers; `exclude`
 * left out). The model matches case-insensitively with its outer spaces trimmed, as the
 * expression of products_fair_price_idx, which serves both halves (the sold phones lead to their
 * paid orders through orders_paid_product_idx); the medians are PostgreSQL's percentile_cont.
 */
export const fairPriceStats = async (
  db: Executor,
  opts: { model: string; storageGb: number; windowDays: number; exclude?: string | undefined },
): Promise<FairPriceStat[]> => {
  const result = (await db.execute(sql`
    with sample as (
      select 'sales' as source, p.condition, o.price_cents
        from products p
        -- A refunded sale is no price anyone paid (orders_paid_product_idx leaves it out too).
        join orders o on o.product_id = p.id and o.status = 'paid' and o.refunded_at is null
       where lower(btrim(p.model)) = lower(btrim(${opts.model}))
         and p.storage_gb = ${opts.storageGb}
         -- A paid order's phone is sold (or was removed after the sale).
         and p.status in ('sold', 'removed')
         and o.paid_at >= now() - make_interval(days => ${opts.windowDays})
      union all
      select 'listings' as source, p.condition, p.price_cents
        from products p
       where lower(btrim(p.model)) = lower(btrim(${opts.model}))
         and p.storage_gb = ${opts.storageGb}
         and p.status = 'available'
         and p.seller_id not in (select u.id from users u where u.disabled_at is not null)
         and p.id is distinct from ${opts.exclude ?? null}::uuid
    )
    select source, condition, count(*)::int as n,
           percentile_cont(0.5) within group (order by price_cents) as median
      from sample
     group by grouping sets ((source, condition), (source))
  `)) as unknown as { rows: { source: FairPriceSource; condition: string | null; n: number; median: number | null }[] };
  return result.rows.map((row) => ({
    source: row.source,
    condition: row.condition,
    n: Number(row.n),
    median: row.median === null ? null : Number(row.median),
  }));
};
