/**
 * Rows for tests, written straight to the database so each test states exactly what exists, and
 * read back so a test sees exactly what an API call changed.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { categoryBrands, categoryIds } from '@recell/contract';
import type { Database } from '../src/db/client.ts';
import { advertisements, auditLog, categories, orders, payments, products, reports, users } from '../src/db/schema.ts';

export const insertCategories = (db: Database) =>
  db.insert(categories).values(
    categoryIds.map((id, index) => ({
      id,
      brand: categoryBrands[id],
      imageUrl: `/uploads/test/${id}.webp`,
      position: index,
    })),
  );

export const insertUser = async (db: Database, overrides: Partial<typeof users.$inferInsert> = {}) => {
  const [user] = await db
    .insert(users)
    // Confirmed unless a test says otherwise: most tests trade, and sign-up's own flow is tested apart.
    .values({
      name: 'Test Person',
      email: `${randomUUID()}@recell.test`,
      role: 'user',
      emailConfirmedAt: new Date(),
      ...overrides,
    })
    .returning();
  return user!;
};

export const insertProduct = async (
  db: Database,
  sellerId: string,
  overrides: Partial<typeof products.$inferInsert> = {},
) => {
  const [product] = await db
    .insert(products)
    .values({
      sellerId,
      categoryId: '1',
      name: 'iPhone 13',
      brand: 'Apple',
      model: '13',
      priceCents: 45_000,
      originalPriceCents: 79_900,
      condition: 'Good',
      used: '1 year',
      location: 'Dhaka',
      authenticity: 'Original',
      features: '128 GB, Face ID',
      description: 'Works perfectly.',
      imageUrl: '/uploads/test/phone.webp',
      sellerPhone: '01700000000',
      ...overrides,
    })
    .returning();
  return product!;
};

export const advertise = (db: Database, productId: string, createdAt?: Date) =>
  db.insert(advertisements).values({ productId, ...(createdAt ? { createdAt } : {}) });

/** An order row (booked unless `values` say otherwise, e.g. a cancelled one); returns the row. */
export const insertOrder = async (
  db: Database,
  values: Pick<typeof orders.$inferInsert, 'productId' | 'buyerId'> & Partial<typeof orders.$inferInsert>,
) => {
  const [row] = await db
    .insert(orders)
    .values({ phone: '3125550126', location: 'Chicago, IL', priceCents: 45_000, ...values })
    .returning();
  return row!;
};

/** What a successful payment leaves on its order: paid now, with a processor's transaction id. */
export const paidNow = () => ({
  status: 'paid' as const,
  transactionId: `pi_test_${randomUUID().replaceAll('-', '')}`,
  paidAt: new Date(),
});

/** The account is removed (disabled), as an admin's removal leaves it. */
export const disableUser = (db: Database, id: string) =>
  db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, id));

export const userRow = async (db: Database, id: string) => (await db.select().from(users).where(eq(users.id, id)))[0]!;

export const productRow = async (db: Database, id: string) =>
  (await db.select().from(products).where(eq(products.id, id)))[0]!;

export const orderRow = async (db: Database, id: string) =>
  (await db.select().from(orders).where(eq(orders.id, id)))[0]!;

export const paymentRow = async (db: Database, id: string) =>
  (await db.select().from(payments).where(eq(payments.id, id)))[0]!;

export const reportRow = async (db: Database, id: string) =>
  (await db.select().from(reports).where(eq(reports.id, id)))[0]!;

/** The audit entries about one record (a product, an order, an account). */
export const auditOf = (db: Database, subjectId: string) =>
  db.select().from(auditLog).where(eq(auditLog.subjectId, subjectId));

/** The rows of the listing's advertisement (one at most). */
export const advertisementsOf = (db: Database, productId: string) =>
  db.select().from(advertisements).where(eq(advertisements.productId, productId));

/** The phone changed hands: the paid order is completed (order progress' last step). */
export const markCompleted = (db: Database, orderId: string) =>
  db.update(orders).set({ progress: 'completed', completedAt: new Date() }).where(eq(orders.id, orderId));

/** A sold phone of the seller's and the buyer's paid, completed order for it; returns the order and the phone. */
export const insertCompletedOrder = async (
  db: Database,
  sellerId: string,
  buyerId: string,
  product: Partial<typeof products.$inferInsert> = {},
) => {
  const phone = await insertProduct(db, sellerId, { status: 'sold', ...product });
  const order = await insertOrder(db, { productId: phone.id, buyerId, ...paidNow() });
  await markCompleted(db, order.id);
  return { order, product: phone };
};
