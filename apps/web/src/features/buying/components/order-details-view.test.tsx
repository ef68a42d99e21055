import {
  addressTexts,
  buyingMessages,
  orderDetailsTexts as texts,
  orderMessageTexts,
  orderProgressTexts,
  orderShippingMessages,
  ratingTexts,
  shippingTexts,
  shipByTexts,
  type OrderDetails,
  type OrderThread,
  type Rating,
} from '@recell/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuthContextValue } from '@/features/auth';
import { apiError, mockApi } from '@/test/api-mock';
import { jsonResponse, makeMe, makeOrder, makeSale } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { formatListingTime } from '@/lib/format-time';
import { OrderDetailsView } from './order-details-view';

const orderId = '11111111-1111-4111-8111-111111111111';
const buyer: AuthContextValue = { status: 'signedIn', user: makeMe({ role: 'user' }), logout: async () => {} };
const seller: AuthContextValue = {
  status: 'signedIn',
  user: makeMe({ id: '0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d', role: 'seller', name: 'Rahim Uddin' }),
  logout: async () => {},
};

const booked = new Date(2025, 1, 1, 10, 0).toISOString();
const paidAt = new Date(2025, 1, 1, 10, 5).toISOString();
const shippedAt = new Date(2025, 1, 2, 16, 30).toISOString();
const windowEnd = new Date(2025, 1, 4, 16, 30).toISOString();
const completedAt = new Date(2025, 1, 3, 9, 0).toISOString();

/** A paid order the seller shipped, as its buyer gets its page (override what a test needs). */
const makeDetails = (overrides: Partial<OrderDetails> = {}): OrderDetails => ({
  id: orderId,
  status: 'paid',
  myPart: 'buyer',
  priceCents: 44_999,
  payment: 'paid',
  createdAt: booked,
  paidAt,
  progress: 'shipped',
  handover: 'shipped',
  handedOverAt: shippedAt,
  trackingNote: 'DHL 123',
  completedAt: null,
  refundedAt: null,
  problem: null,
  product: {
    id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    categoryId: '3',
    name: 'Galaxy S21',
    brand: 'Samsung',
    model: 'S21',
    imageUrl: '/uploads/galaxy.webp',
    priceCents: 44_999,
    originalPriceCents: 79_900,
    location: 'Chattogram',
    status: 'sold',
  },
  seller: {
    id: '0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d',
    name: 'Rahim Uddin',
    isVerified: true,
    email: 'rahim@example.com',
  },
  buyer: { name: 'Ada Buyer', phone: '01712345678', email: 'ada@example.com' },
  meetingLocation: 'Dhanmondi 27',
  delivery: 'meeting',
  shipTo: null,
  timeline: [
    { kind: 'booked', at: booked },
    { kind: 'paid', at: paidAt },
    { kind: 'shipped', at: shippedAt },
  ],
  nextStep: { step: 'confirm_receipt', by: 'buyer' },
  problemWindowEndsAt: windowEnd,
  can: {
    pay: false,
    cancel: false,
    markHandedOver: false,
    buyLabel: false,
    printLabel: false,
    confirmReceipt: true,
    reportProblem: true,
    requestReturn: false,
    answerReturn: false,
    printReturnLabel: false,
    confirmReturnImei: false,
    relist: false,
    rate: false,
    reply: false,
  },
  rating: null,
  parcel: null,
  return: null,
  shipBy: null,
  missedDropOffAt: null,
  ...overrides,
});

const completed = (overrides: Partial<OrderDetails> = {}) =>
  makeDetails({
    progress: 'completed',
    completedAt,
    timeline: [...makeDetails().timeline, { kind: 'completed', at: completedAt }],
    nextStep: { step: 'rate', by: 'buyer' },
    can: { ...makeDetails().can, confirmReceipt: false, rate: true },
    ...overrides,
  });

const rating: Rating = {
  id: '55555555-5555-4555-8555-555555555555',
  orderId,
  stars: 2,
  comment: 'The battery was worse than described',
  isCommentHidden: false,
  reply: null,
  repliedAt: null,
  createdAt: new Date(2025, 1, 3, 10, 0).toISOString(),
  buyerName: 'Ada',
  productName: 'Galaxy S21',
};

