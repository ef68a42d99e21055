import {
  contactDetailTexts,
  orderMessageMessages,
  orderMessageTexts,
  type OrderMessage,
  type OrderThread as Thread,
} from '@recell/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuthContextValue } from '@/features/auth';
import { apiError, mockApi, noContent } from '@/test/api-mock';
import { jsonResponse, makeMe } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { OrderThread } from './order-thread';

const orderId = '11111111-1111-4111-8111-111111111111';
const buyer: AuthContextValue = { status: 'signedIn', user: makeMe({ role: 'user' }), logout: async () => {} };

const message = (overrides: Partial<OrderMessage>): OrderMessage => ({
  id: crypto.randomUUID(),
  body: 'Hello',
  sentAt: new Date(2025, 1, 3, 21, 7).toISOString(),
  from: 'seller',
  isMine: false,
  contactDetailsHidden: false,
  ...overrides,
});

const threadOf = (items: OrderMessage[], order: Partial<Thread['order']> = {}): Thread => ({
  order: {
    id: orderId,
    status: 'booked',
    productName: 'Galaxy S21',
    buyerName: 'Ada Buyer',
    sellerName: 'Marcus Bennett',
    myPart: 'buyer',
    canWrite: true,
    ...order,
  },
  items,
  nextCursor: null,
});

const threadPath = `/api/orders/${orderId}/messages`;

