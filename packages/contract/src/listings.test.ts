import { describe, expect, it } from 'vitest';
import { checkPriceRange, dollarsToCents, isPhoneFactFilter, listingMessages } from './listing-rules.ts';
import { CreateProductSchema, ProductFieldsSchema, ProductFormSchema, ProductQuerySchema } from './listings.ts';
import { messages } from './messages.ts';
import { photoMessages } from './photos.ts';
import { imeiProblem, luhnCheckDigit } from './phone-facts.ts';

/** The first message per field, as the forms and the API show them. */
const firstMessages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => {
  const fields: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) fields[issue.path.join('.')] ??= issue.message;
  return fields;
};

/** What an untouched Add Product form holds: every input an empty string. */
const blankForm = {
  name: '',
  categoryId: '',
  price: '',
  originalPrice: '',
  brand: '',
  model: '',
  storageGb: '',
  colour: '',
  networkLock: '',
  batteryHealth: '',
  imei: '',
  used: '',
  location: '',
  phone: '',
  condition: '',
  authenticity: '',
  features: '',
  description: '',
};

const filledForm = {
  name: 'iPhone 13 Pro 128GB',
  categoryId: '1',
  price: '589.99',
  originalPrice: '999',
  brand: 'Apple',
  model: 'iPhone 13 Pro',
  storageGb: '128',
  colour: 'Sierra Blue',
  networkLock: 'Unlocked',
  batteryHealth: '',
  imei: '490154203237518',
  used: '1 year',
  location: 'Austin, TX',
  phone: '+1 512-555-0147',
  condition: 'Excellent',
  authenticity: 'Original',
  features: '128 GB, Face ID',
  description: 'Always in a case.',
};

const requiredMessages = {
  name: messages.nameRequired,
  categoryId: messages.categoryRequired,
  price: messages.priceRequired,
  originalPrice: messages.originalPriceRequired,
  brand: messages.brandRequired,
  model: messages.modelRequired,
  storageGb: listingMessages.storageRequired,
  colour: listingMessages.colourRequired,
  networkLock: listingMessages.networkLockRequired,
  imei: listingMessages.imeiRequired,
  used: messages.usedRequired,
  location: messages.locationRequired,
  phone: messages.phoneRequired,
  condition: messages.conditionRequired,
  authenticity: messages.authenticityRequired,
  features: messages.featuresRequired,
  description: messages.descriptionRequired,
};

describe('the phone facts', () => {
  const imeiOf = (imei: unknown) => firstMessages(ProductFieldsSchema.safeParse({ ...filledForm, imei })).imei;

  it('takes a valid IMEI, with the spaces or dashes people type, and says each failure on its own', () => {
    expect(luhnCheckDigit('49015420323751')).toBe(8);
    expect(imeiProblem('490154203237518')).toBeUndefined();
    for (const imei of ['490154203237518', ' 49 015420 323751 8 ', '49-015420-323751-8', 490154203237518])
      expect(imeiOf(imei)).toBeUndefined();
    expect(imeiOf('4901542032375l8')).toBe(listingMessages.imeiNotDigits);
    expect(imeiOf('49015420323751')).toBe(listingMessages.imeiLength);
    expect(imeiOf('4901542032375180')).toBe(listingMessages.imeiLength);
    expect(imeiOf('490154203237517')).toBe(listingMessages.imeiCheckDigit);
    expect(imeiOf(undefined)).toBe(listingMessages.imeiRequired);
    // Every wrong last digit is caught.
    for (let digit = 0; digit < 10; digit++)
      if (digit !== 8) expect(imeiOf(`49015420323751${digit}`)).toBe(listingMessages.imeiCheckDigit);
  });

  it('reads storage from the list, network lock, and an optional battery health', () => {
    const parsed = ProductFieldsSchema.parse({ ...filledForm, networkLock: 'unLocked', batteryHealth: ' 87 ' });
    expect(parsed).toMatchObject({ storageGb: 128, networkLock: 'unlocked', batteryHealth: 87 });
    expect(ProductFieldsSchema.parse({ ...filledForm, networkLock: 'AT&T' }).networkLock).toBe('AT&T');
    expect(ProductFieldsSchema.parse(filledForm).batteryHealth).toBeUndefined();
    const { batteryHealth: _, ...withoutBattery } = filledForm;
    expect(ProductFieldsSchema.parse(withoutBattery).batteryHealth).toBeUndefined();
    const fields = (overrides: object) => firstMessages(ProductFieldsSchema.safeParse({ ...filledForm, ...overrides }));
    expect(fields({ storageGb: '100' })).toEqual({ storageGb: listingMessages.storageInvalid });
    expect(fields({ storageGb: 1024 })).toEqual({});
    expect(fields({ batteryHealth: '49' })).toEqual({ batteryHealth: listingMessages.batteryHealthInvalid });
    expect(fields({ batteryHealth: 100 })).toEqual({});
  });
});