const thread = (myPart: 'buyer' | 'seller' = 'buyer'): OrderThread => ({
  order: {
    id: orderId,
    status: 'paid',
    productName: 'Galaxy S21',
    buyerName: 'Ada Buyer',
    sellerName: 'Rahim Uddin',
    myPart,
    canWrite: true,
  },
  items: [],
  nextCursor: null,
});

const detailsPath = `/api/orders/${orderId}/details`;

/** What POST …/receipt answers: the order as My Orders shows it, completed. */
const receiptAnswer = makeOrder({
  id: orderId,
  status: 'paid',
  canPay: false,
  progress: 'completed',
  handover: 'shipped',
});

/** The order's page as the API holds it (`next` after each write), with its empty thread. */
const serve = (
  initial: OrderDetails,
  routes: Parameters<typeof mockApi>[0] = {},
  myPart: 'buyer' | 'seller' = 'buyer',
) => {
  const state = { details: initial };
  const api = mockApi({
    [`GET ${detailsPath}`]: () => jsonResponse(state.details),
    [`GET /api/orders/${orderId}/messages`]: () => jsonResponse(thread(myPart)),
    'GET /api/me/messages/unread': () => jsonResponse({ total: 0, orders: [] }),
    ...routes,
  });
  return { api, state };
};

const section = (name: string) => within(screen.getByRole('region', { name }));