describe('an order’s messages', () => {
  it('shows a message’s markup as text, never as HTML, with who wrote it', async () => {
    const markup = '<img src="x" alt="injected"><b>bold</b>';
    mockApi({
      [`GET ${threadPath}`]: () => jsonResponse(threadOf([message({ body: markup })])),
      'GET /api/me/messages/unread': () => jsonResponse({ total: 0, orders: [] }),
      [`POST ${threadPath}/read`]: () => noContent(),
    });
    renderWithProviders(<OrderThread orderId={orderId} />, { auth: buyer });

    const log = await screen.findByRole('log', { name: orderMessageTexts.threadLabel });
    expect(within(log).getByText(markup)).toBeInTheDocument();
    expect(within(log).queryByRole('img')).not.toBeInTheDocument();
    expect(log.querySelector('b')).toBeNull();
    expect(within(log).getByText('Marcus Bennett (Seller)')).toBeInTheDocument();
    expect(screen.getByText(orderMessageTexts.withSeller('Marcus Bennett'))).toBeInTheDocument();
  });

  it('sends what is typed in the labelled box, clears it and shows the thread again', async () => {
    const sent: OrderMessage[] = [];
    const api = mockApi({
      [`GET ${threadPath}`]: () => jsonResponse(threadOf(sent)),
      'GET /api/me/messages/unread': () => jsonResponse({ total: 0, orders: [] }),
      [`POST ${threadPath}`]: (call) => {
        const created = message({ body: (call.body as { body: string }).body, from: 'buyer', isMine: true });
        sent.push(created);
        return jsonResponse(created, 201);
      },
    });
    renderWithProviders(<OrderThread orderId={orderId} />, { auth: buyer });

    const box = await screen.findByRole('textbox', { name: orderMessageTexts.messageLabel });
    await userEvent.type(box, '  Can we meet at noon?  ');
    await userEvent.click(screen.getByRole('button', { name: orderMessageTexts.send }));

    expect(await within(screen.getByRole('log')).findByText('Can we meet at noon?')).toBeInTheDocument();
    expect(api.callsTo(`POST ${threadPath}`).map((call) => call.body)).toEqual([{ body: 'Can we meet at noon?' }]);
    expect(box).toHaveValue('');
    expect(within(screen.getByRole('log')).getByText(orderMessageTexts.you)).toBeInTheDocument();
    // The focus is back in the box, for the next message.
    await waitFor(() => {
      expect(box).toHaveFocus();
    });
  });

  it('keeps a refused message in the box, with the focus there, and says why', async () => {
    mockApi({
      [`GET ${threadPath}`]: () => jsonResponse(threadOf([])),
      'GET /api/me/messages/unread': () => jsonResponse({ total: 0, orders: [] }),
      [`POST ${threadPath}`]: () => apiError(503, 'unavailable', 'The service is busy. Please try again.'),
    });
    renderWithProviders(<OrderThread orderId={orderId} />, { auth: buyer });

    const box = await screen.findByRole('textbox', { name: orderMessageTexts.messageLabel });
    await userEvent.type(box, 'Still there?');
    await userEvent.click(screen.getByRole('button', { name: orderMessageTexts.send }));

    expect(await screen.findByText('The service is busy. Please try again.')).toBeInTheDocument();
    expect(box).toHaveValue('Still there?');
    await waitFor(() => {
      expect(box).toHaveFocus();
    });
  });

  it('warns, as it is typed, that contact details will be hidden, and stops warning once they are gone', async () => {
    mockApi({
      [`GET ${threadPath}`]: () => jsonResponse(threadOf([])),
      'GET /api/me/messages/unread': () => jsonResponse({ total: 0, orders: [] }),
    });
    renderWithProviders(<OrderThread orderId={orderId} />, { auth: buyer });

    const box = await screen.findByRole('textbox', { name: orderMessageTexts.messageLabel });
    const status = screen.getByRole('status');
    await userEvent.type(box, 'Is $450 ok for the 128 GB one?');
    expect(status).toBeEmptyDOMElement();
    expect(screen.queryByText(contactDetailTexts.composerWarningTitle)).not.toBeInTheDocument();

    await userEvent.type(box, ' Call me on 555 123 4567');
    expect(status).toHaveTextContent(contactDetailTexts.composerWarningTitle);
    expect(within(status).getByText(contactDetailTexts.composerWarning)).toBeVisible();
    expect(box).toHaveAccessibleDescription(expect.stringContaining(contactDetailTexts.composerWarning));

    await userEvent.clear(box);
    await userEvent.type(box, 'See you at the station');
    expect(status).toBeEmptyDOMElement();
  });

  it('shows a masked message with a short safety note, and a plain one without', async () => {
    const masked = `Call me on ${contactDetailTexts.mask}`;
    mockApi({
      [`GET ${threadPath}`]: () =>
        jsonResponse(threadOf([message({ body: masked, contactDetailsHidden: true }), message({ body: 'Deal' })])),
      'GET /api/me/messages/unread': () => jsonResponse({ total: 0, orders: [] }),
      [`POST ${threadPath}/read`]: () => noContent(),
    });
    renderWithProviders(<OrderThread orderId={orderId} />, { auth: buyer });

    const log = await screen.findByRole('log', { name: orderMessageTexts.threadLabel });
    const [maskedItem, plainItem] = await within(log).findAllByRole('listitem');
    expect(within(maskedItem!).getByText(masked)).toBeInTheDocument();
    expect(within(maskedItem!).getByText(contactDetailTexts.maskedNote)).toBeVisible();
    expect(within(plainItem!).queryByText(contactDetailTexts.maskedNote)).not.toBeInTheDocument();
  });

  it('checks an empty message before sending anything', async () => {
    const api = mockApi({
      [`GET ${threadPath}`]: () => jsonResponse(threadOf([])),
      'GET /api/me/messages/unread': () => jsonResponse({ total: 0, orders: [] }),
    });
    renderWithProviders(<OrderThread orderId={orderId} />, { auth: buyer });

    await userEvent.click(await screen.findByRole('button', { name: orderMessageTexts.send }));
    expect(await screen.findByText(orderMessageMessages.bodyRequired)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: orderMessageTexts.messageLabel })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(api.callsTo(`POST ${threadPath}`)).toHaveLength(0);
  });

  it('marks the other party’s messages read once it has shown them', async () => {
    const api = mockApi({
      [`GET ${threadPath}`]: () => jsonResponse(threadOf([message({ body: 'Still available' })])),
      'GET /api/me/messages/unread': () => jsonResponse({ total: 1, orders: [{ orderId, count: 1 }] }),
      [`POST ${threadPath}/read`]: () => noContent(),
    });
    renderWithProviders(<OrderThread orderId={orderId} />, { auth: buyer });

    await screen.findByText('Still available');
    await waitFor(() => {
      expect(api.callsTo(`POST ${threadPath}/read`).length).toBeGreaterThan(0);
    });
  });

  it('lets a cancelled order’s thread be read but offers no box to write in', async () => {
    mockApi({
      [`GET ${threadPath}`]: () =>
        jsonResponse(threadOf([message({ body: 'See you' })], { status: 'cancelled', canWrite: false })),
      'GET /api/me/messages/unread': () => jsonResponse({ total: 0, orders: [] }),
      [`POST ${threadPath}/read`]: () => noContent(),
    });
    renderWithProviders(<OrderThread orderId={orderId} />, { auth: buyer });

    expect(await screen.findByText(orderMessageTexts.cancelledNotice)).toBeInTheDocument();
    expect(screen.getByText('See you')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('says so when the order is not the caller’s', async () => {
    mockApi({
      [`GET ${threadPath}`]: () => apiError(404, 'not_found', orderMessageMessages.threadNotFound),
      'GET /api/me/messages/unread': () => jsonResponse({ total: 0, orders: [] }),
    });
    renderWithProviders(<OrderThread orderId={orderId} />, { auth: buyer });

    expect(await screen.findByRole('alert')).toHaveTextContent(orderMessageMessages.threadNotFound);
  });
});
