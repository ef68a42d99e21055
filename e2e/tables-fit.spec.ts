/**
 * Every dashboard table fits its frame beside the sidebar, from a 1024 px laptop to a 1920 px
 * screen (and on a phone and a tablet): its frame never scrolls sideways, nor does the page, and no
 * cell breaks a word across two lines ("Galax/y"): names wrap between words, emails before their
 * punctuation. Each role's pages are filled with long names, emails, places and texts made through
 * the API (fresh accounts and phones), and read at each width.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  accountTexts,
  adminTexts,
  orderProgressTexts,
  type Order,
  type PaymentIntent,
  type Product,
} from '@recell/contract';
import {
  adminRows,
  createPhone,
  messagesCaption,
  reportPhone,
  searchAccounts,
  sendContactMessage,
  signUpAccount,
  type FreshAccount,
} from './support/admin.ts';
import { demoAccount, signIn } from './support/auth.ts';
import { bookThroughApi } from './support/buying.ts';
import { uniqueToken } from './support/listings.ts';

/** 1024, 1366 and 1920 px, a phone's 360 px, and laptops' 1152 and 1280 px, where tables turn into cards. */
const widths = [360, 1024, 1152, 1280, 1366, 1920];

// Each test reads its tables at six widths, after signing in.
test.describe.configure({ timeout: 90_000 });

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

// ---------------------------------------------------------------------------------------------
// Long records

