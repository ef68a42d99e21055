/**
 * Listings: what a seller sends to put a phone on sale, what the browse and search endpoints take,
 * and the texts of both. The API validates with these schemas and the web form validates with the
 * same ones (react-hook-form + zodResolver), so the two sides never disagree.
 *
 * Prices are typed in dollars (a form's text input, or a number in JSON), at most two decimals, and
 * stored as integer cents: `dollarsToCents` converts a validated price exactly.
 */
import { z } from './zod.ts';
import { uploadMessages } from './auth.ts';
import { ListedProductSchema, ProductSchema } from './catalogue.ts';
import { categoryIds } from './constants.ts';
import { imeiProblem, storageOptionsGb, unlockedNetwork } from './phone-facts.ts';
import {
  dollarsPattern,
  listingLimits,
  listingMessages,
  parseDollars,
  productConditions,
  productSorts,
} from './listing-rules.ts';
import { messages } from './messages.ts';
import { text } from './text.ts';
import { PageQuerySchema } from './pagination.ts';
import { PhotoIdsSchema, PickedPhotosSchema, ProductPhotoSchema } from './photos.ts';
import { VerificationCodeSchema } from './listing-review.ts';

// ---------------------------------------------------------------------------------------------
// Field rules

const requiredText = (requiredMessage: string, label: string, max: number, multiLine = false) =>
  text({ error: requiredMessage, multiLine })
    .trim()
    .min(1, requiredMessage)
    .max(max, listingMessages.tooLong(label, max));

interface DollarTexts {
  required: string;
  invalid: string;
  tooLow: string;
  tooHigh: string;
}

/**
 * A price in dollars. A blank input (an untouched form field) is missing, so it gets the spec's
 * required message, never a number-parsing one. The output is the amount in dollars (a number).
 */
const dollars = (texts: DollarTexts) =>
  z.union([z.string(), z.number()], { error: texts.required }).transform((value, ctx) => {
    if (typeof value === 'string' && value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: texts.required });
      return z.NEVER;
    }
    const amount = parseDollars(value);
    if (amount === undefined) {
      ctx.addIssue({ code: 'custom', message: texts.invalid });
      return z.NEVER;
    }
    if (amount <= 0) {
      ctx.addIssue({ code: 'custom', message: texts.tooLow });
      return z.NEVER;
    }
    if (amount > listingLimits.maxPriceDollars) {
      ctx.addIssue({ code: 'custom', message: texts.tooHigh });
      return z.NEVER;
    }
    return amount;
  });

/** What people write a phone number with besides its digits and a leading +: dropped before the check. */
const phoneSeparators = /[\s\-.()]/g;
/** Only what a phone number is written with: digits, +, spaces, dashes, dots and brackets. */
const phoneCharacters = /^[\d+\s\-.()]*$/;

/**
 * Digits with an optional leading +; spaces, dashes, dots and brackets people type are dropped. A
 * letter in it is "digits only" (the spec's "phone numeric"), a wrong count of digits phoneInvalid.
 */
export const PhoneSchema = z
  .union([z.string(), z.number()], { error: messages.phoneRequired })
  .transform((value) => String(value).trim())
  .pipe(
    z
      .string()
      .min(1, messages.phoneRequired)
      .regex(phoneCharacters, listingMessages.phoneDigitsOnly)
      .max(40, listingMessages.phoneInvalid)
      .transform((value) => value.replace(phoneSeparators, ''))
      .pipe(
        z
          .string()
          .regex(
            new RegExp(`^\\+?\\d{${listingLimits.phoneDigits.min},${listingLimits.phoneDigits.max}}$`),
            listingMessages.phoneInvalid,
          ),
      ),
  );

const { maxLength } = listingLimits;

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A size from the list, sent as a select's text or a number. */
const StorageSchema = z
  .union([z.string(), z.number()], { error: listingMessages.storageRequired })
  .transform((value, ctx) => {
    if (isBlank(value)) {
      ctx.addIssue({ code: 'custom', message: listingMessages.storageRequired });
      return z.NEVER;
    }
    const gb = Number(typeof value === 'string' ? value.trim() : value);
    if (!(listingLimits.storageOptionsGb as readonly number[]).includes(gb)) {
      ctx.addIssue({ code: 'custom', message: listingMessages.storageInvalid });
      return z.NEVER;
    }
    return gb;
  });

