/**
 * Believable used-phone listings for large benchmark catalogues: real model names with their launch
 * prices, storage, colours, conditions, US cities, features and free-text descriptions, and prices
 * that fall with age and wear. Everything comes from a seeded PRNG, so a seed gives the same catalogue.
 *
 * Word frequencies matter for the search benchmark; with the default weights, per category:
 *   'galax'  ~ every Samsung listing (common)   'iphone' ~ every Apple listing (common)
 *   'redmi'  ~ 45 % of Xiaomi                   'fold'   ~ 4 % of Samsung (medium)
 *   'xcov'   ~ 0.15 % of Samsung (rare)         'shark'  ~ 0.15 % of Xiaomi (rare)
 *   'nokia'  never (a miss)
 */
import { randomUUID } from 'node:crypto';
import { imeiWithCheckDigit } from '@recell/contract';
import type { Random } from './util.ts';

export type CategoryId = '1' | '2' | '3';

export const benchCategories: { id: CategoryId; brand: string; position: number }[] = [
  { id: '1', brand: 'Apple', position: 0 },
  { id: '2', brand: 'Xiaomi', position: 1 },
  { id: '3', brand: 'Samsung', position: 2 },
];

/** Share of listings per category. */
const categoryWeights: [CategoryId, number][] = [
  ['1', 40],
  ['3', 35],
  ['2', 25],
];

/** Every listing points at one image per brand (the benchmark never fetches it). */
const benchImageUrl = (categoryId: CategoryId) => `/uploads/bench/phone-${categoryId}.webp`;
export const benchCategoryImageUrl = (categoryId: CategoryId) => `/uploads/bench/category-${categoryId}.webp`;
export const benchEmailDomain = 'bench.recell.test';
export const benchBuyerEmail = `buyer@${benchEmailDomain}`;

interface Model {
  model: string;
  /** Launch price of the base storage, in dollars. */
  launch: number;
  year: number;
  storage: number[];
  weight: number;
  features: string;
}

const m = (model: string, launch: number, year: number, storage: number[], weight: number, features: string) => ({
  model,
  launch,
  year,
  storage,
  weight,
  features,
});

