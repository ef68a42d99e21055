import { z } from './zod.ts';
import { categoryIds, productStatuses } from './constants.ts';

export const CategoryIdSchema = z.enum(categoryIds);

export const CategorySchema = z
  .object({
    id: CategoryIdSchema,
    brand: z.string(),
    imageUrl: z.string(),
  })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof CategorySchema>;

export const CategoryListSchema = z.object({ items: z.array(CategorySchema) }).meta({ id: 'CategoryList' });
export type CategoryList = z.infer<typeof CategoryListSchema>;

export const SellerSummarySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    /** Only in a signed-in caller's answer: a visitor sees the seller's name and verified mark alone. */
    email: z.string().optional(),
    /** The seller's current verification, read at query time (never a copy). */
    isVerified: z.boolean(),
    /** The seller's average stars to one decimal; null before the first rating (docs/decisions/0044). */
    ratingAverage: z.number().nullable(),
    ratingCount: z.number().int(),
  })
  .meta({ id: 'SellerSummary' });

/** A listing: the seller's phone number is never part of it, their email only for someone signed in. */
export const ProductSchema = z
  .object({
    id: z.uuid(),
    categoryId: CategoryIdSchema,
    name: z.string(),
    brand: z.string(),
    model: z.string(),
    priceCents: z.number().int(),
    /** The price before its latest change when that change lowered it (shown as "was"); else null. */
    previousPriceCents: z.number().int().nullable(),
    originalPriceCents: z.number().int(),
    condition: z.string(),
    /** The phone facts; null on listings made before sellers gave them. */
    storageGb: z.number().int().nullable(),
    colour: z.string().nullable(),
    /** 'unlocked', or the carrier the phone is locked to. */
    networkLock: z.string().nullable(),
    batteryHealth: z.number().int().nullable(),
    /** The IMEI as anyone may see it, only its last four digits ("•••••••••••1234"); null when none was given. */
    imeiMasked: z.string().nullable(),
    /** The IMEI passed the check (15 digits, valid check digit, one listing for sale) and is not reported stolen. */
    imeiChecked: z.boolean(),
    used: z.string(),
    location: z.string(),
    authenticity: z.string(),
    features: z.string(),
    description: z.string(),
    imageUrl: z.string(),
    status: z.enum(productStatuses),
    isAdvertised: z.boolean(),
    createdAt: z.iso.datetime({ offset: true }),
    seller: SellerSummarySchema,
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof ProductSchema>;

/**
 * A listing in a list (a brand's page, the search, a seller's page, the advertised phones, My
 * Products): what a card or a row shows. Its authenticity, features and description are read on
 * its own page, so a list does not carry them to every visitor (docs/decisions/0082).
 */
export const ListedProductSchema = ProductSchema.omit({ authenticity: true, features: true, description: true }).meta({
  id: 'ListedProduct',
});
export type ListedProduct = z.infer<typeof ListedProductSchema>;

export const ProductPageSchema = z
  .object({ items: z.array(ListedProductSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'ProductPage' });
export type ProductPage = z.infer<typeof ProductPageSchema>;

/**
 * A page of a category's phones, or of every brand's (the search): a product page, and on a first
 * page what the search form offers beside it (docs/decisions/0055).
 */
export const ProductSearchPageSchema = ProductPageSchema.extend({
  /**
   * When a search's words find nothing: the same words with each one no listing's name, brand or
   * model holds replaced by the closest one that does ("iphne 13" → "iphone 13"), to run instead.
   * Absent when there is nothing to suggest, and on later pages.
   */
  suggestion: z.string().optional(),
  /**
   * The storage sizes (GB, ascending) phones for sale in the scope come in (the category, or every
   * brand), whatever the other filters: what the storage filter offers. Only on a first page.
   */
  storageSizesGb: z.array(z.number().int()).optional(),
}).meta({ id: 'ProductSearchPage' });
export type ProductSearchPage = z.infer<typeof ProductSearchPageSchema>;
