/**
 * The demo catalogue as plain data: five accounts (the sellers with an address they ship from, the
 * buyers with one to ship to), three dozen used phones across the three brands, the advertised
 * ones and one phone already sold (a paid order with its payment), and the buyers' activity (an
 * open order, a wishlist, an open report). Seeded on the first start outside production and by
 * `npm run db:seed`. Every account signs in with `demoPassword`.
 */
import { imeiWithCheckDigit, unlockedNetwork, type CategoryId, type ReportReason } from '@recell/contract';
import type { AvatarArt, PhoneArt } from './art.ts';

/** The one password of every demo account (the README lists it). */
export const demoPassword = 'recell-demo';

export type DemoAccountKey = 'admin' | 'seller' | 'newSeller' | 'buyer' | 'buyer2';
type DemoSellerKey = Extract<DemoAccountKey, 'seller' | 'newSeller'>;
type DemoBuyerKey = Extract<DemoAccountKey, 'buyer' | 'buyer2'>;

export interface DemoAccount {
  key: DemoAccountKey;
  name: string;
  email: string;
  role: 'user' | 'seller' | 'admin';
  verified: boolean;
  /** The seller's phone number on their listings; a buyer's number on their orders. */
  phone: string;
  city: string;
  joinedDaysAgo: number;
  avatar: AvatarArt;
  /**
   * A seller's ship-from address, a buyer's delivery address: in the US, where the test carrier
   * ships, so a phone is shipped in the demo without anyone adding an address first.
   */
  address?: DemoAddress;
}

/** A postal address as typed; the seed keeps it as the test carrier corrects it. */
export interface DemoAddress {
  line1: string;
  line2?: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
}

export const demoAccounts: readonly DemoAccount[] = [
  {
    key: 'admin',
    name: 'Priya Raman',
    email: 'admin@recell.test',
    role: 'admin',
    verified: false,
    phone: '5125550100',
    city: 'Austin, TX',
    joinedDaysAgo: 120,
    avatar: { hue: 250, skin: '#b07a55', hair: '#1b1412', longHair: true },
  },
  {
    key: 'seller',
    name: 'Marcus Bennett',
    email: 'seller@recell.test',
    role: 'seller',
    verified: true,
    phone: '5125550147',
    city: 'Austin, TX',
    joinedDaysAgo: 90,
    avatar: { hue: 200, skin: '#8d5a3b', hair: '#120d0b' },
    address: { line1: '1100 Congress Avenue', city: 'Austin', region: 'TX', postalCode: '78701', country: 'US' },
  },
  {
    key: 'newSeller',
    name: 'Sofia Alvarez',
    email: 'new.seller@recell.test',
    role: 'seller',
    verified: false,
    phone: '2065550183',
    city: 'Seattle, WA',
    joinedDaysAgo: 21,
    avatar: { hue: 330, skin: '#e0b08c', hair: '#4a2a1a', longHair: true },
    address: { line1: '400 Pine Street', city: 'Seattle', region: 'WA', postalCode: '98101', country: 'US' },
  },
  {
    key: 'buyer',
    name: 'Daniel Kim',
    email: 'buyer@recell.test',
    role: 'user',
    verified: false,
    phone: '3125550126',
    city: 'Chicago, IL',
    joinedDaysAgo: 45,
    avatar: { hue: 140, skin: '#f0c9a4', hair: '#15110f' },
    address: {
      line1: '233 South Wacker Drive',
      line2: 'Apartment 12B',
      city: 'Chicago',
      region: 'IL',
      postalCode: '60606',
      country: 'US',
    },
  },
  {
    key: 'buyer2',
    name: 'Emma Okafor',
    email: 'buyer2@recell.test',
    role: 'user',
    verified: false,
    phone: '6175550192',
    city: 'Boston, MA',
    joinedDaysAgo: 30,
    avatar: { hue: 30, skin: '#6b4228', hair: '#0e0a09', longHair: true },
    address: { line1: '1 Beacon Street', city: 'Boston', region: 'MA', postalCode: '02108', country: 'US' },
  },
];

interface DemoSale {
  buyer: DemoBuyerKey;
  bookedDaysAgo: number;
  paidDaysAgo: number;
}

export interface DemoListing {
  seller: DemoSellerKey;
  categoryId: CategoryId;
  name: string;
  model: string;
  priceCents: number;
  originalPriceCents: number;
  condition: 'Excellent' | 'Good' | 'Fair';
  used: string;
  location: string;
  authenticity: string;
  features: string;
  description: string;
  listedDaysAgo: number;
  /** Set for advertised listings: when the seller advertised it. */
  advertisedDaysAgo?: number;
  /** Set for the phone that has already been sold. */
  sold?: DemoSale;
  art: PhoneArt;
  /** How many photos it has (one when absent): the cover, then the same phone shot again. */
  photos?: number;
}

const usd = (dollars: number) => Math.round(dollars * 100);