describe('an order’s page', () => {
  it('shows the buyer the phone, the price paid, the seller (no phone number), every step with its date and what comes next', async () => {
    serve(makeDetails());
    renderWithProviders(<OrderDetailsView orderId={orderId} />, { auth: buyer });

    const phone = within(await screen.findByRole('region', { name: texts.phoneHeading }));
    expect(phone.getByRole('img', { name: 'Galaxy S21' })).toBeInTheDocument();
    expect(phone.getByRole('link', { name: texts.viewListing })).toHaveAttribute(
      'href',
      '/products/aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    );
    expect(phone.getByText(texts.pricePaid)).toBeInTheDocument();
    expect(phone.getByText('$449.99')).toBeInTheDocument();
    expect(phone.getByText(texts.payment.paid)).toBeInTheDocument();
    expect(phone.getByRole('link', { name: 'Rahim Uddin' })).toBeInTheDocument();
    expect(phone.getByRole('link', { name: 'rahim@example.com' })).toHaveAttribute('href', 'mailto:rahim@example.com');
    // No number to call: the meeting is arranged in the order's messages, which say so.
    expect(phone.queryAllByRole('link').filter((link) => link.getAttribute('href')?.startsWith('tel:'))).toEqual([]);
    expect(phone.getByText('Dhanmondi 27')).toBeInTheDocument();

    const timeline = within(section(texts.timelineHeading).getByRole('list'));
    const steps = timeline.getAllByRole('listitem').map((item) => item.textContent);
    expect(steps).toEqual([
      `✓${texts.timeline.booked} (${texts.stepDone})${formatListingTime(booked)}`,
      `✓${texts.timeline.paid} (${texts.stepDone})${formatListingTime(paidAt)}`,
      `✓${texts.timeline.shipped} (${texts.stepDone})${formatListingTime(shippedAt)}${orderProgressTexts.trackingNoteShown('DHL 123')}`,
      `${texts.timeline.completed} (${texts.stepToCome})${texts.notYet}`,
    ]);

    const next = section(texts.nextStepHeading);
    expect(next.getByText(texts.yourTurn.confirm_receipt)).toBeInTheDocument();
    expect(next.getByRole('button', { name: orderProgressTexts.confirmReceipt })).toBeInTheDocument();

    const help = section(texts.helpHeading);
    expect(help.getByText(texts.problemUntil(formatListingTime(windowEnd)))).toBeInTheDocument();
    expect(help.getByRole('button', { name: orderProgressTexts.reportProblem })).toBeInTheDocument();

    const messages = section(texts.messagesHeading);
    expect(messages.getByText(texts.arrangeInMessages)).toBeVisible();
    expect(await messages.findByRole('log', { name: orderMessageTexts.threadLabel })).toBeInTheDocument();
    expect(messages.getByLabelText(orderMessageTexts.messageLabel)).toBeInTheDocument();
  });

  it('asks "Confirm receipt?" first, says it cannot be undone, and only then completes the order', async () => {
    const { api, state } = serve(makeDetails(), {
      [`POST /api/orders/${orderId}/receipt`]: () => {
        state.details = completed();
        return jsonResponse(receiptAnswer);
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<OrderDetailsView orderId={orderId} />, { auth: buyer });
    await user.click(await screen.findByRole('button', { name: orderProgressTexts.confirmReceipt }));

    const dialog = screen.getByRole('dialog', { name: texts.confirmReceiptTitle });
    expect(dialog).toHaveAccessibleDescription(texts.confirmReceiptText);
    expect(texts.confirmReceiptText).toContain('cannot be undone');
    // Enter on the freshly opened dialog must not complete anything.
    expect(within(dialog).getByRole('button', { name: orderProgressTexts.cancel })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: orderProgressTexts.cancel }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo(`POST /api/orders/${orderId}/receipt`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: orderProgressTexts.confirmReceipt }));
    const again = screen.getByRole('dialog', { name: texts.confirmReceiptTitle });
    await user.click(within(again).getByRole('button', { name: orderProgressTexts.confirmReceipt }));
    await waitFor(() => expect(api.callsTo(`POST /api/orders/${orderId}/receipt`)).toHaveLength(1));
  });

  it('completes the order after the confirmation: the step keeps its name "Shipped", and the focus goes on to the next step', async () => {
    const { api, state } = serve(makeDetails(), {
      [`POST /api/orders/${orderId}/receipt`]: () => {
        state.details = completed();
        return jsonResponse(receiptAnswer);
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<OrderDetailsView orderId={orderId} />, { auth: buyer });
    await user.click(await screen.findByRole('button', { name: orderProgressTexts.confirmReceipt }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: orderProgressTexts.confirmReceipt }),
    );

    await waitFor(() => expect(api.callsTo(`POST /api/orders/${orderId}/receipt`)).toHaveLength(1));
    const next = section(texts.nextStepHeading);
    expect(await next.findByText(texts.yourTurn.rate)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: orderProgressTexts.confirmReceipt })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: texts.nextStepHeading })).toHaveFocus();
    // The step indicator still names the hand-over "Shipped" once completed.
    const progress = next.getByRole('list', { name: orderProgressTexts.progressLabel });
    expect(within(progress).getByText(orderProgressTexts.shippedStep)).toBeInTheDocument();
    expect(within(progress).queryByText(orderProgressTexts.steps.handedOver)).not.toBeInTheDocument();
  });

  it('says inside the dialog why the receipt was refused', async () => {
    serve(makeDetails(), {
      [`POST /api/orders/${orderId}/receipt`]: () =>
        apiError(409, 'conflict', 'A problem report is open on this order. An admin will decide it first.'),
    });
    const user = userEvent.setup();
    renderWithProviders(<OrderDetailsView orderId={orderId} />, { auth: buyer });
    await user.click(await screen.findByRole('button', { name: orderProgressTexts.confirmReceipt }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: orderProgressTexts.confirmReceipt }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A problem report is open on this order.');
  });

  it('shows the seller whom they wait for and the buyer’s contact, with no buyer’s buttons', async () => {
    serve(
      makeDetails({ myPart: 'seller', can: { ...makeDetails().can, confirmReceipt: false, reportProblem: false } }),
      {},
      'seller',
    );
    renderWithProviders(<OrderDetailsView orderId={orderId} />, { auth: seller });

    const next = within(await screen.findByRole('region', { name: texts.nextStepHeading }));
    expect(next.getByText(texts.waitingFor.confirm_receipt)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: orderProgressTexts.confirmReceipt })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: orderProgressTexts.reportProblem })).not.toBeInTheDocument();
    const phone = section(texts.phoneHeading);
    expect(phone.getByText('Ada Buyer')).toBeInTheDocument();
    expect(phone.getByRole('link', { name: '01712345678' })).toHaveAttribute('href', 'tel:01712345678');
    expect(phone.getByRole('link', { name: 'ada@example.com' })).toHaveAttribute('href', 'mailto:ada@example.com');
    expect(section(texts.helpHeading).getByText(texts.sellerHelp)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: texts.backToSales })).toHaveAttribute('href', '/dashboard/my-sales');
  });

  it('shows the seller of a shipped order where to ship it, in place of a meeting place', async () => {
    serve(
      makeDetails({
        myPart: 'seller',
        buyer: { name: 'Ada Buyer', phone: null, email: 'ada@example.com' },
        meetingLocation: '',
        delivery: 'shipping',
        shipTo: {
          name: 'Ada Buyer',
          line1: '742 Evergreen Terrace',
          line2: 'Apt 2',
          city: 'Springfield',
          region: 'IL',
          postalCode: '62701-9999',
          country: 'US',
        },
      }),
      {},
      'seller',
    );
    renderWithProviders(<OrderDetailsView orderId={orderId} />, { auth: seller });

    const phone = within(await screen.findByRole('region', { name: texts.phoneHeading }));
    const shipTo = phone.getByText(addressTexts.shipTo).nextElementSibling as HTMLElement;
    expect(
      within(shipTo)
        .getAllByText(/./)
        .map((line) => line.textContent),
    ).toEqual(['Ada Buyer', '742 Evergreen Terrace', 'Apt 2', 'Springfield, IL 62701-9999', 'United States']);
    expect(phone.queryByText(texts.meetingLocation)).not.toBeInTheDocument();
    // No phone number of the buyer's goes with a shipped order.
    expect(phone.getAllByRole('link').filter((link) => link.getAttribute('href')?.startsWith('tel:'))).toEqual([]);
  });

  it('lets the seller mark a paid phone handed over, or ship it with a tracking note', async () => {
    const awaiting = makeDetails({
      myPart: 'seller',
      progress: 'awaiting_handover',
      handover: null,
      handedOverAt: null,
      trackingNote: null,
      timeline: makeDetails().timeline.slice(0, 2),
      nextStep: { step: 'hand_over', by: 'seller' },
      problemWindowEndsAt: null,
      can: { ...makeDetails().can, confirmReceipt: false, reportProblem: false, markHandedOver: true },
    });
    const { api } = serve(
      awaiting,
      {
        [`POST /api/orders/${orderId}/shipped`]: () =>
          jsonResponse(makeSale({ id: orderId, status: 'paid', progress: 'shipped', handover: 'shipped' })),
      },
      'seller',
    );
    const user = userEvent.setup();
    renderWithProviders(<OrderDetailsView orderId={orderId} />, { auth: seller });

    const next = within(await screen.findByRole('region', { name: texts.nextStepHeading }));
    expect(next.getByText(texts.yourTurn.hand_over)).toBeInTheDocument();
    expect(next.getByRole('button', { name: orderProgressTexts.markHandedOver })).toBeInTheDocument();
    const timeline = within(section(texts.timelineHeading).getByRole('list'));
    expect(timeline.getByText(texts.handoverToCome)).toBeInTheDocument();

    await user.click(next.getByRole('button', { name: orderProgressTexts.markShipped }));
    const dialog = within(await screen.findByRole('dialog', { name: orderProgressTexts.shipTitle('Galaxy S21') }));
    await user.type(dialog.getByLabelText(orderProgressTexts.trackingNote), 'DHL 123');
    await user.click(dialog.getByRole('button', { name: orderProgressTexts.confirmShipped }));
    await waitFor(() => expect(api.callsTo(`POST /api/orders/${orderId}/shipped`)).toHaveLength(1));
    expect(api.callsTo(`POST /api/orders/${orderId}/shipped`)[0]!.body).toEqual({ trackingNote: 'DHL 123' });
  });

  it('after a refund says "Refunded" (not "Paid"), and that the rating no longer counts', async () => {
    const refundedAt = new Date(2025, 1, 4, 12, 0).toISOString();
    serve(
      completed({
        payment: 'refunded',
        refundedAt,
        rating,
        problem: {
          id: '77777777-7777-4777-8777-777777777777',
          reason: 'Battery swollen',
          status: 'refunded',
          createdAt: completedAt,
          resolvedAt: refundedAt,
          refundCents: null,
        },
        timeline: [
          ...completed().timeline,
          { kind: 'rated', at: rating.createdAt },
          { kind: 'problem_reported', at: new Date(2025, 1, 3, 11, 0).toISOString() },
          { kind: 'refunded', at: refundedAt },
        ],
        nextStep: { step: 'none', by: null },
        can: { ...makeDetails().can, confirmReceipt: false, reportProblem: false },
      }),
    );
    renderWithProviders(<OrderDetailsView orderId={orderId} />, { auth: buyer });

    const phone = within(await screen.findByRole('region', { name: texts.phoneHeading }));
    expect(phone.getByText(texts.payment.refunded)).toBeInTheDocument();
    expect(phone.queryByText(texts.payment.paid)).not.toBeInTheDocument();
    expect(section(texts.nextStepHeading).getByText(texts.nothingLeft.refunded)).toBeInTheDocument();
    const ratingSection = section(texts.ratingHeading);
    expect(ratingSection.getByRole('img', { name: ratingTexts.starsOutOfFive(2) })).toBeInTheDocument();
    expect(ratingSection.getByText(texts.ratingNotCounted)).toBeInTheDocument();
    expect(section(texts.helpHeading).getByText(texts.problemState('refunded'))).toBeInTheDocument();
    // Nothing to come after a refund.
    const timeline = within(section(texts.timelineHeading).getByRole('list'));
    expect(timeline.queryByText(texts.notYet)).not.toBeInTheDocument();
    expect(timeline.getByText(texts.timeline.refunded)).toBeInTheDocument();
  });

  it('rates the seller of a completed order from its page: stars from a radio group and an optional comment', async () => {
    const { api, state } = serve(completed(), {
      [`POST /api/orders/${orderId}/rating`]: (call) => {
        const body = call.body as { stars: number; comment: string | null };
        const given = { ...rating, stars: body.stars, comment: body.comment };
        state.details = completed({
          rating: given,
          nextStep: { step: 'none', by: null },
          can: { ...completed().can, rate: false },
        });
        return jsonResponse(given, 201);
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<OrderDetailsView orderId={orderId} />, { auth: buyer });

    await user.click(await screen.findByRole('button', { name: ratingTexts.rateSeller }));
    const dialog = within(await screen.findByRole('dialog', { name: ratingTexts.rateDialogTitle('Rahim Uddin') }));
    expect(dialog.getAllByRole('radio')).toHaveLength(5);
    await user.click(dialog.getByRole('radio', { name: ratingTexts.starLabel(4) }));
    await user.type(dialog.getByLabelText(ratingTexts.commentLabel), 'Friendly and on time');
    await user.click(dialog.getByRole('button', { name: ratingTexts.submitRating }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(`POST /api/orders/${orderId}/rating`)[0]!.body).toEqual({
      stars: 4,
      comment: 'Friendly and on time',
    });
    expect(
      await section(texts.ratingHeading).findByRole('img', { name: ratingTexts.starsOutOfFive(4) }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: ratingTexts.rateSeller })).not.toBeInTheDocument();
    expect(section(texts.nextStepHeading).getByText(texts.nothingLeft.done)).toBeInTheDocument();
  });

  it('says so when the order is not the caller’s (the API’s 404)', async () => {
    mockApi({ [`GET ${detailsPath}`]: () => apiError(404, 'not_found', buyingMessages.orderNotFound) });
    renderWithProviders(<OrderDetailsView orderId={orderId} />, { auth: buyer });
    expect(await screen.findByRole('alert')).toHaveTextContent(buyingMessages.orderNotFound);
  });

  describe('a tracked parcel', () => {
    const deliveredAt = new Date(2025, 1, 3, 14, 0).toISOString();
    const deliveredWindowEnd = new Date(2025, 1, 5, 14, 0).toISOString();
    const parcel = (overrides: Partial<NonNullable<OrderDetails['parcel']>> = {}) => ({
      carrier: 'USPS',
      trackingCode: 'EZ1000000001',
      status: 'in_transit' as const,
      updatedAt: shippedAt,
      deliveredAt: null,
      events: [
        {
          status: 'in_transit' as const,
          message: 'Arrived at USPS facility',
          place: 'Chicago, IL, US',
          occurredAt: shippedAt,
        },
        { status: 'pre_transit' as const, message: 'Shipping label created', place: null, occurredAt: paidAt },
      ],
      ...overrides,
    });

    it('on its way: the carrier, the tracking code, the status and its updates; the carrier delivers next', async () => {
      serve(
        makeDetails({
          progress: 'in_transit',
          trackingNote: null,
          parcel: parcel(),
          nextStep: { step: 'deliver', by: 'carrier' },
          problemWindowEndsAt: null,
        }),
      );
      renderWithProviders(<OrderDetailsView orderId={orderId} />, { auth: buyer });

      const box = within(await screen.findByRole('region', { name: texts.parcelHeading }));
      expect(box.getByText('USPS')).toBeInTheDocument();
      expect(box.getByText('EZ1000000001')).toBeInTheDocument();
      expect(box.getByText(texts.trackingStatus.in_transit)).toBeInTheDocument();
      const table = within(box.getByRole('table'));
      expect(table.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
        texts.parcelEventColumns.time,
        texts.parcelEventColumns.place,
        texts.parcelEventColumns.message,
      ]);
      const rows = table.getAllByRole('row').slice(1);
      expect(rows.map((row) => row.textContent)).toEqual([
        `${formatListingTime(shippedAt)}Chicago, IL, USArrived at USPS facility`,
        `${formatListingTime(paidAt)}${texts.parcelPlaceUnknown}Shipping label created`,
      ]);

      const next = section(texts.nextStepHeading);
      expect(next.getByText(texts.waitingFor.deliver)).toBeInTheDocument();
      expect(next.getByText(texts.autoCompleteAfterDeliveryHint)).toBeInTheDocument();
      // The buyer holds the phone before the carrier says so: receipt may be confirmed.
      expect(next.getByRole('button', { name: orderProgressTexts.confirmReceipt })).toBeInTheDocument();
      expect(section(texts.helpHeading).getByText(texts.problemBeforeDelivery)).toBeInTheDocument();
      const timeline = within(section(texts.timelineHeading).getByRole('list'));
      expect(timeline.getByText(texts.timeline.delivered)).toBeInTheDocument();
    });

    it('delivered: 48 hours from the delivery to report a problem; lost: no limit and no completion on its own', async () => {
      serve(
        makeDetails({
          progress: 'delivered',
          parcel: parcel({ status: 'delivered', deliveredAt }),
          problemWindowEndsAt: deliveredWindowEnd,
        }),
      );
      const { unmount } = renderWithProviders(<OrderDetailsView orderId={orderId} />, { auth: buyer });
      const help = within(await screen.findByRole('region', { name: texts.helpHeading }));
      expect(
        help.getByText(texts.problemUntilAfterDelivery(formatListingTime(deliveredWindowEnd))),
      ).toBeInTheDocument();
      expect(section(texts.parcelHeading).getByText(texts.trackingStatus.delivered)).toBeInTheDocument();
      unmount();

      serve(
        makeDetails({
          progress: 'lost',
          parcel: parcel({ status: 'failure' }),
          nextStep: { step: 'report_problem', by: 'buyer' },
          problemWindowEndsAt: null,
          can: { ...makeDetails().can, confirmReceipt: true, reportProblem: true },
        }),
      );
      renderWithProviders(<OrderDetailsView orderId={orderId} />, { auth: buyer });
      const next = within(await screen.findByRole('region', { name: texts.nextStepHeading }));
      expect(next.getByText(texts.yourTurn.report_problem)).toBeInTheDocument();
      expect(next.getByText(texts.noAutoCompleteHint)).toBeInTheDocument();
      const lostHelp = section(texts.helpHeading);
      expect(lostHelp.getByText(texts.problemParcelNotDelivered)).toBeInTheDocument();
      expect(lostHelp.getByRole('button', { name: orderProgressTexts.reportProblem })).toBeInTheDocument();
    });
  });
});

