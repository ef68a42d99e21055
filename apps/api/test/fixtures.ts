/** Rows for tests, written straight to the database so each test states exactly what exists. */
import { randomUUID } from 'node:crypto';
import { categoryBrands, categoryIds } from '@recell/contract';
import type { Database } from '../src/db/client.ts';
import { advertisements, categories, products, users } from '../src/db/schema.ts';

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
    .values({ name: 'Test Person', email: `${randomUUID()}@recell.test`, role: 'user', ...overrides })
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
