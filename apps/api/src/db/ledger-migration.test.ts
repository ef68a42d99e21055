/**
 * The ledger's migration on a database that already holds sales: each recorded sale goes into the
 * ledger as the money moved (no fee was kept then), a refunded one with its refund, balanced.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from './client.ts';

const ledgerMigration = '0022_ledger';

describe('the ledger migration', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('puts the sales recorded before it into the ledger, balanced, with no fee', async () => {
    // The migrations up to the one before the ledger.
    const before = await mkdtemp(path.join(os.tmpdir(), 'recell-migrations-'));
    dirs.push(before);
    await cp(migrationsFolder, before, { recursive: true });
    const journalFile = path.join(before, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
    journal.entries = journal.entries.filter((entry) => entry.tag < ledgerMigration);
    await writeFile(journalFile, JSON.stringify(journal));

    const client = new PGlite({ extensions: { pg_trgm } });
    const db = drizzle(client);
    try {
      await migrate(db, { migrationsFolder: before });
      await client.exec(`
        insert into categories (id, brand, image_url, position) values ('1', 'Apple', '/apple.png', 1);
        insert into users (id, name, email, role) values
          ('00000000-0000-4000-8000-000000000001', 'Seller', 'seller@recell.test', 'seller'),
          ('00000000-0000-4000-8000-000000000002', 'Buyer', 'buyer@recell.test', 'user');
      `);
      const product = (id: string) => `
        insert into products (id, seller_id, category_id, name, brand, model, price_cents, original_price_cents,
          condition, used, location, authenticity, features, description, image_url, seller_phone, status)
        values ('${id}', '00000000-0000-4000-8000-000000000001', '1', 'iPhone 13', 'Apple', 'iPhone 13', 40000, 80000,
          'Good', '1 year', 'Chicago', 'Original', 'Face ID', 'Fine', '/uploads/x.jpg', '3125550126', 'sold');`;
      await client.exec(
        product('10000000-0000-4000-8000-000000000001') + product('10000000-0000-4000-8000-000000000002'),
      );
      await client.exec(`
        insert into orders (id, product_id, buyer_id, phone, location, price_cents, status, transaction_id, paid_at, refunded_at) values
          ('20000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000001',
           '00000000-0000-4000-8000-000000000002', '3125550126', 'Chicago', 40000, 'paid', 'pi_1', now(), null),
          ('20000000-0000-4000-8000-000000000002', '10000000-0000-4000-8000-000000000002',
           '00000000-0000-4000-8000-000000000002', '3125550126', 'Chicago', 35000, 'paid', 'pi_2', now(), now());
        insert into payments (order_id, provider, provider_payment_id, amount_cents, status) values
          ('20000000-0000-4000-8000-000000000001', 'test', 'pi_1', 40000, 'succeeded'),
          ('20000000-0000-4000-8000-000000000002', 'test', 'pi_2', 35000, 'refunded');
      `);

      await migrate(db, { migrationsFolder });

      const { rows } = await client.query<{ order_id: string; movement: string; account: string; amount: number }>(`
        select order_id, movement::text, account::text, amount_cents::int as amount
        from ledger_entries order by order_id, id`);
      const sold = '20000000-0000-4000-8000-000000000001';
      const refunded = '20000000-0000-4000-8000-000000000002';
      expect(rows.map(({ order_id, movement, account, amount }) => [order_id, movement, account, amount])).toEqual([
        [sold, 'sale', 'processor_balance', 40000],
        [sold, 'sale', 'seller_payable', -40000],
        [refunded, 'sale', 'processor_balance', 35000],
        [refunded, 'sale', 'seller_payable', -35000],
        [refunded, 'refund', 'processor_balance', -35000],
        [refunded, 'refund', 'seller_payable', 35000],
      ]);
      const fees = await client.query<{ fee: number }>(`select seller_fee_cents as fee from orders order by id`);
      expect(fees.rows).toEqual([{ fee: 0 }, { fee: 0 }]);
    } finally {
      await client.close();
    }
  });
});