export const demoListings: readonly DemoListing[] = [
  // ----------------------------------------------------------------------------- Apple ('1')
  {
    seller: 'seller',
    categoryId: '1',
    name: 'iPhone 13 Pro 128GB Sierra Blue',
    model: 'iPhone 13 Pro',
    priceCents: usd(589),
    originalPriceCents: usd(999),
    condition: 'Excellent',
    used: '1 year',
    location: 'Austin, TX',
    authenticity: 'Original',
    features: '128 GB, 6.1" ProMotion 120 Hz OLED, triple 12 MP camera with 3× zoom, Face ID, 5G, battery health 89%',
    description:
      'Always kept in a case with a screen protector from day one. No scratches on the screen, a faint mark on the frame you can only see under a lamp. Factory reset and unlocked for any carrier.',
    listedDaysAgo: 1.2,
    advertisedDaysAgo: 1.1,
    art: { camera: 'apple-pro', front: 'notch', color: '#a7c1d9', wallpaperHue: 215 },
    photos: 4,
  },
  {
    seller: 'seller',
    categoryId: '1',
    name: 'iPhone 14 Pro Max 256GB Deep Purple',
    model: 'iPhone 14 Pro Max',
    priceCents: usd(849),
    originalPriceCents: usd(1199),
    condition: 'Excellent',
    used: '10 months',
    location: 'Austin, TX',
    authenticity: 'Original, with box and receipt',
    features: '256 GB, 6.7" Always-On display, Dynamic Island, 48 MP main camera, Face ID, battery health 93%',
    description:
      'Upgraded through my carrier plan, so this one is spare. Comes with the original box, unused USB-C to Lightning cable and the purchase receipt. Screen has been under a glass protector the whole time.',
    listedDaysAgo: 2.6,
    advertisedDaysAgo: 2.5,
    art: { camera: 'apple-pro', front: 'island', color: '#594f63', wallpaperHue: 285 },
    photos: 3,
  },
  {
    seller: 'newSeller',
    categoryId: '1',
    name: 'iPhone 12 64GB Blue',
    model: 'iPhone 12',
    priceCents: usd(329),
    originalPriceCents: usd(799),
    condition: 'Good',
    used: '2 years',
    location: 'Seattle, WA',
    authenticity: 'Original',
    features: '64 GB, 6.1" Super Retina XDR, dual 12 MP camera, MagSafe, 5G, battery health 84%',
    description:
      'My daily phone until last month. A couple of light scratches on the back glass, screen is perfect. Battery still gets me through a full day of normal use.',
    listedDaysAgo: 4.3,
    art: { camera: 'apple-dual-vertical', front: 'notch', color: '#2d4e6e', wallpaperHue: 195 },
  },
  {
    seller: 'seller',
    categoryId: '1',
    name: 'iPhone 11 128GB (PRODUCT)RED',
    model: 'iPhone 11',
    priceCents: usd(249),
    originalPriceCents: usd(749),
    condition: 'Fair',
    used: '3 years',
    location: 'San Antonio, TX',
    authenticity: 'Original (battery replaced at an Apple Store)',
    features: '128 GB, 6.1" Liquid Retina, dual 12 MP camera, Face ID, new battery (100%)',
    description:
      'Visible wear on the aluminium edges and a small chip in the back glass corner, which does not affect anything. Battery was replaced by Apple in March, so it lasts like new.',
    listedDaysAgo: 6.8,
    art: { camera: 'apple-dual-vertical', front: 'notch', color: '#c8102e', wallpaperHue: 20 },
  },
  {
    seller: 'newSeller',
    categoryId: '1',
    name: 'iPhone 13 mini 128GB Pink',
    model: 'iPhone 13 mini',
    priceCents: usd(379),
    originalPriceCents: usd(729),
    condition: 'Good',
    used: '1.5 years',
    location: 'Tacoma, WA',
    authenticity: 'Original',
    features: '128 GB, 5.4" OLED, dual 12 MP camera with sensor-shift stabilisation, Face ID, 5G',
    description:
      'The last small iPhone, perfect if you want something that fits in one hand. Minor scuffs on the bottom edge, otherwise very clean. Includes a clear case.',
    listedDaysAgo: 9.4,
    advertisedDaysAgo: 3.2,
    art: { camera: 'apple-dual-diagonal', front: 'notch', color: '#f6d5da', wallpaperHue: 330 },
  },
  {
    seller: 'seller',
    categoryId: '1',
    name: 'iPhone SE (2022) 64GB Midnight',
    model: 'iPhone SE (3rd generation)',
    priceCents: usd(189),
    originalPriceCents: usd(429),
    condition: 'Excellent',
    used: '8 months',
    location: 'Austin, TX',
    authenticity: 'Original',
    features: '64 GB, 4.7" Retina HD, Touch ID home button, A15 Bionic, 5G, battery health 95%',
    description:
      'Bought as a backup phone and barely used. Touch ID and the home button work perfectly. A great first iPhone or a phone for a kid.',
    listedDaysAgo: 11.1,
    art: { camera: 'apple-single', front: 'home-button', color: '#232a31', wallpaperHue: 45 },
  },
  {
    seller: 'seller',
    categoryId: '1',
    name: 'iPhone 14 128GB Midnight',
    model: 'iPhone 14',
    priceCents: usd(559),
    originalPriceCents: usd(799),
    condition: 'Excellent',
    used: '9 months',
    location: 'Dallas, TX',
    authenticity: 'Original, with box',
    features: '128 GB, 6.1" OLED, dual 12 MP camera, Crash Detection, eSIM, battery health 94%',
    description:
      'Like new, lived in a leather case. Comes in the original box. eSIM only (US model), so you activate it with your carrier in a couple of minutes.',
    listedDaysAgo: 13.5,
    art: { camera: 'apple-dual-diagonal', front: 'notch', color: '#222930', wallpaperHue: 250 },
  },
  {
    seller: 'seller',
    categoryId: '1',
    name: 'iPhone 15 Pro 256GB Natural Titanium',
    model: 'iPhone 15 Pro',
    priceCents: usd(899),
    originalPriceCents: usd(1099),
    condition: 'Excellent',
    used: '6 months',
    location: 'Houston, TX',
    authenticity: 'Original, AppleCare+ until next spring',
    features: '256 GB, titanium frame, Action button, USB-C, 48 MP camera, Dynamic Island, battery health 98%',
    description:
      'Switching to Android for work. Flawless condition, no marks anywhere. AppleCare+ transfers with the phone.',
    listedDaysAgo: 16.2,
    advertisedDaysAgo: 5.4,
    art: { camera: 'apple-pro', front: 'island', color: '#bab4a9', wallpaperHue: 30 },
  },
  {
    seller: 'newSeller',
    categoryId: '1',
    name: 'iPhone XR 64GB White',
    model: 'iPhone XR',
    priceCents: usd(149),
    originalPriceCents: usd(749),
    condition: 'Fair',
    used: '4 years',
    location: 'Portland, OR',
    authenticity: 'Original (screen replaced)',
    features: '64 GB, 6.1" Liquid Retina, 12 MP camera, Face ID, battery health 79%',
    description:
      'Screen was replaced at a repair shop last year and works fine. Some scratches on the back and frame. Still a solid phone for calls, maps and messaging.',
    listedDaysAgo: 19.7,
    art: { camera: 'apple-single', front: 'notch', color: '#eeeeec', wallpaperHue: 170 },
  },
  {
    seller: 'seller',
    categoryId: '1',
    name: 'iPhone 12 Pro Max 256GB Pacific Blue',
    model: 'iPhone 12 Pro Max',
    priceCents: usd(499.5),
    originalPriceCents: usd(1199),
    condition: 'Good',
    used: '2 years',
    location: 'Austin, TX',
    authenticity: 'Original',
    features: '256 GB, 6.7" OLED, triple 12 MP camera with LiDAR, MagSafe, 5G, battery health 86%',
    description:
      'Big screen, great cameras. Light wear on the stainless frame, the screen and back glass have no scratches. Unlocked and ready to go.',
    listedDaysAgo: 24.3,
    art: { camera: 'apple-pro', front: 'notch', color: '#2f4452', wallpaperHue: 200 },
  },
  {
    seller: 'newSeller',
    categoryId: '1',
    name: 'iPhone 13 256GB Starlight',
    model: 'iPhone 13',
    priceCents: usd(479),
    originalPriceCents: usd(929),
    condition: 'Good',
    used: '1.5 years',
    location: 'Seattle, WA',
    authenticity: 'Original',
    features: '256 GB, 6.1" OLED, dual 12 MP camera, Cinematic mode, Face ID, 5G, battery health 87%',
    description:
      'Plenty of storage for photos and videos. Small scuff near the volume buttons, otherwise in very good shape. Charger not included.',
    listedDaysAgo: 29.9,
    art: { camera: 'apple-dual-diagonal', front: 'notch', color: '#f4eee6', wallpaperHue: 100 },
  },
  {
    seller: 'seller',
    categoryId: '1',
    name: 'iPhone 14 Plus 128GB Yellow',
    model: 'iPhone 14 Plus',
    priceCents: usd(599),
    originalPriceCents: usd(899),
    condition: 'Excellent',
    used: '8 months',
    location: 'Dallas, TX',
    authenticity: 'Original',
    features: '128 GB, 6.7" OLED, dual 12 MP camera, all-day battery, Crash Detection, battery health 96%',
    description:
      'The big screen without the Pro price. Kept in a case, screen protector still on. The battery life on this one is excellent.',
    listedDaysAgo: 34.6,
    art: { camera: 'apple-dual-diagonal', front: 'notch', color: '#f5e27a', wallpaperHue: 55 },
  },

  // ----------------------------------------------------------------------------- Xiaomi ('2')
  {
    seller: 'seller',
    categoryId: '2',
    name: 'Redmi Note 12 128GB Onyx Gray',
    model: 'Redmi Note 12',
    priceCents: usd(149),
    originalPriceCents: usd(229),
    condition: 'Excellent',
    used: '8 months',
    location: 'Austin, TX',
    authenticity: 'Original',
    features: '128 GB, 6 GB RAM, 6.67" 120 Hz AMOLED, 50 MP triple camera, 5000 mAh, 33 W fast charging, dual SIM',
    description:
      'Great value phone with a smooth 120 Hz screen. No scratches, comes with the original 33 W charger and a silicone case.',
    listedDaysAgo: 0.6,
    advertisedDaysAgo: 0.5,
    art: { camera: 'mi-stack', front: 'punch-hole', color: '#3b3d42', wallpaperHue: 160, wordmark: 'REDMI' },
  },
  {
    seller: 'newSeller',
    categoryId: '2',
    name: 'Redmi Note 12 Pro 5G 256GB Sky Blue',
    model: 'Redmi Note 12 Pro 5G',
    priceCents: usd(219),
    originalPriceCents: usd(349),
    condition: 'Good',
    used: '1 year',
    location: 'Spokane, WA',
    authenticity: 'Original',
    features: '256 GB, 8 GB RAM, 50 MP camera with OIS, 67 W turbo charging, 6.67" OLED, 5G',
    description:
      'Charges from empty to full in about 45 minutes. A few hairline marks on the back, the screen is clean. Dual SIM and works on all US carriers I tried.',
    listedDaysAgo: 3.1,
    art: { camera: 'mi-square', front: 'punch-hole', color: '#9ec9e8', wallpaperHue: 230, wordmark: 'REDMI' },
  },
  {
    seller: 'seller',
    categoryId: '2',
    name: 'Xiaomi 13 256GB Black',
    model: 'Xiaomi 13',
    priceCents: usd(479),
    originalPriceCents: usd(799),
    condition: 'Excellent',
    used: '7 months',
    location: 'Houston, TX',
    authenticity: 'Original, with box',
    features: '256 GB, 8 GB RAM, Leica-tuned 50 MP triple camera, Snapdragon 8 Gen 2, 6.36" AMOLED, 67 W charging',
    description:
      'Flagship performance in a compact size. The Leica camera modes are fantastic. Mint condition, full box with charger.',
    listedDaysAgo: 5.9,
    advertisedDaysAgo: 4.2,
    art: { camera: 'mi-square', front: 'punch-hole', color: '#1c1d21', wallpaperHue: 15, wordmark: 'XIAOMI' },
    photos: 3,
  },
  {
    seller: 'seller',
    categoryId: '2',
    name: 'Xiaomi 12T Pro 256GB Blue',
    model: 'Xiaomi 12T Pro',
    priceCents: usd(389),
    originalPriceCents: usd(699),
    condition: 'Good',
    used: '1 year',
    location: 'Austin, TX',
    authenticity: 'Original',
    features: '256 GB, 12 GB RAM, 200 MP main camera, 120 W HyperCharge, 6.67" 120 Hz AMOLED',
    description:
      'The 120 W charger is included and still amazing: full in under 20 minutes. Light scratches on the frame from daily use.',
    listedDaysAgo: 8.2,
    art: { camera: 'mi-square', front: 'punch-hole', color: '#4f7fb8', wallpaperHue: 205, wordmark: 'XIAOMI' },
  },
  {
    seller: 'newSeller',
    categoryId: '2',
    name: 'POCO X5 Pro 5G 256GB Yellow',
    model: 'POCO X5 Pro 5G',
    priceCents: usd(199),
    originalPriceCents: usd(349),
    condition: 'Excellent',
    used: '6 months',
    location: 'Seattle, WA',
    authenticity: 'Original',
    features: '256 GB, 8 GB RAM, 108 MP camera, 6.67" 120 Hz flow AMOLED, Snapdragon 778G, 67 W charging',
    description:
      'Bright yellow and fast. Used lightly for gaming, always in a case. Screen protector applied from new.',
    listedDaysAgo: 10.4,
    advertisedDaysAgo: 7.3,
    art: { camera: 'poco-bar', front: 'punch-hole', color: '#f5d142', wallpaperHue: 50, wordmark: 'POCO' },
  },
  {
    seller: 'seller',
    categoryId: '2',
    name: 'Redmi Note 11 128GB Twilight Blue',
    model: 'Redmi Note 11',
    priceCents: usd(109),
    originalPriceCents: usd(229),
    condition: 'Fair',
    used: '2 years',
    location: 'San Antonio, TX',
    authenticity: 'Original',
    features: '128 GB, 4 GB RAM, 6.43" AMOLED 90 Hz, 50 MP quad camera, 5000 mAh, headphone jack',
    description:
      'Noticeable scratches on the back and a small dent on one corner, screen has a faint scratch that is invisible when on. Battery still lasts two days.',
    listedDaysAgo: 12.8,
    art: { camera: 'mi-stack', front: 'punch-hole', color: '#5a6fa8', wallpaperHue: 260, wordmark: 'REDMI' },
  },
  {
    seller: 'seller',
    categoryId: '2',
    name: 'Xiaomi 13T 256GB Alpine Blue',
    model: 'Xiaomi 13T',
    priceCents: usd(429),
    originalPriceCents: usd(649),
    condition: 'Excellent',
    used: '5 months',
    location: 'Dallas, TX',
    authenticity: 'Original, with box and receipt',
    features: '256 GB, 12 GB RAM, Leica 50 MP triple camera, IP68, 144 Hz AMOLED, 67 W charging',
    description:
      'Vegan leather back in Alpine Blue, no wear at all. Water resistant, fast and with great battery life. Box, charger and receipt included.',
    listedDaysAgo: 15.3,
    art: { camera: 'mi-square', front: 'punch-hole', color: '#7fa3c4', wallpaperHue: 185, wordmark: 'XIAOMI' },
  },
  {
    seller: 'newSeller',
    categoryId: '2',
    name: 'POCO F5 256GB White',
    model: 'POCO F5',
    priceCents: usd(279),
    originalPriceCents: usd(429),
    condition: 'Good',
    used: '10 months',
    location: 'Portland, OR',
    authenticity: 'Original',
    features: '256 GB, 12 GB RAM, Snapdragon 7+ Gen 2, 6.67" 120 Hz AMOLED, 64 MP camera with OIS, 67 W charging',
    description:
      'Really quick phone for the money. Some marks on the white back that could probably be polished out. Screen is flawless.',
    listedDaysAgo: 18.6,
    art: { camera: 'poco-bar', front: 'punch-hole', color: '#eceef0', wallpaperHue: 310, wordmark: 'POCO' },
  },
  {
    seller: 'seller',
    categoryId: '2',
    name: 'Redmi 12C 64GB Mint Green',
    model: 'Redmi 12C',
    priceCents: usd(69),
    originalPriceCents: usd(139),
    condition: 'Good',
    used: '1 year',
    location: 'Austin, TX',
    authenticity: 'Original',
    features: '64 GB, 4 GB RAM, 6.71" HD+ display, 50 MP camera, 5000 mAh, fingerprint sensor, microSD slot',
    description:
      'Simple, reliable phone with a huge battery. Ideal as a backup or for an older relative. Minor scratches on the back.',
    listedDaysAgo: 22.4,
    art: { camera: 'mi-stack', front: 'punch-hole', color: '#a8d5c2', wallpaperHue: 140, wordmark: 'REDMI' },
  },
  {
    seller: 'seller',
    categoryId: '2',
    name: 'Xiaomi 11 Lite 5G NE 128GB Bubblegum Blue',
    model: 'Xiaomi 11 Lite 5G NE',
    priceCents: usd(159),
    originalPriceCents: usd(369),
    condition: 'Good',
    used: '2 years',
    location: 'Houston, TX',
    authenticity: 'Original',
    features: '128 GB, 8 GB RAM, 6.55" AMOLED 90 Hz, 64 MP triple camera, 6.8 mm thin, 5G',
    description:
      'Very thin and light. The pastel back has a shimmer finish that hides fingerprints. Small crack in the case, the phone itself is fine.',
    listedDaysAgo: 27.1,
    art: { camera: 'mi-stack', front: 'punch-hole', color: '#b7d3ea', wallpaperHue: 345, wordmark: 'XIAOMI' },
  },
  {
    seller: 'newSeller',
    categoryId: '2',
    name: 'Redmi Note 13 Pro 256GB Midnight Black',
    model: 'Redmi Note 13 Pro',
    priceCents: usd(249),
    originalPriceCents: usd(349),
    condition: 'Excellent',
    used: '4 months',
    location: 'Seattle, WA',
    authenticity: 'Original',
    features: '256 GB, 8 GB RAM, 200 MP camera with OIS, 6.67" 1.5K AMOLED, 67 W charging, IP54',
    description:
      'Practically new, I got a work phone and do not need two. Includes the charger, the case that came in the box and the original film on the screen.',
    listedDaysAgo: 31.2,
    art: { camera: 'mi-stack', front: 'punch-hole', color: '#23252a', wallpaperHue: 210, wordmark: 'REDMI' },
  },
  {
    seller: 'seller',
    categoryId: '2',
    name: 'Xiaomi 12 256GB Purple',
    model: 'Xiaomi 12',
    priceCents: usd(339),
    originalPriceCents: usd(749),
    condition: 'Good',
    used: '1.5 years',
    location: 'Austin, TX',
    authenticity: 'Original',
    features: '256 GB, 8 GB RAM, Snapdragon 8 Gen 1, 50 MP triple camera, Harman Kardon stereo speakers, 6.28" AMOLED',
    description:
      'Compact flagship with great speakers. The back glass is in perfect condition, slight wear on the frame corners. Charger included.',
    listedDaysAgo: 38.5,
    art: { camera: 'mi-square', front: 'punch-hole', color: '#9a8cc4', wallpaperHue: 270, wordmark: 'XIAOMI' },
  },

  // ----------------------------------------------------------------------------- Samsung ('3')
  {
    seller: 'seller',
    categoryId: '3',
    name: 'Galaxy S22 128GB Phantom Black',
    model: 'Galaxy S22',
    priceCents: usd(379),
    originalPriceCents: usd(799),
    condition: 'Excellent',
    used: '1 year',
    location: 'Austin, TX',
    authenticity: 'Original',
    features: '128 GB, 8 GB RAM, 6.1" Dynamic AMOLED 120 Hz, 50 MP triple camera with 3× zoom, IP68, wireless charging',
    description:
      'Compact Galaxy with a great camera. No scratches, always used with a case and screen protector. Unlocked, works with every carrier.',
    listedDaysAgo: 14.2,
    sold: { buyer: 'buyer', bookedDaysAgo: 6.3, paidDaysAgo: 6.29 },
    art: { camera: 'galaxy-contour', front: 'punch-hole', color: '#2a2b2e', wallpaperHue: 235, wordmark: 'SAMSUNG' },
  },
  {
    seller: 'seller',
    categoryId: '3',
    name: 'Galaxy S23 Ultra 256GB Green',
    model: 'Galaxy S23 Ultra',
    priceCents: usd(799),
    originalPriceCents: usd(1199),
    condition: 'Excellent',
    used: '9 months',
    location: 'Houston, TX',
    authenticity: 'Original, with box',
    features: '256 GB, 12 GB RAM, 200 MP camera with 10× optical zoom, built-in S Pen, 6.8" QHD+ 120 Hz, 5000 mAh',
    description:
      'The best Android camera I have owned. S Pen works perfectly. Screen has been protected from day one and is spotless. Full box included.',
    listedDaysAgo: 0.9,
    advertisedDaysAgo: 0.8,
    art: { camera: 'galaxy-ultra', front: 'punch-hole', color: '#3e5245', wallpaperHue: 150, wordmark: 'SAMSUNG' },
    photos: 4,
  },
  {
    seller: 'newSeller',
    categoryId: '3',
    name: 'Galaxy S21 FE 5G 128GB Olive',
    model: 'Galaxy S21 FE 5G',
    priceCents: usd(229),
    originalPriceCents: usd(699),
    condition: 'Good',
    used: '2 years',
    location: 'Seattle, WA',
    authenticity: 'Original',
    features: '128 GB, 6 GB RAM, 6.4" 120 Hz AMOLED, triple camera, IP68, wireless charging, 5G',
    description:
      'Reliable and water resistant. Light scratches on the plastic back, screen is very good. Selling because I upgraded.',
    listedDaysAgo: 2.2,
    advertisedDaysAgo: 1.9,
    art: { camera: 'galaxy-contour', front: 'punch-hole', color: '#7a7d5c', wallpaperHue: 90, wordmark: 'SAMSUNG' },
  },
  {
    seller: 'seller',
    categoryId: '3',
    name: 'Galaxy A54 5G 128GB Awesome Violet',
    model: 'Galaxy A54 5G',
    priceCents: usd(229),
    originalPriceCents: usd(449),
    condition: 'Excellent',
    used: '8 months',
    location: 'Dallas, TX',
    authenticity: 'Original',
    features: '128 GB, 8 GB RAM, 6.4" Super AMOLED 120 Hz, 50 MP camera with OIS, IP67, 5000 mAh',
    description: 'Glass back, no scratches. Great battery life, easily two days. Comes with a Samsung clear case.',
    listedDaysAgo: 5.1,
    art: { camera: 'galaxy-floating', front: 'punch-hole', color: '#c9b8e3', wallpaperHue: 280, wordmark: 'SAMSUNG' },
  },
  {
    seller: 'newSeller',
    categoryId: '3',
    name: 'Galaxy S20 128GB Cloud Blue',
    model: 'Galaxy S20',
    priceCents: usd(199),
    originalPriceCents: usd(999),
    condition: 'Fair',
    used: '3 years',
    location: 'Portland, OR',
    authenticity: 'Original',
    features: '128 GB, 8 GB RAM, 6.2" QHD+ 120 Hz, 64 MP telephoto, IP68, wireless charging',
    description:
      'Well used but everything works: cameras, speakers, fingerprint reader, wireless charging. Scratches on the back and a small mark on the screen near the top.',
    listedDaysAgo: 7.7,
    art: { camera: 'galaxy-module', front: 'punch-hole', color: '#9fc4e3', wallpaperHue: 190, wordmark: 'SAMSUNG' },
  },
  {
    seller: 'seller',
    categoryId: '3',
    name: 'Galaxy A14 64GB Black',
    model: 'Galaxy A14',
    priceCents: usd(89),
    originalPriceCents: usd(199),
    condition: 'Good',
    used: '1 year',
    location: 'San Antonio, TX',
    authenticity: 'Original',
    features: '64 GB, 4 GB RAM, 6.6" FHD+ display, 50 MP triple camera, 5000 mAh, microSD slot, headphone jack',
    description: 'Budget phone in good working order. Minor scuffs on the back. Ideal as a first smartphone.',
    listedDaysAgo: 10.9,
    art: { camera: 'galaxy-floating', front: 'punch-hole', color: '#1f2023', wallpaperHue: 20, wordmark: 'SAMSUNG' },
  },
  {
    seller: 'seller',
    categoryId: '3',
    name: 'Galaxy S22 Ultra 256GB Burgundy',
    model: 'Galaxy S22 Ultra',
    priceCents: usd(549),
    originalPriceCents: usd(1199),
    condition: 'Good',
    used: '1.5 years',
    location: 'Austin, TX',
    authenticity: 'Original',
    features: '256 GB, 12 GB RAM, 108 MP camera with 10× zoom, S Pen, 6.8" QHD+ 120 Hz, 45 W charging',
    description:
      'Power user phone with the S Pen. Small scratches on the frame, screen and back glass are clean. Battery holds up well.',
    listedDaysAgo: 17.4,
    advertisedDaysAgo: 6.1,
    art: { camera: 'galaxy-ultra', front: 'punch-hole', color: '#6e2d36', wallpaperHue: 350, wordmark: 'SAMSUNG' },
  },
  {
    seller: 'newSeller',
    categoryId: '3',
    name: 'Galaxy S23 128GB Cream',
    model: 'Galaxy S23',
    priceCents: usd(549),
    originalPriceCents: usd(799),
    condition: 'Excellent',
    used: '7 months',
    location: 'Seattle, WA',
    authenticity: 'Original, with box',
    features: '128 GB, 8 GB RAM, Snapdragon 8 Gen 2 for Galaxy, 6.1" 120 Hz AMOLED, 50 MP triple camera, IP68',
    description:
      'Compact and fast, the cream colour looks great. Flawless condition, in the original box with the cable.',
    listedDaysAgo: 20.8,
    art: { camera: 'galaxy-floating', front: 'punch-hole', color: '#e9e4d8', wallpaperHue: 40, wordmark: 'SAMSUNG' },
  },
  {
    seller: 'seller',
    categoryId: '3',
    name: 'Galaxy Note20 Ultra 256GB Mystic Bronze',
    model: 'Galaxy Note20 Ultra 5G',
    priceCents: usd(399),
    originalPriceCents: usd(1299),
    condition: 'Good',
    used: '3 years',
    location: 'Houston, TX',
    authenticity: 'Original',
    features: '256 GB, 12 GB RAM, 6.9" QHD+ 120 Hz, 108 MP camera, 5× optical zoom, S Pen, 5G',
    description:
      'The last of the Note line. Still fast, huge beautiful screen. Light wear on the edges, S Pen included.',
    listedDaysAgo: 25.6,
    art: { camera: 'galaxy-module', front: 'punch-hole', color: '#c9a68e', wallpaperHue: 25, wordmark: 'SAMSUNG' },
  },
  {
    seller: 'seller',
    categoryId: '3',
    name: 'Galaxy A34 5G 128GB Awesome Lime',
    model: 'Galaxy A34 5G',
    priceCents: usd(199),
    originalPriceCents: usd(399),
    condition: 'Excellent',
    used: '6 months',
    location: 'Dallas, TX',
    authenticity: 'Original',
    features: '128 GB, 6 GB RAM, 6.6" Super AMOLED 120 Hz, 48 MP camera with OIS, IP67, 5000 mAh',
    description: 'Fun lime colour and a smooth screen. No marks, always in a case. Charging cable included.',
    listedDaysAgo: 32.3,
    art: { camera: 'galaxy-floating', front: 'punch-hole', color: '#d7e6a3', wallpaperHue: 120, wordmark: 'SAMSUNG' },
  },
  {
    seller: 'newSeller',
    categoryId: '3',
    name: 'Galaxy S21 128GB Phantom Violet',
    model: 'Galaxy S21 5G',
    priceCents: usd(289),
    originalPriceCents: usd(799),
    condition: 'Good',
    used: '2 years',
    location: 'Tacoma, WA',
    authenticity: 'Original',
    features: '128 GB, 8 GB RAM, 6.2" 120 Hz Dynamic AMOLED, 64 MP triple camera, 8K video, IP68',
    description:
      'Contour-cut camera in that great violet and gold. A few small marks on the frame, screen protector applied since new.',
    listedDaysAgo: 36.9,
    art: { camera: 'galaxy-contour', front: 'punch-hole', color: '#6d5a91', wallpaperHue: 300, wordmark: 'SAMSUNG' },
  },
  {
    seller: 'seller',
    categoryId: '3',
    name: 'Galaxy A53 5G 128GB Awesome Peach',
    model: 'Galaxy A53 5G',
    priceCents: usd(179),
    originalPriceCents: usd(449),
    condition: 'Good',
    used: '1.5 years',
    location: 'San Antonio, TX',
    authenticity: 'Original',
    features: '128 GB, 6 GB RAM, 6.5" Super AMOLED 120 Hz, 64 MP quad camera, IP67, 5000 mAh',
    description:
      'Solid mid-range phone. Some light scratches on the matte back, screen is perfect. Comes with a spare case.',
    listedDaysAgo: 41.5,
    art: { camera: 'galaxy-module', front: 'punch-hole', color: '#f3c8b4', wallpaperHue: 15, wordmark: 'SAMSUNG' },
  },
];