const models: Record<CategoryId, Model[]> = {
  '1': [
    m('iPhone XR', 749, 2018, [64, 128], 3, '6.1" Liquid Retina LCD, 12 MP camera, Face ID, A12 Bionic'),
    m('iPhone XS', 999, 2018, [64, 256], 2, '5.8" Super Retina OLED, dual 12 MP camera, Face ID, A12 Bionic'),
    m('iPhone 11', 699, 2019, [64, 128, 256], 8, '6.1" Liquid Retina LCD, dual 12 MP camera with ultra wide, Face ID'),
    m('iPhone 11 Pro', 999, 2019, [64, 256, 512], 4, '5.8" Super Retina XDR OLED, triple 12 MP camera, Face ID'),
    m('iPhone 11 Pro Max', 1099, 2019, [64, 256, 512], 4, '6.5" Super Retina XDR OLED, triple 12 MP camera'),
    m('iPhone SE (2022)', 429, 2022, [64, 128, 256], 4, '4.7" Retina HD LCD, Touch ID, A15 Bionic, 5G'),
    m('iPhone 12 mini', 729, 2020, [64, 128, 256], 3, '5.4" Super Retina XDR OLED, dual 12 MP camera, MagSafe, 5G'),
    m('iPhone 12', 799, 2020, [64, 128, 256], 8, '6.1" Super Retina XDR OLED, dual 12 MP camera, MagSafe, 5G'),
    m('iPhone 12 Pro', 999, 2020, [128, 256, 512], 5, '6.1" OLED, triple 12 MP camera with LiDAR, MagSafe, 5G'),
    m('iPhone 12 Pro Max', 1099, 2020, [128, 256, 512], 4, '6.7" OLED, triple 12 MP camera with LiDAR, MagSafe'),
    m('iPhone 13 mini', 699, 2021, [128, 256, 512], 3, '5.4" OLED, dual 12 MP camera, Cinematic mode, 5G'),
    m('iPhone 13', 799, 2021, [128, 256, 512], 10, '6.1" Super Retina XDR OLED, dual 12 MP camera, 5G'),
    m('iPhone 13 Pro', 999, 2021, [128, 256, 512, 1024], 6, '6.1" ProMotion 120 Hz OLED, triple 12 MP camera'),
    m('iPhone 13 Pro Max', 1099, 2021, [128, 256, 512, 1024], 5, '6.7" ProMotion 120 Hz OLED, triple camera, 5G'),
    m('iPhone 14', 799, 2022, [128, 256, 512], 8, '6.1" OLED, dual 12 MP camera, crash detection, 5G'),
    m('iPhone 14 Plus', 899, 2022, [128, 256, 512], 3, '6.7" OLED, dual 12 MP camera, all-day battery'),
    m('iPhone 14 Pro', 999, 2022, [128, 256, 512, 1024], 6, '6.1" Always-On ProMotion OLED, Dynamic Island, 48 MP'),
    m('iPhone 14 Pro Max', 1099, 2022, [128, 256, 512, 1024], 5, '6.7" Always-On OLED, Dynamic Island, 48 MP camera'),
    m('iPhone 15', 799, 2023, [128, 256, 512], 7, '6.1" OLED, Dynamic Island, 48 MP camera, USB-C'),
    m('iPhone 15 Plus', 899, 2023, [128, 256, 512], 2, '6.7" OLED, Dynamic Island, 48 MP camera, USB-C'),
    m('iPhone 15 Pro', 999, 2023, [128, 256, 512, 1024], 5, '6.1" titanium, A17 Pro, Action button, USB-C 3'),
    m('iPhone 15 Pro Max', 1199, 2023, [256, 512, 1024], 5, '6.7" titanium, 5× tetraprism telephoto, USB-C 3'),
  ],
  '2': [
    m('Redmi Note 12', 199, 2023, [64, 128], 9, '6.67" AMOLED 120 Hz, 50 MP camera, 5000 mAh, 33 W charging'),
    m('Redmi Note 12 Pro', 299, 2023, [128, 256], 7, '6.67" OLED 120 Hz, 50 MP OIS camera, 67 W charging'),
    m('Redmi Note 13', 199, 2024, [128, 256], 8, '6.67" AMOLED 120 Hz, 108 MP camera, 5000 mAh battery'),
    m('Redmi Note 13 Pro', 299, 2024, [256, 512], 7, '6.67" 1.5K AMOLED, 200 MP OIS camera, 67 W charging'),
    m('Redmi Note 13 Pro+', 399, 2024, [256, 512], 4, '6.67" curved AMOLED, 200 MP camera, 120 W HyperCharge, IP68'),
    m('Redmi 12', 149, 2023, [128, 256], 6, '6.79" LCD 90 Hz, 50 MP camera, 5000 mAh, NFC'),
    m('Redmi 13C', 129, 2023, [64, 128], 5, '6.74" LCD 90 Hz, 50 MP camera, 5000 mAh, dual SIM'),
    m('Poco X5 Pro', 299, 2023, [128, 256], 5, '6.67" AMOLED 120 Hz, 108 MP camera, Snapdragon 778G'),
    m('Poco X6 Pro', 349, 2024, [256, 512], 5, '6.67" 1.5K AMOLED, Dimensity 8300-Ultra, 67 W charging'),
    m('Poco F5', 379, 2023, [256], 4, '6.67" AMOLED 120 Hz, Snapdragon 7+ Gen 2, 67 W charging'),
    m('Poco F6', 399, 2024, [256, 512], 3, '6.67" 1.5K AMOLED, Snapdragon 8s Gen 3, 90 W charging'),
    m('Xiaomi 12', 749, 2022, [128, 256], 3, '6.28" AMOLED 120 Hz, Snapdragon 8 Gen 1, 50 MP camera'),
    m('Xiaomi 13T', 649, 2023, [256], 4, '6.67" 1.5K AMOLED 144 Hz, Leica optics, IP68'),
    m('Xiaomi 13T Pro', 799, 2023, [512, 1024], 3, '6.67" AMOLED 144 Hz, Leica cameras, 120 W HyperCharge'),
    m('Xiaomi 14', 899, 2024, [256, 512], 3, '6.36" LTPO AMOLED, Leica Summilux optics, Snapdragon 8 Gen 3'),
    m('Mi 11 Lite', 299, 2021, [64, 128], 3, '6.55" AMOLED 90 Hz, 64 MP camera, 6.8 mm thin'),
    m('Black Shark 5', 499, 2022, [128, 256], 0.15, '6.67" AMOLED 144 Hz, gaming shoulder triggers, 120 W'),
  ],
  '3': [
    m('Galaxy S21', 799, 2021, [128, 256], 6, '6.2" Dynamic AMOLED 2X 120 Hz, triple camera, 5G'),
    m('Galaxy S21 Ultra', 1199, 2021, [128, 256, 512], 4, '6.8" QHD+ AMOLED 120 Hz, 108 MP, 10× zoom, S Pen support'),
    m('Galaxy S22', 799, 2022, [128, 256], 6, '6.1" Dynamic AMOLED 2X 120 Hz, 50 MP camera, 5G'),
    m('Galaxy S22 Ultra', 1199, 2022, [128, 256, 512], 5, '6.8" AMOLED 120 Hz, built-in S Pen, 108 MP, 10× zoom'),
    m('Galaxy S23', 799, 2023, [128, 256], 7, '6.1" Dynamic AMOLED 2X, Snapdragon 8 Gen 2, 50 MP camera'),
    m('Galaxy S23 Ultra', 1199, 2023, [256, 512, 1024], 5, '6.8" QHD+ AMOLED, 200 MP camera, built-in S Pen'),
    m('Galaxy S23 FE', 599, 2023, [128, 256], 4, '6.4" Dynamic AMOLED 120 Hz, 50 MP camera, IP68'),
    m('Galaxy S24', 799, 2024, [128, 256], 6, '6.2" Dynamic AMOLED 2X, Galaxy AI, 50 MP camera'),
    m('Galaxy S24 Ultra', 1299, 2024, [256, 512, 1024], 5, '6.8" titanium, 200 MP camera, built-in S Pen, Galaxy AI'),
    m('Galaxy A14', 199, 2023, [64, 128], 7, '6.6" LCD 90 Hz, 50 MP camera, 5000 mAh, 5G'),
    m('Galaxy A15', 199, 2024, [128], 6, '6.5" Super AMOLED 90 Hz, 50 MP camera, 5000 mAh'),
    m('Galaxy A34', 349, 2023, [128, 256], 6, '6.6" Super AMOLED 120 Hz, 48 MP OIS camera, IP67'),
    m('Galaxy A54', 449, 2023, [128, 256], 7, '6.4" Super AMOLED 120 Hz, 50 MP OIS camera, IP67'),
    m('Galaxy Z Flip4', 999, 2022, [128, 256, 512], 2, '6.7" foldable AMOLED, 1.9" cover screen, Flex mode'),
    m('Galaxy Z Flip5', 999, 2023, [256, 512], 2, '6.7" foldable AMOLED, 3.4" Flex Window, IPX8'),
    m('Galaxy Z Fold4', 1799, 2022, [256, 512, 1024], 1.5, '7.6" foldable main screen, S Pen Fold support'),
    m('Galaxy Z Fold5', 1799, 2023, [256, 512, 1024], 1.5, '7.6" foldable screen, gapless hinge, IPX8'),
    m('Galaxy Note 20 Ultra', 1299, 2020, [128, 256, 512], 2, '6.9" QHD+ AMOLED 120 Hz, S Pen, 108 MP camera'),
    m('Galaxy XCover6 Pro', 499, 2022, [128], 0.12, '6.6" LCD 120 Hz, rugged MIL-STD-810H, removable battery'),
  ],
};

