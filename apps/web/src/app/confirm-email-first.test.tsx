import {
  accessTexts,
  accountTexts,
  buyingTexts,
  recoveryMessages,
  recoveryTexts,
  webTexts,
  type Role,
} from '@recell/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppRoutes } from '@/app/router';
import type { AuthContextValue } from '@/features/auth';
import { AdvertisedSection } from '@/features/catalogue';
import { getSessionState } from '@/lib/session';
import { apiError, apiServer, mockApi } from '@/test/api-mock';
import { jsonResponse, makeMe, makeOrder, makeProduct, makeSession, pageOf } from '@/test/fixtures';
import { renderWithProviders, renderWithSession } from '@/test/render';

const unconfirmed = (role: Role): AuthContextValue => ({
  status: 'signedIn',
  user: makeMe({ role, isEmailConfirmed: false }),
  logout: async () => {},
});
const phone = makeProduct();
const resent = () => jsonResponse({ message: recoveryMessages.confirmationSent });

const openBooking = async () => {
  const card = await screen.findByRole('article');
  const bookNow = within(card).getByRole('button', { name: webTexts.bookNow });
  // (it waits, disabled, until the session is known)
  await waitFor(() => {
    expect(bookNow).toBeEnabled();
  });
  await userEvent.click(bookNow);
  return screen.findByRole('dialog', { name: buyingTexts.bookTitle(phone.name) });
};

describe('a form that needs a confirmed email says so before it is filled in', () => {
  beforeEach(() => {
    apiServer.use(http.get('*/api/me/messages/unread', () => jsonResponse({ total: 0, orders: [] })));
  });

  it('booking: the dialog says why instead of the form, and Resend sends a new link', async () => {
    const { callsTo } = mockApi({
      'GET /api/advertised': () => jsonResponse(pageOf([phone])),
      'GET /api/me/wishlist/ids': () => jsonResponse({ productIds: [] }),
      'GET /api/me/orders/product-ids': () => jsonResponse({ productIds: [] }),
      'POST /api/me/confirmation-email': resent,
    });
    renderWithProviders(<AdvertisedSection />, { auth: unconfirmed('user') });

    const dialog = within(await openBooking());
    expect(dialog.getByText(accessTexts.confirmToBook)).toBeInTheDocument();
    expect(dialog.queryByLabelText(buyingTexts.phone)).not.toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: buyingTexts.submitOrder })).not.toBeInTheDocument();

    await userEvent.click(dialog.getByRole('button', { name: recoveryTexts.resendButton }));

    expect(await dialog.findByText(recoveryMessages.confirmationSent)).toBeInTheDocument();
    expect(callsTo('POST /api/me/confirmation-email')).toHaveLength(1);
    expect(callsTo('POST /api/orders')).toHaveLength(0);

    await userEvent.click(dialog.getByRole('button', { name: accessTexts.close }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Add Product: the page says why instead of the form', async () => {
    mockApi({ 'GET /api/categories': () => jsonResponse({ items: [] }) });
    renderWithProviders(<AppRoutes />, { route: '/dashboard/addProduct', auth: unconfirmed('seller') });

    expect(await screen.findByRole('heading', { level: 1, name: accountTexts.addProduct })).toBeInTheDocument();
    expect(await screen.findByText(accessTexts.confirmToList)).toBeInTheDocument();
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
    // The dashboard's own notice above holds the one Resend button.
    expect(screen.getAllByRole('button', { name: recoveryTexts.resendButton })).toHaveLength(1);
  });

  it('payment: the page says why, and starts no card payment', async () => {
    const order = makeOrder();
    const { callsTo } = mockApi({ [`GET /api/orders/${order.id}`]: () => jsonResponse(order) });
    renderWithProviders(<AppRoutes />, { route: `/dashboard/orders/payment/${order.id}`, auth: unconfirmed('user') });

    expect(await screen.findByText(accessTexts.confirmToPay)).toBeInTheDocument();
    expect(callsTo(`POST /api/orders/${order.id}/payment-intent`)).toHaveLength(0);
  });

  it('a form shown to an account the server finds unconfirmed turns into the notice; nobody is signed out', async () => {
    const { callsTo } = mockApi({
      'POST /api/auth/refresh': () => jsonResponse(makeSession({ role: 'user' })),
      'GET /api/advertised': () => jsonResponse(pageOf([phone])),
      'GET /api/me/wishlist/ids': () => jsonResponse({ productIds: [] }),
      'GET /api/me/orders/product-ids': () => jsonResponse({ productIds: [] }),
      'POST /api/orders': () => apiError(403, 'email_unconfirmed', recoveryMessages.emailUnconfirmed),
      'POST /api/me/confirmation-email': resent,
    });
    renderWithSession(<AdvertisedSection />);

    const booking = within(await openBooking());
    await userEvent.type(booking.getByLabelText(buyingTexts.phone), '01712345678');
    await userEvent.type(booking.getByLabelText(buyingTexts.location), 'Dhanmondi');
    await userEvent.click(booking.getByRole('button', { name: buyingTexts.submitOrder }));

    // The same dialog, now saying why (a new element: the form's is gone).
    // Found by its role: the new dialog counts once it is open, not when its text is first written.
    await screen.findByText(accessTexts.confirmToBook);
    const notice = within(await screen.findByRole('dialog', { name: buyingTexts.bookTitle(phone.name) }));
    expect(notice.getByText(accessTexts.confirmToBook)).toBeInTheDocument();
    expect(notice.queryByLabelText(buyingTexts.phone)).not.toBeInTheDocument();
    await userEvent.click(notice.getByRole('button', { name: recoveryTexts.resendButton }));
    expect(await notice.findByText(recoveryMessages.confirmationSent)).toBeInTheDocument();

    expect(getSessionState().status).toBe('signedIn');
    expect(callsTo('POST /api/auth/logout')).toHaveLength(0);
    expect(screen.queryByText('User Unuthorized Access')).not.toBeInTheDocument();
  });

  it('gives the form back once the email is confirmed elsewhere and the person comes back', async () => {
    const me = makeMe({ role: 'user', isEmailConfirmed: false });
    let confirmed = false;
    mockApi({
      'POST /api/auth/refresh': () => jsonResponse(makeSession({ ...me })),
      'GET /api/advertised': () => jsonResponse(pageOf([phone])),
      'GET /api/me/wishlist/ids': () => jsonResponse({ productIds: [] }),
      'GET /api/me/orders/product-ids': () => jsonResponse({ productIds: [] }),
      'GET /api/me': () => jsonResponse({ ...me, isEmailConfirmed: confirmed }),
    });
    renderWithSession(<AdvertisedSection />);

    const dialog = within(await openBooking());
    expect(dialog.getByText(accessTexts.confirmToBook)).toBeInTheDocument();

    confirmed = true;
    window.dispatchEvent(new Event('focus'));

    const form = within((await screen.findByLabelText(buyingTexts.phone)).closest('dialog')!);
    expect(form.getByRole('heading', { name: buyingTexts.bookTitle(phone.name) })).toBeInTheDocument();
    expect(screen.queryByText(accessTexts.confirmToBook)).not.toBeInTheDocument();
  });
});