// ----------------------------------------------------------------------------- Buying activity
// What the demo buyers are in the middle of, so My Orders, My Wishlist, My Sales and the admin's
// Reported Items have something to show. Listings are named; all of them are for sale and not
// advertised (the home grid and the browser tests' phones stay as they are).

/** An open (booked, unpaid) order. */
/**
 * Earlier sales of two demo models, each a sold phone with its paid order and payment: enough
 * recent sales (≥ 5 in the last 180 days, in the listing's condition) that the fair-price guide
 * gives their listings a typical price from sales; every other model falls back to the phones for
 * sale. Each shares the model, storage and picture of the listing named by `like`, in another
 * colour (so its name is never that listing's); new.seller@ sold them all, to buyer2@.
 */
export interface DemoPastSale {
  like: string;
  name: string;
  condition: DemoListing['condition'];
  priceCents: number;
  paidDaysAgo: number;
}

const pastSale = (
  like: string,
  name: string,
  condition: DemoListing['condition'],
  dollars: number,
  paidDaysAgo: number,
): DemoPastSale => ({ like, name, condition, priceCents: usd(dollars), paidDaysAgo });

export const demoPastSales: readonly DemoPastSale[] = [
  // iPhone 13 Pro 128GB, for sale at $589 (Excellent): typical $635 from 6 sales in Excellent condition.
  ...(
    [
      ['iPhone 13 Pro 128GB Graphite', 'Excellent', 600, 12],
      ['iPhone 13 Pro 128GB Gold', 'Excellent', 610, 33],
      ['iPhone 13 Pro 128GB Silver', 'Excellent', 625, 51],
      ['iPhone 13 Pro 128GB Alpine Green', 'Excellent', 645, 78],
      ['Apple iPhone 13 Pro 128GB Graphite', 'Excellent', 650, 104],
      ['Unlocked iPhone 13 Pro 128GB Sierra Blue', 'Excellent', 660, 149],
      ['Apple iPhone 13 Pro 128GB Gold', 'Good', 540, 60],
    ] as const
  ).map(([name, condition, dollars, days]) =>
    pastSale('iPhone 13 Pro 128GB Sierra Blue', name, condition, dollars, days),
  ),
  // Galaxy S23 128GB, for sale at $549 (Excellent): typical $540 from 5 sales.
  ...(
    [
      ['Galaxy S23 128GB Phantom Black', 520, 9],
      ['Galaxy S23 128GB Green', 530, 40],
      ['Galaxy S23 128GB Lavender', 540, 66],
      ['Samsung Galaxy S23 128GB Phantom Black', 545, 97],
      ['Unlocked Galaxy S23 128GB Cream', 560, 130],
    ] as const
  ).map(([name, dollars, days]) => pastSale('Galaxy S23 128GB Cream', name, 'Excellent', dollars, days)),
];