/** Books and pays for `phone` as `buyer` (the test-mode processor's card). */
const buyThroughApi = async (request: APIRequestContext, buyer: FreshAccount, phone: Product, location: string) => {
  const order = await bookThroughApi(request, buyer.token, { productId: phone.id, phone: '5035550123', location });
  const intentAnswer = await request.post(`/api/orders/${order.id}/payment-intent`, { headers: bearer(buyer.token) });
  expect(intentAnswer.status(), await intentAnswer.text()).toBe(200);
  const intent = (await intentAnswer.json()) as PaymentIntent;
  const confirmed = await request.post(`/api/test-processor/payment-intents/${intent.paymentIntentId}/confirm`, {
    data: { clientSecret: intent.clientSecret, number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const paid = await request.post(`/api/orders/${order.id}/pay`, {
    headers: bearer(buyer.token),
    data: { paymentIntentId: intent.paymentIntentId },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return (await paid.json()) as Order;
};

const post = async (request: APIRequestContext, path: string, token: string, data?: object) => {
  const response = await request.post(path, { headers: bearer(token), data });
  expect(response.ok(), `POST ${path}: ${response.status()} ${await response.text()}`).toBe(true);
};

const trackingNote = 'UPS Ground 1Z999AA10123456784, left with the concierge at the front desk';

/**
 * A seller and a buyer with long names and emails; three phones with long names and places: one
 * bought, shipped with a tracking note and reported as a problem, one booked, one advertised and
 * reported (it has an IMEI: Block IMEI shows); both of the others in the buyer's wishlist; and a
 * visitor's long message.
 */
const makeLongRecords = async (request: APIRequestContext) => {
  const token = uniqueToken();
  const seller = await signUpAccount(
    request,
    'seller',
    `Maximilian Alexander Montgomery-Fitzgerald ${token}`,
    `maximilian.alexander.montgomery-fitzgerald.${token}@recell-marketplace.example.com`,
  );
  const buyer = await signUpAccount(
    request,
    'user',
    `Bartholomew Christopherson-Villanueva ${token}`,
    `bartholomew.christopherson-villanueva.${token}@longmail.example.co.uk`,
  );
  const phone = (name: string, location: string) =>
    createPhone(request, seller, { name: `${name} ${token}`, model: `Model${token}`, categoryId: '3', location });
  const shipped = await phone(
    'Samsung Galaxy S23 Ultra 512GB Phantom Black Enterprise Edition',
    'Rancho Santa Margarita, California',
  );
  const booked = await phone('Xiaomi Redmi Note 13 Pro+ 5G 512GB Aurora Purple', 'Saint-Jean-sur-Richelieu, Quebec');
  const forSale = await phone('Galaxy Z Fold5 1TB Icy Blue Unlocked', 'Winston-Salem, North Carolina');

  const order = await buyThroughApi(request, buyer, shipped, 'Rancho Santa Margarita Community Park, north entrance');
  await post(request, `/api/orders/${order.id}/shipped`, seller.token, { trackingNote });
  await post(request, `/api/orders/${order.id}/problems`, buyer.token, {
    reason:
      'The screen has a hairline crack near the camera that the listing did not mention.\n' +
      'The box also had no charger, although the description promised the original accessories.',
  });
  await bookThroughApi(request, buyer.token, {
    productId: booked.id,
    phone: '5035550123',
    location: 'Saint-Jean-sur-Richelieu bus terminal',
  });
  await post(request, `/api/products/${forSale.id}/advertise`, seller.token);
  for (const wished of [booked, forSale]) {
    const response = await request.put(`/api/me/wishlist/${wished.id}`, { headers: bearer(buyer.token) });
    expect(response.status(), 'PUT /api/me/wishlist/:productId').toBe(204);
  }
  await reportPhone(request, buyer, forSale.id, {
    reason: 'wrong_description',
    text: 'The phone in the photos is a different colour from the one described.',
  });
  const visitor = `Guinevere Penelope Harrington-Whitfield ${token}`;
  await sendContactMessage(request, {
    name: visitor,
    email: `guinevere.penelope.harrington-whitfield.${token}@university-of-somewhere.example.edu`,
    message:
      'Hello! I bought a phone last week and would like to know how the refund window works when the ' +
      'seller ships it instead of meeting in person.\n\nThanks in advance for a quick answer.',
  });
  return { seller, buyer, shipped, booked, forSale, visitor };
};

// ---------------------------------------------------------------------------------------------
// What is measured

type TableReading = {
  caption: string;
  rows: number;
  frameWidth: number;
  scrollWidth: number;
  /** Words (runs of letters and digits) drawn on more than one line. */
  brokenWords: string[];
  /** Texts whose style lets a line break anywhere inside a word. */
  breakAnywhere: string[];
};

/**
 * Every table of the page as it is drawn now: its frame's widths, and the words of its cells (and
 * visible header cells) that are split over two lines. A machine's id (set as code) has no words.
 */
const readTables = (page: Page) =>
  page.evaluate(() => {
    const isHidden = (element: Element, table: Element) => {
      if (element.getClientRects().length === 0) return true;
      for (let at: Element | null = element; at && at !== table; at = at.parentElement)
        if (getComputedStyle(at).clipPath !== 'none') return true; // visually hidden (sr-only)
      return false;
    };
    const tables = Array.from(document.querySelectorAll('main table')).map((table): TableReading => {
      const frame = table.parentElement!;
      const brokenWords: string[] = [];
      const breakAnywhere: string[] = [];
      for (const cell of Array.from(table.querySelectorAll('th, td'))) {
        for (const element of [cell, ...Array.from(cell.querySelectorAll('*'))]) {
          if (element.closest('code')) continue;
          const style = getComputedStyle(element);
          if (style.wordBreak === 'break-all' || style.overflowWrap === 'anywhere')
            breakAnywhere.push((element.textContent ?? '').trim().slice(0, 40));
        }
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node as Text;
          const parent = text.parentElement;
          if (!parent || parent.closest('code') || isHidden(parent, table)) continue;
          for (const match of text.data.matchAll(/[\p{L}\p{N}]+/gu)) {
            const range = document.createRange();
            range.setStart(text, match.index);
            range.setEnd(text, match.index + match[0].length);
            const lines = new Set(
              Array.from(range.getClientRects())
                .filter((rect) => rect.width > 0)
                .map((rect) => Math.round(rect.top)),
            );
            if (lines.size > 1) brokenWords.push(match[0]);
          }
        }
      }
      return {
        caption: table.querySelector('caption')?.textContent ?? '',
        rows: table.querySelectorAll('tbody > tr').length,
        frameWidth: frame.clientWidth,
        scrollWidth: frame.scrollWidth,
        brokenWords,
        breakAnywhere,
      };
    });
    return {
      tables,
      page: { scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth },
    };
  });

/** At every width: the page's tables (`captions`, with rows) fit their frames and keep their words whole. */
const expectTablesFit = async (page: Page, captions: string[]) => {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    // The layout follows the new width (container queries included) by the next frame.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const reading = await readTables(page);
    expect(
      reading.tables.map((table) => table.caption),
      `the tables at ${width} px`,
    ).toEqual(captions);
    expect(reading.page.scrollWidth, `the page does not scroll sideways at ${width} px`).toBeLessThanOrEqual(
      reading.page.clientWidth,
    );
    for (const table of reading.tables) {
      const at = `${table.caption} at ${width} px`;
      expect(table.rows, `${at}: rows`).toBeGreaterThan(0);
      expect(table.scrollWidth, `${at}: the table fits its ${table.frameWidth} px frame`).toBeLessThanOrEqual(
        table.frameWidth,
      );
      expect(table.brokenWords, `${at}: words split over two lines`).toEqual([]);
      expect(table.breakAnywhere, `${at}: texts that may break inside a word`).toEqual([]);
    }
  }
};

/**
 * Opens a dashboard page (signed in) and waits for its heading and its table's rows (the page's code
 * loads on the way: on a busy machine that takes a while).
 */
const openTablePage = async (page: Page, path: string, heading: string, caption: string) => {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(
    page.getByRole('main').getByRole('table', { name: caption, exact: true }).getByRole('row').nth(1),
  ).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
};

// ---------------------------------------------------------------------------------------------
// The pages, role by role

let records: Awaited<ReturnType<typeof makeLongRecords>>;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  records = await makeLongRecords(request);
  await request.dispose();
});

test.describe("a buyer's tables", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, records.buyer.email, records.buyer.password);
  });

  // My Orders and My Sales are being reshaped (one short status and a link to the order's page):
  // their cells still let names and emails break anywhere. To be enabled with that change.
  test.fixme('My Orders fits at every width, words whole', async ({ page }) => {
    await openTablePage(page, '/dashboard/my-orders', accountTexts.myOrders, accountTexts.myOrders);
    await expectTablesFit(page, [accountTexts.myOrders]);
  });

  test('My Wishlist fits at every width, words whole', async ({ page }) => {
    await openTablePage(page, '/dashboard/my-wishlist', accountTexts.myWishlist, accountTexts.myWishlist);
    await expectTablesFit(page, [accountTexts.myWishlist]);
  });
});

