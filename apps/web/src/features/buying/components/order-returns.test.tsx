import { returnMessages, returnTexts as texts, type OrderDetails, type OrderReturn } from '@recell/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthContextValue } from '@/features/auth';
import { formatListingTime } from '@/lib/format-time';
import { apiError, mockApi } from '@/test/api-mock';
import { jsonResponse, makeMe } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { OrderDetailsView } from './order-details-view';
import RequestReturnDialog from './request-return-dialog';

const orderId = '11111111-1111-4111-8111-111111111111';
const buyer: AuthContextValue = { status: 'signedIn', user: makeMe({ role: 'user' }), logout: async () => {} };
const seller: AuthContextValue = {
  status: 'signedIn',
  user: makeMe({ id: '0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d', role: 'seller', name: 'Rahim Uddin' }),
  logout: async () => {},
};

const deliveredAt = new Date(2025, 1, 3, 12, 0).toISOString();
const windowEnd = new Date(2025, 1, 5, 12, 0).toISOString();
const answerBy = new Date(2025, 1, 6, 12, 0).toISOString();
const noActions: OrderDetails['can'] = {
  pay: false,
  cancel: false,
  markHandedOver: false,
  buyLabel: false,
  printLabel: false,
  confirmReceipt: false,
  reportProblem: false,
  requestReturn: false,
  answerReturn: false,
  printReturnLabel: false,
  confirmReturnImei: false,
  relist: false,
  rate: false,
  reply: false,
};

/** A paid order shipped with a label and delivered, as its buyer or seller gets its page. */
const delivered = (overrides: Partial<OrderDetails> = {}): OrderDetails => ({
  id: orderId,
  status: 'paid',
  myPart: 'buyer',
  priceCents: 44_999,
  payment: 'paid',
  createdAt: new Date(2025, 1, 1, 10, 0).toISOString(),
  paidAt: new Date(2025, 1, 1, 10, 5).toISOString(),
  progress: 'delivered',
  shipBy: null,
  missedDropOffAt: null,
  handover: 'shipped',
  handedOverAt: new Date(2025, 1, 2, 9, 0).toISOString(),
  trackingNote: null,
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
    location: 'Portland',
    status: 'sold',
  },
  seller: { id: '0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d', name: 'Rahim Uddin', isVerified: true, email: 'r@example.com' },
  buyer: { name: 'Ada Buyer', phone: null, email: 'ada@example.com' },
  meetingLocation: '',
  delivery: 'shipping',
  shipTo: null,
  timeline: [{ kind: 'delivered', at: deliveredAt }],
  nextStep: { step: 'confirm_receipt', by: 'buyer' },
  problemWindowEndsAt: windowEnd,
  parcel: null,
  can: { ...noActions, confirmReceipt: true, reportProblem: true, requestReturn: true },
  rating: null,
  return: null,
  ...overrides,
});

const asked = (overrides: Partial<OrderReturn> = {}): OrderReturn => ({
  id: '22222222-2222-4222-8222-222222222222',
  orderId,
  status: 'requested',
  reason: 'The battery dies within an hour.',
  photos: [],
  createdAt: new Date(2025, 1, 4, 9, 0).toISOString(),
  sellerAnswerBy: answerBy,
  sellerAnswer: null,
  sellerAnsweredAt: null,
  declineReason: null,
  escalatedAt: null,
  parcel: null,
  arrivedAt: null,
  imeiCheck: null,
  imeiCheckedAt: null,
  decision: null,
  refundCents: null,
  refundedAt: null,
  relistedAt: null,
  ...overrides,
});

const returnRegion = () => screen.findByRole('region', { name: texts.heading });