/** An earlier sale's IMEI: made up but valid, of its own (the listings' come from demoPhoneFacts). */
export const demoPastSaleImei = (index: number) =>
  imeiWithCheckDigit(
    `35${String(409_900 + index * 17).padStart(6, '0')}${String(276_148 + index * 6_133).padStart(6, '0')}`,
  );

export interface DemoBooking {
  buyer: DemoBuyerKey;
  listing: string;
  bookedDaysAgo: number;
}

export const demoBookings: readonly DemoBooking[] = [
  { buyer: 'buyer', listing: 'Galaxy Note20 Ultra 256GB Mystic Bronze', bookedDaysAgo: 0.4 },
];

export interface DemoWishlistItem {
  buyer: DemoBuyerKey;
  listing: string;
  addedDaysAgo: number;
}

export const demoWishlist: readonly DemoWishlistItem[] = [
  // Kept in mind first, then booked (above): My Wishlist shows its order.
  { buyer: 'buyer', listing: 'Galaxy Note20 Ultra 256GB Mystic Bronze', addedDaysAgo: 3.1 },
  { buyer: 'buyer', listing: 'Xiaomi 13T 256GB Alpine Blue', addedDaysAgo: 0.9 },
];

/** An open report, waiting for an admin. */
export interface DemoReport {
  reporter: DemoBuyerKey;
  listing: string;
  reason: ReportReason;
  text: string;
  reportedDaysAgo: number;
}

