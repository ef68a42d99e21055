import { deviceCheckTexts, listingTexts, messages } from '@recell/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuthContextValue } from '@/features/auth';
import { apiError, mockApi } from '@/test/api-mock';
import { jsonResponse, makeMe, makeProduct } from '@/test/fixtures';
import { renderWithProviders, signedOut } from '@/test/render';
import { AppRoutes } from '../router';
import ProductPage from './product';

const buyer: AuthContextValue = { status: 'signedIn', user: makeMe(), logout: async () => {} };
const hash = 'ab'.repeat(32);
const phone = makeProduct({
  priceCents: 45_000,
  originalPriceCents: 80_000,
  imageUrl: `/uploads/ab/${hash}.webp`,
});

const serve = (answer: () => Response) => mockApi({ [`GET /api/products/${phone.id}`]: answer });

const renderDetails = (auth: AuthContextValue = buyer) =>
  renderWithProviders(<ProductPage />, { route: `/products/${phone.id}`, path: '/products/:id', auth });

describe("a phone's details page", () => {
  it('shows every field of the listing, the larger picture and the seller with the badge', async () => {
    serve(() => jsonResponse(phone));
    renderDetails();

    expect(await screen.findByRole('heading', { level: 1, name: 'iPhone 13 Pro' })).toBeInTheDocument();
    for (const text of [
      '$450',
      '$800',
      'Apple',
      '13 Pro',
      'Excellent',
      '1 year',
      'Dhaka',
      'Original',
      '128 GB, Face ID',
    ])
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    expect(screen.getByText('Barely used, always in a case.')).toBeInTheDocument();
    expect(screen.getByText('Jan 5, 2025, 3:05 pm')).toBeInTheDocument();

    const image = screen.getByRole('img', { name: 'iPhone 13 Pro' });
    expect(image).toHaveAttribute('src', `/uploads/ab/${hash}.webp`);
    expect(image).toHaveAttribute(
      'srcset',
      `/uploads/ab/${hash}-400.webp 400w, /uploads/ab/${hash}-800.webp 800w, /uploads/ab/${hash}.webp 1600w`,
    );

    const seller = screen.getByRole('region', { name: listingTexts.sellerHeading });
    expect(within(seller).getByText('Rahim Uddin')).toBeInTheDocument();
    expect(within(seller).getByRole('img', { name: 'Verified seller' })).toBeInTheDocument();
    expect(within(seller).getByText('rahim@example.com')).toBeInTheDocument();

    for (const name of ['Add to wishlist', 'Report', 'Book now'])
      expect(screen.getByRole('button', { name })).toBeEnabled();
    expect(screen.queryByText(listingTexts.soldMarker)).not.toBeInTheDocument();
  });

  it('shows the phone facts, the IMEI masked with the "IMEI checked" mark in words', async () => {
    serve(() => jsonResponse(makeProduct({ ...phone, networkLock: 'T-Mobile', storageGb: 1024 })));
    renderDetails();
    await screen.findByRole('heading', { level: 1, name: 'iPhone 13 Pro' });

    const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(fact(listingTexts.storageLabel)).toHaveTextContent('1 TB');
    expect(fact(listingTexts.colourLabel)).toHaveTextContent('Sierra Blue');
    expect(fact(listingTexts.networkLabel)).toHaveTextContent('Locked to T-Mobile');
    expect(fact(listingTexts.batteryHealthLabel)).toHaveTextContent('89%');
    expect(fact(listingTexts.imeiLabel)).toHaveTextContent(`•••••••••••1481${listingTexts.imeiChecked}`);
  });

  it('says when the IMEI was last checked clean at the device-check service, and nothing without such a check', async () => {
    serve(() => jsonResponse({ ...phone, imeiCleanCheckedAt: '2026-11-27T09:30:00.000Z' }));
    const { unmount } = renderDetails();
    await screen.findByRole('heading', { level: 1, name: 'iPhone 13 Pro' });
    expect(screen.getByText('IMEI clean, checked on Nov 27, 2026')).toBeInTheDocument();
    unmount();

    serve(() => jsonResponse(phone));
    renderDetails();
    await screen.findByRole('heading', { level: 1, name: 'iPhone 13 Pro' });
    expect(screen.queryByText(/IMEI clean, checked on/)).not.toBeInTheDocument();
    expect(deviceCheckTexts.cleanOn('2026-01-05T23:59:00.000Z')).toBe('IMEI clean, checked on Jan 5, 2026');
  });

  it('leaves out the facts of a listing made before them, and the mark of an IMEI that is not checked', async () => {
    serve(() =>
      jsonResponse(
        makeProduct({
          ...phone,
          storageGb: null,
          colour: null,
          networkLock: null,
          batteryHealth: null,
          imeiMasked: null,
          imeiChecked: false,
        }),
      ),
    );
    renderDetails();
    await screen.findByRole('heading', { level: 1, name: 'iPhone 13 Pro' });
    for (const term of [listingTexts.storageLabel, listingTexts.networkLabel, listingTexts.imeiLabel])
      expect(screen.queryByText(term, { selector: 'dt' })).not.toBeInTheDocument();
    expect(screen.queryByText(listingTexts.imeiChecked)).not.toBeInTheDocument();
  });

  it('says how far below the original price it is', async () => {
    serve(() => jsonResponse(phone));
    renderDetails();

    expect(await screen.findByText('$350 less than the original price (44% off)')).toBeInTheDocument();
  });

  it('shows the price before a drop as "was", struck through, and nothing when there was none', async () => {
    serve(() => jsonResponse({ ...phone, previousPriceCents: 50_000 }));
    const { unmount } = renderDetails();
    // The words and the struck-through price are one piece of text to the reader.
    const was = await screen.findByText((_, element) => element?.textContent === `${listingTexts.wasPrice} $500`);
    expect(was.querySelector('s')).toHaveTextContent('$500');
    unmount();

    serve(() => jsonResponse(phone));
    renderDetails();
    expect(await screen.findByRole('heading', { level: 1, name: 'iPhone 13 Pro' })).toBeInTheDocument();
    expect(
      screen.queryByText((_, element) => element?.textContent?.startsWith(`${listingTexts.wasPrice} `) ?? false),
    ).not.toBeInTheDocument();
  });

  it('marks a sold phone, which cannot be booked', async () => {
    serve(() => jsonResponse({ ...phone, status: 'sold' }));
    renderDetails();

    expect(await screen.findByText(listingTexts.soldMarker)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book now' })).toBeDisabled();
  });

  it('sends a signed-out visitor who presses the heart to login, remembering the phone', async () => {
    serve(() => jsonResponse(phone));
    renderDetails(signedOut);

    await userEvent.click(await screen.findByRole('button', { name: 'Add to wishlist' }));
    const location = screen.getByTestId('location');
    expect(location).toHaveTextContent('/login');
    expect(JSON.parse(location.dataset.state ?? 'null')).toMatchObject({ from: { pathname: `/products/${phone.id}` } });
  });

  it('shows someone signed in the seller’s email when the answer it came with was a visitor’s (a page the server rendered)', async () => {
    const { email, ...visitorsSeller } = phone.seller;
    const answers = [jsonResponse({ ...phone, seller: visitorsSeller }), jsonResponse(phone)];
    serve(() => answers.shift() ?? jsonResponse(phone));
    renderDetails();

    const seller = await screen.findByRole('region', { name: listingTexts.sellerHeading });
    expect(await within(seller).findByText(email!)).toBeInTheDocument();
    expect(answers).toEqual([]);
  });

  it('asks a visitor’s answer once only: a visitor is given no email', async () => {
    const { email: _, ...visitorsSeller } = phone.seller;
    let calls = 0;
    serve(() => {
      calls += 1;
      return jsonResponse({ ...phone, seller: visitorsSeller });
    });
    renderDetails(signedOut);

    expect(await screen.findByRole('heading', { level: 1, name: 'iPhone 13 Pro' })).toBeInTheDocument();
    expect(calls).toBe(1);
  });

  it('answers a phone that does not exist (or was removed) with the 404 page', async () => {
    serve(() => apiError(404, 'not_found', 'This phone was not found. It may have been removed.'));
    renderWithProviders(<AppRoutes />, { route: `/products/${phone.id}`, auth: buyer });

    expect(await screen.findByRole('heading', { level: 1, name: messages.notFoundTitle })).toBeInTheDocument();
  });
});

describe('the discount text', () => {
  it.each([
    [45_000, 80_000, '$350 less than the original price (44% off)'],
    [44_999, 79_900, '$349.01 less than the original price (44% off)'],
    [50_000, 50_000, null],
  ])('%i cents against %i cents: %s', (price, original, text) => {
    expect(listingTexts.belowOriginal(price, original)).toBe(text);
  });
});