const colours: Record<CategoryId, string[]> = {
  '1': ['Black', 'White', 'Midnight', 'Starlight', 'Blue', 'Sierra Blue', 'Graphite', 'Gold', 'Purple', 'Red', 'Green'],
  '2': ['Midnight Black', 'Ice Blue', 'Mint Green', 'Aurora Purple', 'Graphite Gray', 'Polar White', 'Ocean Teal'],
  '3': ['Phantom Black', 'Phantom White', 'Cream', 'Lavender', 'Mint', 'Graphite', 'Burgundy', 'Titanium Gray'],
};

export const conditions = ['Excellent', 'Good', 'Fair'] as const;
const conditionWeights: [(typeof conditions)[number], number][] = [
  ['Excellent', 35],
  ['Good', 45],
  ['Fair', 20],
];
const conditionFactor = { Excellent: 1, Good: 0.87, Fair: 0.7 };

/** How long the seller used it, with the length in years (never longer than the model exists). */
const usedFor: [string, number][] = [
  ['2 months', 0.17],
  ['3 months', 0.25],
  ['6 months', 0.5],
  ['8 months', 0.67],
  ['1 year', 1],
  ['1.5 years', 1.5],
  ['2 years', 2],
  ['3 years', 3],
  ['4 years', 4],
];