/** 'unlocked' (in any case), or the name of the carrier the phone is locked to. */
const NetworkLockSchema = requiredText(
  listingMessages.networkLockRequired,
  'Network lock',
  maxLength.networkLock,
).transform((value) => (value.toLowerCase() === unlockedNetwork ? unlockedNetwork : value));

/** Optional: a blank field (or none) is no figure; otherwise a whole percentage in range. */
const BatteryHealthSchema = z
  .union([z.string(), z.number(), z.null()], { error: listingMessages.batteryHealthInvalid })
  .transform((value, ctx) => {
    if (isBlank(value)) return undefined;
    const text = String(value).trim();
    const percent = Number(text.replace(/%$/, '').trim());
    const { min, max } = listingLimits.batteryHealth;
    if (!/^\d{1,3}\s*%?$/.test(text) || percent < min || percent > max) {
      ctx.addIssue({ code: 'custom', message: listingMessages.batteryHealthInvalid });
      return z.NEVER;
    }
    return percent;
  })
  .optional();

/** What people write an IMEI with besides its digits (groups of digits): dropped before the check. */
const imeiSeparators = /[\s-]/g;

/** 15 digits with a valid Luhn check digit, each failure with its own message. */
export const ImeiSchema = z
  .union([z.string(), z.number()], { error: listingMessages.imeiRequired })
  .transform((value, ctx) => {
    const imei = String(value).replace(imeiSeparators, '');
    const problem = imei === '' ? 'required' : imeiProblem(imei);
    if (problem === undefined) return imei;
    ctx.addIssue({
      code: 'custom',
      message: {
        required: listingMessages.imeiRequired,
        notDigits: listingMessages.imeiNotDigits,
        length: listingMessages.imeiLength,
        checkDigit: listingMessages.imeiCheckDigit,
      }[problem],
    });
    return z.NEVER;
  });

/**
 * The Add Product form's fields in form order, each required with the spec's message. The form's
 * phone number input (`number` in the spec) is `phone` here.
 */
const productFieldShape = {
  name: requiredText(messages.nameRequired, 'Name', maxLength.name),
  categoryId: z.enum(categoryIds, { error: messages.categoryRequired }),
  price: dollars({
    required: messages.priceRequired,
    invalid: listingMessages.priceInvalid,
    tooLow: listingMessages.priceTooLow,
    tooHigh: listingMessages.priceTooHigh,
  }),
  originalPrice: dollars({
    required: messages.originalPriceRequired,
    invalid: listingMessages.originalPriceInvalid,
    tooLow: listingMessages.originalPriceTooLow,
    tooHigh: listingMessages.originalPriceTooHigh,
  }),
  brand: requiredText(messages.brandRequired, 'Brand name', maxLength.brand),
  model: requiredText(messages.modelRequired, 'Model name', maxLength.model),
  storageGb: StorageSchema,
  colour: requiredText(listingMessages.colourRequired, 'Colour', maxLength.colour),
  networkLock: NetworkLockSchema,
  batteryHealth: BatteryHealthSchema,
  imei: ImeiSchema,
  used: requiredText(messages.usedRequired, 'Used for', maxLength.used),
  location: requiredText(messages.locationRequired, 'Location', maxLength.location),
  phone: PhoneSchema,
  condition: z.enum(productConditions, { error: messages.conditionRequired }),
  authenticity: requiredText(messages.authenticityRequired, 'Authenticity', maxLength.authenticity),
  features: requiredText(messages.featuresRequired, 'Features', maxLength.features, true),
  description: requiredText(messages.descriptionRequired, 'Description', maxLength.description, true),
};

/** A used phone is not listed above what it cost new; checked once both prices are valid. */
const originalNotBelowPrice = <T extends z.ZodType<{ price: number; originalPrice: number }>>(schema: T) =>
  schema.refine((product) => product.originalPrice >= product.price, {
    path: ['originalPrice'],
    message: listingMessages.originalPriceBelowPrice,
    when: (payload) => !payload.issues.some((issue) => ['price', 'originalPrice'].includes(String(issue.path?.[0]))),
  });

/**
 * The listing's text fields: the multipart form's text parts, whose `image` file part is checked
 * beside them (`messages.imageRequired` when missing).
 */
