import { messages, webTexts } from '@recell/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuthContextValue } from '@/features/auth';
import { AdvertisedSection } from '@/features/catalogue';
import { apiError, mockApi, noContent } from '@/test/api-mock';
import { jsonResponse, makeMe, makeProduct, pageOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { deferred } from '@/test/fixtures';

const buyer: AuthContextValue = { status: 'signedIn', user: makeMe(), logout: async () => {} };
const pixel = makeProduct({ id: '11111111-1111-4111-8111-111111111111', name: 'Pixel 7' });
const galaxy = makeProduct({ id: '22222222-2222-4222-8222-222222222222', name: 'Galaxy S21' });

const cardOf = async (name: string) =>
  within(
    (await screen.findAllByRole('article')).find((card) => within(card).queryByRole('heading', { name })) ??
      (() => {
        throw new Error(`no card ${name}`);
      })(),
  );

/** The advertised grid, and the buyer's wishlist as the API keeps it (PUT and DELETE change it). */
const serve = (initial: string[], routes: Parameters<typeof mockApi>[0] = {}) => {
  let ids = [...initial];
  return mockApi({
    'GET /api/advertised': () => jsonResponse(pageOf([pixel, galaxy])),
    'GET /api/me/wishlist/ids': () => jsonResponse({ productIds: ids }),
    [`PUT /api/me/wishlist/${pixel.id}`]: () => {
      ids = [...ids, pixel.id];
      return noContent();
    },
    [`DELETE /api/me/wishlist/${galaxy.id}`]: () => {
      ids = ids.filter((id) => id !== galaxy.id);
      return noContent();
    },
    ...routes,
  });
};

describe('the wishlist heart', () => {
  it("is filled for the buyer's wishlisted phones", async () => {
    serve([galaxy.id]);
    renderWithProviders(<AdvertisedSection />, { auth: buyer });

    expect(
      await (await cardOf('Galaxy S21')).findByRole('button', { name: webTexts.removeFromWishlist }),
    ).toBeInTheDocument();
    expect((await cardOf('Pixel 7')).getByRole('button', { name: webTexts.addToWishlist })).toBeInTheDocument();
  });

  it("adds a phone at once, then says 'Weshlist add Successfully' and asks for the wishlist again", async () => {
    const answer = deferred<Response>();
    const api = serve([], { [`PUT /api/me/wishlist/${pixel.id}`]: () => answer.promise });
    renderWithProviders(<AdvertisedSection />, { auth: buyer });
    const card = await cardOf('Pixel 7');
    await waitFor(() => {
      expect(api.callsTo('GET /api/me/wishlist/ids')).toHaveLength(1);
    });

    await userEvent.click(card.getByRole('button', { name: webTexts.addToWishlist }));

    // filled before the API has answered
    expect(card.getByRole('button', { name: webTexts.removeFromWishlist })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    answer.resolve(noContent());
    expect(await screen.findByRole('status')).toHaveTextContent(messages.wishlistAdded);
    await waitFor(() => {
      expect(api.callsTo('GET /api/me/wishlist/ids')).toHaveLength(2);
    });
    expect(api.callsTo(`PUT /api/me/wishlist/${pixel.id}`)).toHaveLength(1);
  });

  it("removes a phone: an outline heart and 'Weshlist Remove Successfully'", async () => {
    const api = serve([galaxy.id]);
    renderWithProviders(<AdvertisedSection />, { auth: buyer });
    const card = await cardOf('Galaxy S21');

    await userEvent.click(await card.findByRole('button', { name: webTexts.removeFromWishlist }));

    expect(await screen.findByRole('status')).toHaveTextContent(messages.wishlistRemoved);
    expect(card.getByRole('button', { name: webTexts.addToWishlist })).toBeInTheDocument();
    expect(api.callsTo(`DELETE /api/me/wishlist/${galaxy.id}`)).toHaveLength(1);
  });

  it('goes back and says why when the API refuses', async () => {
    serve([], {
      [`PUT /api/me/wishlist/${pixel.id}`]: () => apiError(409, 'conflict', 'Your wishlist holds at most 500 phones'),
    });
    renderWithProviders(<AdvertisedSection />, { auth: buyer });
    const card = await cardOf('Pixel 7');

    await userEvent.click(card.getByRole('button', { name: webTexts.addToWishlist }));

    expect(await screen.findByRole('status')).toHaveTextContent('Your wishlist holds at most 500 phones');
    expect(card.getByRole('button', { name: webTexts.addToWishlist })).toBeInTheDocument();
  });

  it('offers a seller no heart, as only buyer accounts keep a wishlist', async () => {
    const api = serve([]);
    renderWithProviders(<AdvertisedSection />, {
      auth: { status: 'signedIn', user: makeMe({ role: 'seller' }), logout: async () => {} },
    });
    const card = await cardOf('Pixel 7');

    expect(card.queryByRole('button', { name: webTexts.addToWishlist })).not.toBeInTheDocument();
    expect(card.queryByRole('button', { name: webTexts.removeFromWishlist })).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.startsWith('/api/me/wishlist'))).toHaveLength(0);
  });
});