const cities = [
  'New York, NY',
  'Los Angeles, CA',
  'Chicago, IL',
  'Houston, TX',
  'Phoenix, AZ',
  'Philadelphia, PA',
  'San Antonio, TX',
  'San Diego, CA',
  'Dallas, TX',
  'Austin, TX',
  'Jacksonville, FL',
  'San Jose, CA',
  'Fort Worth, TX',
  'Columbus, OH',
  'Charlotte, NC',
  'Indianapolis, IN',
  'San Francisco, CA',
  'Seattle, WA',
  'Denver, CO',
  'Washington, DC',
  'Nashville, TN',
  'Oklahoma City, OK',
  'El Paso, TX',
  'Boston, MA',
  'Portland, OR',
  'Las Vegas, NV',
  'Detroit, MI',
  'Memphis, TN',
  'Louisville, KY',
  'Baltimore, MD',
  'Milwaukee, WI',
  'Albuquerque, NM',
  'Tucson, AZ',
  'Fresno, CA',
  'Sacramento, CA',
  'Kansas City, MO',
  'Mesa, AZ',
  'Atlanta, GA',
  'Omaha, NE',
  'Colorado Springs, CO',
  'Raleigh, NC',
  'Miami, FL',
  'Minneapolis, MN',
  'Tulsa, OK',
  'Cleveland, OH',
  'Wichita, KS',
  'Arlington, TX',
  'New Orleans, LA',
  'Tampa, FL',
  'Honolulu, HI',
  'Pittsburgh, PA',
  'Cincinnati, OH',
  'St. Louis, MO',
  'Orlando, FL',
  'Salt Lake City, UT',
  'Madison, WI',
  'Boise, ID',
  'Richmond, VA',
  'Spokane, WA',
  'Anchorage, AK',
];

const extras = [
  'unlocked for any carrier',
  'original box and cable',
  'charger included',
  'dual SIM',
  'eSIM ready',
  'with a clear case',
  'screen protector fitted',
  'no repairs ever',
  'iCloud/Google account removed',
  'factory reset',
];