describe('the Add Product schemas speak the spec’s messages', () => {
  it('names every field of an untouched form with its required message, never a number-parse one', () => {
    expect(firstMessages(ProductFieldsSchema.safeParse(blankForm))).toEqual(requiredMessages);
    expect(firstMessages(ProductFieldsSchema.safeParse({}))).toEqual(requiredMessages);
    expect(firstMessages(ProductFormSchema.safeParse({ ...blankForm, imageIds: [] }))).toEqual({
      ...requiredMessages,
      imageIds: messages.imageRequired,
    });
    expect(firstMessages(CreateProductSchema.safeParse({}))).toEqual({
      ...requiredMessages,
      imageIds: messages.imageRequired,
    });
    // Whitespace is nothing typed.
    expect(firstMessages(ProductFieldsSchema.safeParse({ ...filledForm, name: '   ', price: '  ' }))).toEqual({
      name: messages.nameRequired,
      price: messages.priceRequired,
    });
  });

  it('reads dollars from text or numbers, up to two decimals, and converts to exact cents', () => {
    const parsed = ProductFieldsSchema.parse(filledForm);
    expect(parsed).toMatchObject({ price: 589.99, originalPrice: 999, phone: '+15125550147', name: filledForm.name });
    expect(dollarsToCents(parsed.price)).toBe(58_999);
    for (const [input, cents] of [
      ['0.1', 10],
      ['0.29', 29],
      ['$12.5', 1250],
      [' 100000 ', 10_000_000],
      [1.15, 115],
      [4.35, 435],
      [99_999.99, 9_999_999],
    ] as const) {
      const result = ProductFieldsSchema.parse({ ...filledForm, price: input, originalPrice: 100_000 });
      expect(dollarsToCents(result.price), String(input)).toBe(cents);
    }
  });

  it('refuses prices that are not plain positive amounts up to $100,000', () => {
    const priceMessage = (price: unknown) =>
      firstMessages(ProductFieldsSchema.safeParse({ ...filledForm, price, originalPrice: '100000' })).price;
    for (const bad of ['abc', '12.345', '1e3', '-5', '0x10', '1,299', '12.', 'NaN', 'Infinity', 0.1 + 0.2]) {
      expect(priceMessage(bad), String(bad)).toBe(listingMessages.priceInvalid);
    }
    expect(priceMessage(-5)).toBe(listingMessages.priceInvalid);
    expect(priceMessage('0')).toBe(listingMessages.priceTooLow);
    expect(priceMessage('0.00')).toBe(listingMessages.priceTooLow);
    expect(priceMessage('100000.01')).toBe(listingMessages.priceTooHigh);
    expect(listingMessages.priceTooHigh).toBe('Price must be at most $100,000');
    expect(priceMessage(1e12)).toBe(listingMessages.priceInvalid);
    expect(priceMessage(true)).toBe(messages.priceRequired);
    expect(firstMessages(ProductFieldsSchema.safeParse({ ...filledForm, originalPrice: '999999' })).originalPrice).toBe(
      listingMessages.originalPriceTooHigh,
    );
  });

  it('asks for an original price at least the price, only once both are valid', () => {
    expect(
      firstMessages(ProductFieldsSchema.safeParse({ ...filledForm, price: '500', originalPrice: '499.99' })),
    ).toEqual({
      originalPrice: listingMessages.originalPriceBelowPrice,
    });
    expect(ProductFieldsSchema.safeParse({ ...filledForm, price: '500', originalPrice: '500' }).success).toBe(true);
    // A missing price is just missing: no comparison message beside it.
    expect(firstMessages(ProductFieldsSchema.safeParse({ ...filledForm, price: '' }))).toEqual({
      price: messages.priceRequired,
    });
  });

  it('caps every text and checks the phone number and the choices', () => {
    const result = ProductFieldsSchema.safeParse({
      ...filledForm,
      name: 'x'.repeat(121),
      description: 'y'.repeat(2001),
      phone: '12345',
      categoryId: '4',
      condition: 'Mint',
    });
    expect(firstMessages(result)).toEqual({
      name: listingMessages.tooLong('Name', 120),
      description: listingMessages.tooLong('Description', 2000),
      phone: listingMessages.phoneInvalid,
      categoryId: messages.categoryRequired,
      condition: messages.conditionRequired,
    });
    for (const phone of ['+', '1'.repeat(21), '++123456', '12345']) {
      expect(firstMessages(ProductFieldsSchema.safeParse({ ...filledForm, phone })).phone, phone).toBe(
        listingMessages.phoneInvalid,
      );
    }
    // The spec's "phone numeric": a letter is not a count of digits gone wrong.
    for (const phone of ['phone', 'abc', '123-abc-4567', '555 0147 ext 2', `${'1'.repeat(39)}x`]) {
      expect(firstMessages(ProductFieldsSchema.safeParse({ ...filledForm, phone })).phone, phone).toBe(
        listingMessages.phoneDigitsOnly,
      );
    }
    expect(ProductFieldsSchema.parse({ ...filledForm, phone: 5125550147 }).phone).toBe('5125550147');
  });

  it('checks the photo picker’s photos in the browser form: 1 to 8, all uploaded, sent as their ids', () => {
    const parse = (imageIds: unknown) => ProductFormSchema.safeParse({ ...filledForm, imageIds });
    const photoMessage = (imageIds: unknown) => firstMessages(parse(imageIds)).imageIds;
    const uploaded = (n: number) => ({ key: `k${n}`, id: String(n).repeat(64), url: `/u/${n}.webp` });
    expect(photoMessage(undefined)).toBe(messages.imageRequired);
    expect(photoMessage([])).toBe(messages.imageRequired);
    expect(photoMessage([uploaded(1), { key: 'k2', progress: 0.5 }])).toBe(photoMessages.stillUploading);
    expect(photoMessage([1, 2, 3, 4, 5, 6, 7, 8, 9].map(uploaded))).toBe(photoMessages.tooMany);
    const ok = parse([uploaded(2), uploaded(1)]);
    expect(ok.success && ok.data.imageIds).toEqual(['2'.repeat(64), '1'.repeat(64)]);
  });

  it('takes imageIds (1 to 8, distinct) or the older imageId when a listing is sent as JSON', () => {
    const id = (n: number) => String(n).repeat(64);
    const message = (body: object) => firstMessages(CreateProductSchema.safeParse({ ...filledForm, ...body })).imageIds;
    expect(message({ imageIds: [id(1), id(2)] })).toBeUndefined();
    expect(message({ imageId: id(1) })).toBeUndefined();
    expect(message({})).toBe(messages.imageRequired);
    expect(message({ imageIds: [] })).toBe(messages.imageRequired);
    expect(message({ imageIds: [id(1), id(1)] })).toBe(photoMessages.duplicate);
    expect(message({ imageIds: [1, 2, 3, 4, 5, 6, 7, 8, 9].map(id) })).toBe(photoMessages.tooMany);
  });
});