describe('a shipping label on an order’s page', () => {
  const awaitingShipping = () =>
    makeDetails({
      myPart: 'seller',
      progress: 'awaiting_handover',
      handover: null,
      handedOverAt: null,
      trackingNote: null,
      delivery: 'shipping',
      timeline: makeDetails().timeline.slice(0, 2),
      nextStep: { step: 'hand_over', by: 'seller' },
      problemWindowEndsAt: null,
      can: { ...makeDetails().can, confirmReceipt: false, reportProblem: false, buyLabel: true },
    });
  const ratesPath = `POST /api/orders/${orderId}/shipping/rates`;
  const labelPath = `POST /api/orders/${orderId}/shipping/label`;
  const rates = {
    rates: [
      {
        id: 'rate_ground',
        carrier: 'USPS',
        service: 'Ground Advantage',
        amountCents: 545,
        currency: 'USD',
        deliveryDays: 5,
      },
      { id: 'rate_priority', carrier: 'USPS', service: 'Priority', amountCents: 995, currency: 'USD', deliveryDays: 2 },
    ],
  };

  it('lets the seller choose a rate and buy its label', async () => {
    const { api } = serve(
      awaitingShipping(),
      {
        [ratesPath]: () => jsonResponse(rates),
        [labelPath]: () =>
          jsonResponse(makeSale({ id: orderId, status: 'paid', progress: 'shipped', handover: 'shipped' })),
        'GET /api/seller-fee': () => jsonResponse({ percent: 5, fixedCents: 0, shippingPaidBy: 'buyer' }),
      },
      'seller',
    );
    const user = userEvent.setup();
    renderWithProviders(<OrderDetailsView orderId={orderId} />, { auth: seller });

    const next = within(await screen.findByRole('region', { name: texts.nextStepHeading }));
    expect(next.getByText(shippingTexts.yourTurnToShip)).toBeInTheDocument();
    expect(next.queryByRole('button', { name: orderProgressTexts.markHandedOver })).toBeNull();
    await user.click(next.getByRole('button', { name: shippingTexts.buyLabel }));
    const dialog = within(await screen.findByRole('dialog', { name: shippingTexts.dialogTitle('Galaxy S21') }));
    const group = within(await dialog.findByRole('group', { name: shippingTexts.ratesLegend }));
    const priority = group.getByRole('radio', { name: /Priority · USPS/ });
    expect(group.getAllByRole('radio')).toHaveLength(2);
    expect(group.getByText(shippingTexts.deliveryDays(2))).toBeInTheDocument();
    expect(group.getByText(shippingTexts.ratePrice(995))).toBeInTheDocument();
    // The buyer paid for shipping (the default): nothing comes out of the seller's payout.
    await waitFor(() => expect(api.callsTo('GET /api/seller-fee')).toHaveLength(1));
    expect(dialog.queryByText(shippingTexts.paidFromPayout)).toBeNull();
    await user.click(priority);
    await user.click(dialog.getByRole('button', { name: shippingTexts.confirm }));
    await waitFor(() => expect(api.callsTo(labelPath)).toHaveLength(1));
    expect(api.callsTo(labelPath)[0]!.body).toEqual({ rateId: 'rate_priority' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('tells a seller who pays for shipping that the label’s cost comes out of their payout', async () => {
    serve(
      awaitingShipping(),
      {
        [ratesPath]: () => jsonResponse(rates),
        'GET /api/seller-fee': () => jsonResponse({ percent: 5, fixedCents: 0, shippingPaidBy: 'seller' }),
      },
      'seller',
    );
    const user = userEvent.setup();
    renderWithProviders(<OrderDetailsView orderId={orderId} />, { auth: seller });
    const next = within(await screen.findByRole('region', { name: texts.nextStepHeading }));
    await user.click(next.getByRole('button', { name: shippingTexts.buyLabel }));
    const dialog = within(await screen.findByRole('dialog'));
    await dialog.findByRole('group', { name: shippingTexts.ratesLegend });
    expect(await dialog.findByText(shippingTexts.paidFromPayout)).toBeInTheDocument();
  });

  it('says why a label cannot be bought: no ship-from address (with the way to choose one), a refusal', async () => {
    let refuseRates = true;
    serve(
      awaitingShipping(),
      {
        [ratesPath]: () =>
          refuseRates ? apiError(409, 'conflict', orderShippingMessages.noShipFrom) : jsonResponse(rates),
        [labelPath]: () => apiError(409, 'conflict', 'Rate not found for this shipment'),
      },
      'seller',
    );
    const user = userEvent.setup();
    renderWithProviders(<OrderDetailsView orderId={orderId} />, { auth: seller });

    const next = within(await screen.findByRole('region', { name: texts.nextStepHeading }));
    await user.click(next.getByRole('button', { name: shippingTexts.buyLabel }));
    let dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByText(shippingTexts.noShipFrom)).toBeInTheDocument();
    expect(dialog.getByRole('link', { name: shippingTexts.chooseShipFrom })).toHaveAttribute(
      'href',
      '/dashboard/addresses',
    );
    await user.click(dialog.getByRole('button', { name: shippingTexts.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    refuseRates = false;
    await user.click(next.getByRole('button', { name: shippingTexts.buyLabel }));
    dialog = within(await screen.findByRole('dialog'));
    await dialog.findByRole('group', { name: shippingTexts.ratesLegend });
    await user.click(dialog.getByRole('button', { name: shippingTexts.confirm }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Rate not found for this shipment');
  });
});

describe('the ship-by time on an order’s page', () => {
  const shipBy = '2026-12-01T15:00:00.000Z';
  const awaitingDropOff = (overrides: Partial<OrderDetails> = {}) =>
    makeDetails({
      progress: 'awaiting_handover',
      handover: null,
      handedOverAt: null,
      trackingNote: null,
      delivery: 'shipping',
      timeline: makeDetails().timeline.slice(0, 2),
      nextStep: { step: 'hand_over', by: 'seller' },
      problemWindowEndsAt: null,
      shipBy,
      ...overrides,
    });

  it('tells the seller, and the buyer, by when the carrier must have the parcel', async () => {
    serve(awaitingDropOff({ myPart: 'seller' }), {}, 'seller');
    const { unmount } = renderWithProviders(<OrderDetailsView orderId={orderId} />, { auth: seller });
    const next = within(await screen.findByRole('region', { name: texts.nextStepHeading }));
    expect(next.getByText('Ship by Tue, Dec 1, 15:00 UTC')).toBeInTheDocument();
    expect(next.getByText(shipByTexts.sellerHint)).toBeInTheDocument();
    unmount();

    serve(awaitingDropOff());
    renderWithProviders(<OrderDetailsView orderId={orderId} />, { auth: buyer });
    const buyersNext = within(await screen.findByRole('region', { name: texts.nextStepHeading }));
    expect(buyersNext.getByText(shipByTexts.shipBy(shipBy))).toBeInTheDocument();
    expect(buyersNext.getByText(shipByTexts.buyerHint)).toBeInTheDocument();
  });

  it('says the order was cancelled once the drop-off was missed, and no longer asks to ship by', async () => {
    serve(
      awaitingDropOff({
        shipBy: null,
        missedDropOffAt: '2026-12-01T15:01:00.000Z',
        payment: 'refunded',
        refundedAt: '2026-12-01T15:01:00.000Z',
        nextStep: { step: 'none', by: null },
      }),
    );
    renderWithProviders(<OrderDetailsView orderId={orderId} />, { auth: buyer });
    const next = within(await screen.findByRole('region', { name: texts.nextStepHeading }));
    expect(next.getByText(shipByTexts.missed('2026-12-01T15:01:00.000Z'))).toBeInTheDocument();
    expect(next.queryByText(/^Ship by/)).toBeNull();
  });
});