export const ProductFieldsSchema = originalNotBelowPrice(z.object(productFieldShape)).meta({ id: 'ProductFields' });
export type ProductFieldsInput = z.input<typeof ProductFieldsSchema>;
export type ProductFields = z.output<typeof ProductFieldsSchema>;

/**
 * PATCH /api/products/:id: every field of the Add Product form, with the same rules and messages;
 * the listing's photos are changed elsewhere. The whole form is sent, so it is checked as a whole
 * (the original price against the price).
 */
export const UpdateProductSchema = ProductFieldsSchema;
export type UpdateProductInput = ProductFieldsInput;

/** How an image id from POST /api/uploads looks (the SHA-256 of the stored picture). */
export const imageIdPattern = /^[a-f0-9]{64}$/;

/**
 * POST /api/products as JSON: the fields plus `imageIds`, the listing's photos in order (1 to 8,
 * uploaded first through POST /api/uploads; the first is the cover). The older `imageId` (one
 * photo) is still taken when `imageIds` is absent. (As multipart form data, send one picture
 * itself as the file `image`.)
 */
export const CreateProductSchema = originalNotBelowPrice(
  z.object({
    ...productFieldShape,
    imageIds: PhotoIdsSchema.optional(),
    imageId: text({ error: messages.imageRequired })
      .trim()
      .min(1, messages.imageRequired)
      .regex(imageIdPattern, uploadMessages.imageNotFound)
      .optional(),
    /** The code of the verification photo (POST /api/listing-codes); required while the seller's listings are reviewed. */
    verificationCode: VerificationCodeSchema.optional(),
  }),
)
  .refine((product) => product.imageIds !== undefined || product.imageId !== undefined, {
    path: ['imageIds'],
    message: messages.imageRequired,
    // Said with the other fields' messages, not only once they are all valid.
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  })
  .meta({ id: 'CreateProduct' });
export type CreateProductInput = z.input<typeof CreateProductSchema>;
export type CreateProduct = z.output<typeof CreateProductSchema>;

/** A chosen file as a browser gives it (a File), described structurally so no DOM types are needed. */
export interface PickedFile {
  readonly size: number;
  readonly type: string;
  readonly name?: string;
}

const isPickedFile = (value: unknown): value is PickedFile =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as PickedFile).size === 'number' &&
  typeof (value as PickedFile).type === 'string';

/** The first chosen file of a file input's value (a FileList), or the value itself when it is a File. */
export const pickedImage = (value: unknown): PickedFile | undefined => {
  const candidate =
    typeof value === 'object' && value !== null && 'length' in value && typeof value.length === 'number'
      ? (value as ArrayLike<unknown>)[0]
      : value;
  return isPickedFile(candidate) && candidate.size > 0 ? candidate : undefined;
};

/**
 * The Add Product form in the browser: the same fields, plus `imageIds`, the photo picker's photos
 * in order (each uploaded at once through POST /api/uploads while the seller fills in the rest).
 * The spec's 'User Image Required' when none is chosen; a photo still uploading (or whose upload
 * failed) holds the form back. The output is the uploaded image ids, as POST /api/products takes them.
 */
export const ProductFormSchema = originalNotBelowPrice(
  z.object({
    ...productFieldShape,
    imageIds: PickedPhotosSchema,
  }),
);
export type ProductFormInput = z.input<typeof ProductFormSchema>;
export type ProductForm = z.output<typeof ProductFormSchema>;

// ---------------------------------------------------------------------------------------------
// Browsing

/** Query-string values: an empty parameter (`?q=&minPrice=`) is the same as none. */
const blankAsMissing = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema);

const priceFilter = (invalid: string) =>
  text()
    .trim()
    .regex(dollarsPattern, invalid)
    .transform((value) => parseDollars(value)!)
    .pipe(z.number().max(listingLimits.maxPriceDollars, listingMessages.priceTooHigh));

/** A query-string text filter: trimmed, at most `max` characters (the longest a listing's own value can be). */
const textFilter = (label: string, max: number) =>
  blankAsMissing(text().trim().max(max, listingMessages.tooLong(label, max)).optional());