const descriptionSentences = [
  'Always kept in a case with a screen protector from day one.',
  'No scratches on the screen; a faint mark on the frame you can only see under a lamp.',
  'Factory reset and ready for a new owner.',
  'Battery still lasts a full day of normal use.',
  'Selling because I upgraded to a newer model.',
  'Small scuff on one corner, otherwise in great shape.',
  'Screen is flawless, back glass has light hairline scratches.',
  'Comes with the original box, cable and a spare case.',
  'Never dropped, never repaired, all buttons click as new.',
  'Cameras are perfect, no dust inside the lenses.',
  'Face unlock and fingerprint both work perfectly.',
  'Some wear on the edges from daily use, nothing that affects function.',
  'Used as a backup phone, so it has very few hours on it.',
  'Paid off and carrier unlocked; works on every network here.',
  'Happy to meet in a public place so you can test it first.',
  'Price is firm, serious buyers only please.',
  'Can ship the same day after payment.',
  'The speaker is loud and clear, mic works great on calls.',
  'Battery was replaced at an authorised service centre last year.',
  'Includes a tempered glass protector that is already applied.',
  'Minor dent near the charging port, does not affect charging.',
  'Bought new from the official store; receipt available.',
  'Kept in a smoke-free, pet-free home.',
  'Wireless charging and fast charging both work.',
  'Display has no dead pixels and no burn-in.',
  'Perfect for a student or as a first smartphone.',
  'Only selling because my work provides a phone now.',
  'Water resistance cannot be guaranteed after years of use.',
  'Clean IMEI, not blacklisted, not financed.',
  'Storage is plenty for photos, apps and music.',
];

const firstNames = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Carlos',
  'Karen',
  'Daniel',
  'Lisa',
  'Matthew',
  'Nancy',
  'Anthony',
  'Sandra',
  'Mark',
  'Ashley',
  'Wei',
  'Priya',
  'Andrew',
  'Emily',
  'Joshua',
  'Michelle',
  'Kenneth',
  'Amanda',
  'Kevin',
  'Melissa',
  'Omar',
  'Aisha',
  'Diego',
  'Sofia',
  'Hiroshi',
  'Yuki',
  'Tunde',
  'Chloe',
  'Ivan',
  'Fatima',
  'Liam',
  'Olivia',
];
const lastNames = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Patel',
  'Kim',
  'Chen',
  'Okafor',
  'Tanaka',
  'Ivanova',
  'Haddad',
  'Silva',
  'Novak',
  'Kowalski',
];

export interface BenchSeller {
  name: string;
  email: string;
  verified: boolean;
  city: string;
  phone: string;
  createdAt: Date;
}

const phoneNumber = (random: Random) => `${random.int(201, 989)}555${String(random.int(0, 9999)).padStart(4, '0')}`;

export const makeSellers = (count: number, random: Random, now: Date): BenchSeller[] =>
  Array.from({ length: count }, (_, index) => {
    const first = random.pick(firstNames);
    const last = random.pick(lastNames);
    return {
      name: `${first} ${last}`,
      email: `${first}.${last}.${String(index + 1).padStart(4, '0')}@${benchEmailDomain}`.toLowerCase(),
      verified: random.chance(0.3),
      city: random.pick(cities),
      phone: phoneNumber(random),
      createdAt: new Date(now.getTime() - random.int(760, 1100) * 86_400_000),
    };
  });

export interface ListingGenerator {
  /** One products row in COPY text format (tab-separated, newline-terminated). */
  next(): { line: string; id: string; status: 'available' | 'sold'; createdAt: Date };
}

/** The columns `ListingGenerator` rows fill, in order (`search` is generated by PostgreSQL). */
export const productCopyColumns = [
  'id',
  'seller_id',
  'category_id',
  'name',
  'brand',
  'model',
  'price_cents',
  'original_price_cents',
  'condition',
  'used',
  'location',
  'authenticity',
  'features',
  'description',
  'image_url',
  'seller_phone',
  'storage_gb',
  'colour',
  'network_lock',
  'battery_health',
  'imei',
  'imei_checked',
  'status',
  'created_at',
  'updated_at',
];

/** COPY text format: backslash, tab, newline and carriage return are escaped. */
const copyText = (value: string) => (/[\\\t\n\r]/.test(value) ? value.replace(/[\\\t\n\r]/g, escapeChar) : value);
const escapeChar = (char: string) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[char]!;