describe('the buyer asks for a return', () => {
  const idOf = (n: number) => String(n).repeat(64).slice(0, 64);
  const upload = vi.fn((chosen: File) => {
    const n = upload.mock.calls.length;
    return Promise.resolve({ id: idOf(n), url: `/uploads/${idOf(n)}.webp?${chosen.name}` });
  });
  const file = (name: string) => new File(['bytes'], name, { type: 'image/jpeg' });

  beforeEach(() => {
    upload.mockClear();
    Object.assign(URL, { createObjectURL: (f: File) => `blob:${f.name}`, revokeObjectURL: () => {} });
  });

  it('opens a titled dialog from the order’s page, where the return can be asked until the window ends', async () => {
    mockApi({ [`GET /api/orders/${orderId}/details`]: () => jsonResponse(delivered()) });
    renderWithProviders(<OrderDetailsView orderId={orderId} />, { auth: buyer });
    const section = within(await returnRegion());
    expect(section.getByText(texts.requestUntil(formatListingTime(windowEnd)))).toBeInTheDocument();
    await userEvent.click(section.getByRole('button', { name: texts.requestReturn }));
    const dialog = await screen.findByRole('dialog', { name: texts.requestTitle('Galaxy S21') });
    expect(within(dialog).getByLabelText(texts.reason)).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: texts.photos })).toBeInTheDocument();
  });

  it('asks for a reason before sending anything', async () => {
    const api = mockApi({});
    renderWithProviders(<RequestReturnDialog order={delivered()} onClose={() => {}} upload={upload} />, {
      auth: buyer,
    });
    await userEvent.click(screen.getByRole('button', { name: texts.submitRequest }));
    expect(await screen.findByText(returnMessages.reasonRequired)).toBeInTheDocument();
    expect(screen.getByLabelText(texts.reason)).toHaveAccessibleDescription(returnMessages.reasonRequired);
    expect(api.callsTo(`POST /api/orders/${orderId}/return`)).toHaveLength(0);
  });

  it('takes 4 photos at most (a fifth is left out, said so), then sends the reason and the 4 photos', async () => {
    const onClose = vi.fn();
    const api = mockApi({
      [`POST /api/orders/${orderId}/return`]: () => jsonResponse(asked(), 201),
    });
    renderWithProviders(<RequestReturnDialog order={delivered()} onClose={onClose} upload={upload} />, {
      auth: buyer,
    });
    await userEvent.upload(
      screen.getByLabelText('Add photos'),
      ['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg', 'e.jpg'].map(file),
    );
    expect(await screen.findByText(new RegExp(texts.photosLeftOut(1)))).toBeInTheDocument();
    expect(screen.getByText(new RegExp(texts.photosLimitReached))).toBeInTheDocument();
    expect(upload).toHaveBeenCalledTimes(4);
    expect(screen.getAllByRole('img', { name: /^Return photo \d$/ })).toHaveLength(4);
    // A return's photos have no cover and no order.
    expect(screen.queryByRole('button', { name: /Move earlier/ })).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(texts.reason), 'The battery dies within an hour.');
    await userEvent.click(screen.getByRole('button', { name: texts.submitRequest }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo(`POST /api/orders/${orderId}/return`)[0]?.body).toEqual({
      reason: 'The battery dies within an hour.',
      photoIds: [idOf(1), idOf(2), idOf(3), idOf(4)],
    });
    expect(await screen.findByText(texts.requestedToast)).toBeInTheDocument();
  });

  it('says the API’s refusal of the photos under them and stays open', async () => {
    const onClose = vi.fn();
    mockApi({
      [`POST /api/orders/${orderId}/return`]: () =>
        apiError(400, 'validation', returnMessages.tooManyPhotos, { photoIds: returnMessages.tooManyPhotos }),
    });
    renderWithProviders(<RequestReturnDialog order={delivered()} onClose={onClose} upload={upload} />, {
      auth: buyer,
    });
    await userEvent.type(screen.getByLabelText(texts.reason), 'Cracked');
    await userEvent.click(screen.getByRole('button', { name: texts.submitRequest }));
    expect(await screen.findByText(returnMessages.tooManyPhotos)).toBeInTheDocument();
    expect(screen.getByLabelText('Add photos')).toHaveAttribute('aria-invalid', 'true');
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('the seller answers a return', () => {
  it('shows the buyer’s reason and the deadline, and declines with a required reason', async () => {
    let current = delivered({
      myPart: 'seller',
      can: { ...noActions, answerReturn: true },
      nextStep: { step: 'answer_return', by: 'seller' },
      return: asked(),
    });
    const api = mockApi({
      [`GET /api/orders/${orderId}/details`]: () => jsonResponse(current),
      [`POST /api/orders/${orderId}/return/decline`]: () => {
        const declined = asked({
          status: 'declined',
          sellerAnswer: 'declined',
          sellerAnsweredAt: new Date().toISOString(),
          declineReason: 'It left here working.',
        });
        current = { ...current, can: noActions, return: declined };
        return jsonResponse(declined);
      },
    });
    renderWithProviders(<OrderDetailsView orderId={orderId} />, { auth: seller });
    const section = within(await returnRegion());
    expect(section.getByText(texts.status.requested)).toBeInTheDocument();
    expect(section.getByText(texts.answerBy(formatListingTime(answerBy)))).toBeInTheDocument();
    expect(section.getByText('The battery dies within an hour.')).toBeInTheDocument();
    expect(section.getByRole('button', { name: texts.acceptReturn })).toBeInTheDocument();

    await userEvent.click(section.getByRole('button', { name: texts.declineReturn }));
    const dialog = await screen.findByRole('dialog', { name: texts.declineTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: texts.confirmDecline }));
    expect(await within(dialog).findByText(returnMessages.declineReasonRequired)).toBeInTheDocument();
    expect(api.callsTo(`POST /api/orders/${orderId}/return/decline`)).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText(texts.declineReason), 'It left here working.');
    await userEvent.click(within(dialog).getByRole('button', { name: texts.confirmDecline }));
    expect(await screen.findByText(texts.declinedToast)).toBeInTheDocument();
    expect(api.callsTo(`POST /api/orders/${orderId}/return/decline`)[0]?.body).toEqual({
      reason: 'It left here working.',
    });
    const after = within(await returnRegion());
    expect(await after.findByText(texts.status.declined)).toBeInTheDocument();
    expect(after.getByText('It left here working.')).toBeInTheDocument();
    expect(after.queryByRole('button', { name: texts.acceptReturn })).not.toBeInTheDocument();
  });

  it('accepts after saying what follows, then puts the refunded phone back on sale', async () => {
    let current = delivered({
      myPart: 'seller',
      can: { ...noActions, answerReturn: true },
      return: asked(),
    });
    const api = mockApi({
      [`GET /api/orders/${orderId}/details`]: () => jsonResponse(current),
      [`POST /api/orders/${orderId}/return/accept`]: () => {
        const refunded = asked({ status: 'refunded', sellerAnswer: 'accepted', refundedAt: new Date().toISOString() });
        current = { ...current, can: { ...noActions, relist: true }, return: refunded };
        return jsonResponse(refunded);
      },
      [`POST /api/orders/${orderId}/return/relist`]: () => {
        const relisted = asked({ status: 'refunded', relistedAt: new Date().toISOString() });
        current = { ...current, can: noActions, return: relisted };
        return jsonResponse(relisted);
      },
    });
    renderWithProviders(<OrderDetailsView orderId={orderId} />, { auth: seller });
    await userEvent.click(within(await returnRegion()).getByRole('button', { name: texts.acceptReturn }));
    const dialog = await screen.findByRole('dialog', { name: texts.acceptTitle });
    expect(dialog).toHaveAccessibleDescription(texts.acceptText);
    await userEvent.click(within(dialog).getByRole('button', { name: texts.acceptReturn }));
    expect(await screen.findByText(texts.acceptedToast)).toBeInTheDocument();
    expect(api.callsTo(`POST /api/orders/${orderId}/return/accept`)).toHaveLength(1);

    const section = within(await returnRegion());
    expect(await section.findByText(texts.refundAll)).toBeInTheDocument();
    await userEvent.click(await section.findByRole('button', { name: texts.relist }));
    expect(await screen.findByText(texts.relistedToast)).toBeInTheDocument();
    await waitFor(() => expect(section.queryByRole('button', { name: texts.relist })).not.toBeInTheDocument());
    expect(section.getByText(texts.relistedShown)).toBeInTheDocument();
  });

  it.each([
    ['match', texts.imeiMatchedToast, texts.imeiWords.match],
    ['mismatch', texts.imeiMismatchedToast, texts.imeiWords.mismatch],
  ] as const)('checks the returned phone’s IMEI: a %s is said in words', async (result, toastText, words) => {
    let current = delivered({
      myPart: 'seller',
      can: { ...noActions, confirmReturnImei: true },
      return: asked({ status: 'arrived', sellerAnswer: 'accepted', arrivedAt: new Date().toISOString() }),
    });
    const api = mockApi({
      [`GET /api/orders/${orderId}/details`]: () => jsonResponse(current),
      [`POST /api/orders/${orderId}/return/confirm-imei`]: () => {
        const checked = asked({
          status: result === 'match' ? 'refunding' : 'imei_mismatch',
          imeiCheck: result,
          imeiCheckedAt: new Date().toISOString(),
        });
        current = { ...current, can: noActions, return: checked };
        return jsonResponse(checked);
      },
    });
    renderWithProviders(<OrderDetailsView orderId={orderId} />, { auth: seller });
    const section = within(await returnRegion());
    await userEvent.click(section.getByRole('button', { name: texts.confirmImei }));
    const dialog = await screen.findByRole('dialog', { name: texts.confirmImeiTitle });
    const imei = within(dialog).getByLabelText(texts.imei);
    await userEvent.type(imei, '12345');
    await userEvent.click(within(dialog).getByRole('button', { name: texts.confirmImei }));
    await waitFor(() => expect(imei).toHaveAttribute('aria-invalid', 'true'));
    expect(api.callsTo(`POST /api/orders/${orderId}/return/confirm-imei`)).toHaveLength(0);

    await userEvent.clear(imei);
    await userEvent.type(imei, '490154203237518');
    await userEvent.click(within(dialog).getByRole('button', { name: texts.confirmImei }));
    expect(await screen.findByText(toastText)).toBeInTheDocument();
    expect(api.callsTo(`POST /api/orders/${orderId}/return/confirm-imei`)[0]?.body).toEqual({
      imei: '490154203237518',
    });
    expect(await within(await returnRegion()).findByText(words)).toBeInTheDocument();
  });

  it('shows both parties an admin’s decision with its reason and the refund’s amount', async () => {
    mockApi({
      [`GET /api/orders/${orderId}/details`]: () =>
        jsonResponse(
          delivered({
            can: noActions,
            refundedAt: new Date().toISOString(),
            return: asked({
              status: 'refunded',
              sellerAnswer: 'declined',
              declineReason: 'It left here working.',
              decision: {
                decision: 'refund',
                reason: 'A partial refund for the battery.',
                decidedAt: new Date().toISOString(),
              },
              refundCents: 12_050,
              refundedAt: new Date().toISOString(),
            }),
          }),
        ),
    });
    renderWithProviders(<OrderDetailsView orderId={orderId} />, { auth: buyer });
    const section = within(await returnRegion());
    expect(section.getByText(texts.status.refunded)).toBeInTheDocument();
    expect(section.getByText(texts.decisionWords.refund)).toBeInTheDocument();
    expect(section.getByText('A partial refund for the battery.')).toBeInTheDocument();
    expect(section.getByText(texts.refundShown(12_050))).toBeInTheDocument();
    expect(section.queryByRole('button')).not.toBeInTheDocument();
  });
});