describe('ProductQuerySchema', () => {
  it('defaults to the newest first and treats empty parameters as absent', () => {
    expect(ProductQuerySchema.parse({})).toEqual({ limit: 24, sort: 'newest' });
    expect(ProductQuerySchema.parse({ q: '', minPrice: '', maxPrice: ' ', condition: '', sort: '' })).toEqual({
      limit: 24,
      sort: 'newest',
    });
    expect(
      ProductQuerySchema.parse({
        q: ' pro ',
        minPrice: '100',
        maxPrice: '499.5',
        condition: 'Good',
        sort: 'price_asc',
      }),
    ).toEqual({ limit: 24, q: 'pro', minPrice: 100, maxPrice: 499.5, condition: 'Good', sort: 'price_asc' });
  });

  it('refuses bad filters with clear messages', () => {
    expect(
      firstMessages(
        ProductQuerySchema.safeParse({
          minPrice: 'cheap',
          maxPrice: '-1',
          condition: 'Mint',
          sort: 'oldest',
          q: 'x'.repeat(101),
        }),
      ),
    ).toEqual({
      minPrice: listingMessages.minPriceInvalid,
      maxPrice: listingMessages.maxPriceInvalid,
      condition: listingMessages.conditionInvalid,
      sort: listingMessages.sortInvalid,
      q: listingMessages.searchTooLong,
    });
    expect(firstMessages(ProductQuerySchema.safeParse({ minPrice: '500', maxPrice: '100' }))).toEqual({
      maxPrice: listingMessages.priceRangeInverted,
    });
  });
});