test.describe("a seller's tables", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, records.seller.email, records.seller.password);
  });

  test('My Products fits at every width, words whole', async ({ page }) => {
    await openTablePage(page, '/dashboard/my-products', accountTexts.myProducts, accountTexts.myProducts);
    await expectTablesFit(page, [accountTexts.myProducts]);
  });

  // Being reshaped with My Orders (see there): to be enabled with that change.
  test.fixme('My Sales fits at every width, words whole', async ({ page }) => {
    await openTablePage(page, '/dashboard/my-sales', accountTexts.mySales, accountTexts.mySales);
    await expectTablesFit(page, [accountTexts.mySales]);
  });
});

test.describe("the admin's tables", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, demoAccount('admin').email);
  });

  test('All Users and All Sellers fit at every width, words whole', async ({ page }) => {
    for (const [caption, account] of [
      [accountTexts.allUsers, records.buyer],
      [accountTexts.allSellers, records.seller],
    ] as const) {
      await page.goto(caption === accountTexts.allUsers ? '/dashboard/all-users' : '/dashboard/all-sellers');
      await searchAccounts(page, caption, account.email);
      await expect(adminRows(page, caption, account.name)).toHaveCount(1);
      await expectTablesFit(page, [caption]);
    }
  });

  test('Reported Items fits at every width, words whole', async ({ page }) => {
    await openTablePage(page, '/dashboard/reported-items', accountTexts.reportedItems, accountTexts.reportedItems);
    const row = adminRows(page, accountTexts.reportedItems, records.forSale.name);
    await expect(row.getByRole('button', { name: adminTexts.blockImei, exact: true })).toBeVisible();
    await expectTablesFit(page, [accountTexts.reportedItems]);
  });

  test('Order problems fits at every width, words whole, with the tracking note as the buyer read it', async ({
    page,
  }) => {
    const { adminTitle } = orderProgressTexts;
    await openTablePage(page, '/dashboard/order-problems', adminTitle, adminTitle);
    const row = adminRows(page, adminTitle, records.shipped.name);
    await expect(row.getByText(orderProgressTexts.trackingNoteShown(trackingNote), { exact: true })).toBeVisible();
    // The seller's form asks for a "Tracking note (optional)"; the admin reads a note, not a form.
    await expect(row.getByText(orderProgressTexts.trackingNote)).toHaveCount(0);
    await expectTablesFit(page, [adminTitle]);
  });

  test('Messages fits at every width, words whole', async ({ page }) => {
    const caption = messagesCaption('inbox');
    await openTablePage(page, '/dashboard/messages', accountTexts.contactMessages, caption);
    await expect(adminRows(page, caption, records.visitor)).toHaveCount(1);
    await expectTablesFit(page, [caption]);
  });

  test('Audit Log fits at every width, words whole', async ({ page }) => {
    await openTablePage(page, '/dashboard/audit-log', accountTexts.auditLog, accountTexts.auditLog);
    await expect(page.getByRole('main').getByText(records.buyer.name, { exact: true }).first()).toBeVisible();
    await expectTablesFit(page, [accountTexts.auditLog]);
  });
});