export const demoReports: readonly DemoReport[] = [
  {
    reporter: 'buyer2',
    listing: 'iPhone XR 64GB White',
    reason: 'wrong_description',
    text:
      'The listing says the replaced screen works fine, but when I called, the seller told me Face ID stopped ' +
      'working after the repair. That is not in the description.',
    reportedDaysAgo: 1.3,
  },
];

const carriers = ['Verizon', 'T-Mobile', 'AT&T'] as const;

/**
 * The phone facts of a demo listing, read from what its name and features already say (storage,
 * colour, battery health when given), so the facts and the texts agree. Every fourth phone not
 * described as unlocked is locked to a carrier. The IMEI is made up but valid (Luhn), one per
 * listing, the same on every seed.
 */
export const demoPhoneFacts = (listing: DemoListing, index: number) => {
  const [, storage, colour] = /(\d+)GB (.+)$/.exec(listing.name) ?? [];
  if (storage === undefined || colour === undefined) throw new Error(`No storage in the name of ${listing.name}`);
  const battery = /battery health (\d+)%|battery \((\d+)%\)/.exec(listing.features);
  const unlocked = /unlocked/i.test(listing.description) || index % 4 !== 3;
  return {
    storageGb: Number(storage),
    colour,
    networkLock: unlocked ? unlockedNetwork : carriers[index % carriers.length]!,
    // The figure the features give; a made-up one for most others; some sellers leave it out.
    batteryHealth: battery ? Number(battery[1] ?? battery[2]) : index % 3 === 2 ? null : 80 + ((index * 7) % 19),
    imei: imeiWithCheckDigit(
      `35${String(209_900 + index * 13).padStart(6, '0')}${String(176_148 + index * 7_919).padStart(6, '0')}`,
    ),
  };
};