const twoYearsMs = 730 * 86_400_000;
const carriers = ['Verizon', 'T-Mobile', 'AT&T', 'US Cellular'];
const brandOf = Object.fromEntries(benchCategories.map((c) => [c.id, c.brand])) as Record<CategoryId, string>;
const modelWeights = Object.fromEntries(
  (Object.keys(models) as CategoryId[]).map((id) => [id, models[id].map((model) => [model, model.weight] as const)]),
) as Record<CategoryId, (readonly [Model, number])[]>;

export const createListingGenerator = (
  random: Random,
  sellers: { id: string; seller: BenchSeller }[],
  now: Date,
  opts: {
    soldShare: number;
    /** The number of this generator's first listing among all listings: its IMEI's serial (unique). */
    firstSerial: number;
  },
): ListingGenerator => {
  const nowYear = now.getUTCFullYear() + now.getUTCMonth() / 12;
  let serial = opts.firstSerial;
  return {
    next() {
      const categoryId = random.weighted(categoryWeights);
      const brand = brandOf[categoryId];
      const model = random.weighted(modelWeights[categoryId]);
      const storage = random.pick(model.storage);
      const colour = random.pick(colours[categoryId]);
      const condition = random.weighted(conditionWeights);
      // Power sellers: a few accounts list many phones.
      const { id: sellerId, seller } = sellers[Math.floor(random.next() ** 2 * sellers.length)]!;
      const location = random.chance(0.8) ? seller.city : random.pick(cities);

      const storageSteps = Math.max(0, Math.log2(storage / model.storage[0]!));
      const original = model.launch + 100 * storageSteps;
      const age = Math.max(0.3, nowYear - model.year - 0.7);
      const value = original * 0.8 ** age * conditionFactor[condition] * (0.88 + random.next() * 0.24);
      const price = Math.max(19, Math.round(value / 5) * 5 - 1);

      const name =
        (random.chance(0.4) ? `${brand} ` : '') +
        `${model.model} ${storage >= 1024 ? '1TB' : `${storage}GB`} ${colour}`;
      const extra = [random.pick(extras), random.pick(extras)].filter((e, i, all) => all.indexOf(e) === i).join(', ');
      const batteryHealth = random.int(72, 100);
      const features = `${storage >= 1024 ? '1 TB' : `${storage} GB`}, ${model.features}, battery health ${batteryHealth}%, ${extra}`;
      const networkLock = random.chance(0.8) ? 'unlocked' : random.pick(carriers);
      // Valid (Luhn) and one per listing, so the one-listing-for-sale-per-IMEI index holds.
      const imei = imeiWithCheckDigit(`35${String(serial++).padStart(12, '0')}`);
      const sentences = random.int(2, 4);
      let description = '';
      for (let i = 0; i < sentences; i++) description += (i ? ' ' : '') + random.pick(descriptionSentences);

      // Newer listings are more common than old ones (the marketplace grows).
      const createdAt = new Date(now.getTime() - Math.floor(random.next() ** 1.3 * twoYearsMs));
      const status = random.chance(opts.soldShare) ? 'sold' : 'available';
      const id = randomUUID();
      const at = createdAt.toISOString();
      const line =
        [
          id,
          sellerId,
          categoryId,
          copyText(name),
          brand,
          copyText(model.model),
          Math.round(price * 100),
          Math.round(original * 100),
          condition,
          random.pick(usedFor.filter(([, years]) => years <= Math.max(0.17, age)))[0],
          copyText(location),
          random.chance(0.92) ? 'Original' : 'Refurbished',
          copyText(features),
          copyText(description),
          benchImageUrl(categoryId),
          seller.phone,
          storage,
          copyText(colour),
          copyText(networkLock),
          batteryHealth,
          imei,
          't',
          status,
          at,
          at,
        ].join('\t') + '\n';
      return { line, id, status, createdAt };
    },
  };
};