describe('the browse filters checked without a schema', () => {
  // The category and search pages check what is typed with these before asking; the API checks with
  // ProductQuerySchema. Any value one takes and the other refuses would be a silent wrong answer.
  const prices = [
    '',
    ' ',
    '0',
    '1',
    '99.99',
    ' $499 ',
    '$0.5',
    '100000',
    '100000.01',
    '1e3',
    '12.345',
    '-5',
    'abc',
    '\u0000',
    '1\u00007',
    '999999999',
    '  12.30 ',
    '.5',
    '5.',
    '$$5',
    '１２',
  ];
  const problemOf = (result: ReturnType<typeof ProductQuerySchema.safeParse>, field: string) =>
    result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)?.message;

  it('takes and refuses the same prices and ranges as the API, with its messages', () => {
    for (const minPrice of prices)
      for (const maxPrice of prices) {
        const api = ProductQuerySchema.safeParse({ minPrice, maxPrice });
        const typed = checkPriceRange(minPrice, maxPrice);
        expect(typed.min.error, `min ${JSON.stringify(minPrice)}`).toBe(problemOf(api, 'minPrice'));
        expect(typed.max.error, `${JSON.stringify(minPrice)}..${JSON.stringify(maxPrice)}`).toBe(
          problemOf(api, 'maxPrice'),
        );
        if (api.success) {
          expect(typed.min.dollars).toBe(api.data.minPrice);
          expect(typed.max.dollars).toBe(api.data.maxPrice);
        }
      }
  });

  it('takes the same phone facts as the API', () => {
    const values = [
      '16',
      '128',
      ' 256 ',
      '100',
      '1024',
      '2048',
      '0128',
      '12345',
      'x',
      '80',
      '49',
      '50',
      '101',
      '95.5',
      'unlocked',
      'AT&T',
      'Verizon\u0007',
      'a'.repeat(40),
      'a'.repeat(41),
      '-1',
    ];
    for (const name of ['storage', 'network', 'minBattery'] as const)
      for (const value of values) {
        const api = ProductQuerySchema.safeParse({ [name]: value });
        expect(isPhoneFactFilter(name, value), `${name}=${JSON.stringify(value)}`).toBe(api.success);
      }
  });
});