export interface DemoRating {
  /** The earlier sale (demoPastSales) it rates, by the sold phone's name. */
  sale: string;
  stars: number;
  comment: string | null;
  /** The seller's reply, if any. */
  reply?: string;
}

/**
 * buyer2@'s ratings of new.seller@ for the earlier sales (all completed), so the cards show a
 * rating. The newest sale (the Galaxy S23 Phantom Black, 9 days ago) is left to rate: My Orders
 * offers "Rate the seller" on it.
 */
export const demoRatings: readonly DemoRating[] = [
  { sale: 'iPhone 13 Pro 128GB Graphite', stars: 5, comment: 'Exactly as described, met on time. Great seller!' },
  {
    sale: 'Galaxy S23 128GB Green',
    stars: 4,
    comment: 'Phone is great, one tiny scratch the photos did not show.',
    reply: 'Thanks! Sorry about the scratch, I will take closer photos next time.',
  },
  { sale: 'iPhone 13 Pro 128GB Gold', stars: 5, comment: null },
  { sale: 'iPhone 13 Pro 128GB Silver', stars: 5, comment: 'Battery health was even better than listed.' },
  { sale: 'Galaxy S23 128GB Lavender', stars: 4, comment: 'Smooth hand-over.' },
  { sale: 'iPhone 13 Pro 128GB Alpine Green', stars: 5, comment: 'Would buy again.' },
];