/**
 * The phone-fact filters: `storage` in GB (one of the sizes sellers pick from), `colour`, `network`
 * ('unlocked' or a carrier; any case), `minBattery` (whole %, listings without a figure drop out)
 * and `model`. Colour, network and model match the listing's value whole, in any case.
 */
const phoneFactFilters = {
  storage: blankAsMissing(
    text({ error: listingMessages.storageFilterInvalid })
      .trim()
      .regex(/^\d{1,4}$/, listingMessages.storageFilterInvalid)
      .transform(Number)
      .refine((gb) => (storageOptionsGb as readonly number[]).includes(gb), listingMessages.storageFilterInvalid)
      .optional(),
  ),
  colour: textFilter('Colour', listingLimits.maxLength.colour),
  network: textFilter('Network lock', listingLimits.maxLength.networkLock),
  minBattery: blankAsMissing(
    text({ error: listingMessages.minBatteryInvalid })
      .trim()
      .regex(/^\d{1,3}$/, listingMessages.minBatteryInvalid)
      .transform(Number)
      .refine(
        (percent) => percent >= listingLimits.batteryHealth.min && percent <= listingLimits.batteryHealth.max,
        listingMessages.minBatteryInvalid,
      )
      .optional(),
  ),
  model: textFilter('Model', listingLimits.maxLength.model),
};

/**
 * GET /api/categories/:id/products (no OpenAPI id: a query string's schema must stay inline): `q` searches name, brand, model, features, description and
 * location (every word must match; a word also matches longer words it starts, so "gal" finds
 * "Galaxy"); `minPrice`/`maxPrice` in dollars, inclusive; `condition`; the phone-fact filters
 * (`storage`, `colour`, `network`, `minBattery`, `model`); `sort` (newest first by
 * default); `limit` and the `cursor` of the previous page, which belongs to its sort.
 */
export const ProductQuerySchema = PageQuerySchema.extend({
  q: blankAsMissing(text().trim().max(listingLimits.searchMaxLength, listingMessages.searchTooLong).optional()),
  minPrice: blankAsMissing(priceFilter(listingMessages.minPriceInvalid).optional()),
  maxPrice: blankAsMissing(priceFilter(listingMessages.maxPriceInvalid).optional()),
  condition: blankAsMissing(z.enum(productConditions, { error: listingMessages.conditionInvalid }).optional()),
  sort: blankAsMissing(z.enum(productSorts, { error: listingMessages.sortInvalid }).default('newest')),
  ...phoneFactFilters,
}).refine((query) => query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice, {
  path: ['maxPrice'],
  message: listingMessages.priceRangeInverted,
  when: (payload) => !payload.issues.some((issue) => ['minPrice', 'maxPrice'].includes(String(issue.path?.[0]))),
});
export type ProductQueryInput = z.input<typeof ProductQuerySchema>;
export type ProductQuery = z.output<typeof ProductQuerySchema>;

/**
 * The seller's own listing in My Products: the listing as a list shows it, with its status and
 * whether it is advertised.
 */
export const MyProductSchema = ListedProductSchema.extend({
  /** Why an admin rejected the listing (status 'rejected'); null otherwise. */
  rejectionReason: z.string().nullable(),
}).meta({ id: 'MyProduct' });
export type MyProduct = z.infer<typeof MyProductSchema>;

/**
 * One of the seller's own listings as the edit form fills itself in: My Products' listing plus its
 * texts, the whole IMEI and the phone number buyers who book it get (only its seller reads them
 * back, one listing at a time), and its photos in order.
 */
export const MyProductDetailsSchema = MyProductSchema.extend({
  imei: z.string().nullable(),
  authenticity: ProductSchema.shape.authenticity,
  features: ProductSchema.shape.features,
  description: ProductSchema.shape.description,
  phone: z.string(),
  photos: z.array(ProductPhotoSchema),
}).meta({ id: 'MyProductDetails' });
export type MyProductDetails = z.infer<typeof MyProductDetailsSchema>;

export const MyProductPageSchema = z
  .object({ items: z.array(MyProductSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'MyProductPage' });
export type MyProductPage = z.infer<typeof MyProductPageSchema>;

/** Path parameters of the listing routes; any string, so a malformed id is a 404 like an unknown one. */
export const ProductIdParamsSchema = z.object({ id: text().max(64) });
export const CategoryIdParamsSchema = z.object({ id: text().max(64) });
