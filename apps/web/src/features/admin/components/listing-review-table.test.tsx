import { listingReviewMessages, listingReviewTexts, type PendingListing } from '@recell/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuthContextValue } from '@/features/auth';
import { apiError, mockApi, noContent } from '@/test/api-mock';
import { jsonResponse, makeMe, pageOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { ListingReviewTable } from './listing-review-table';

const admin: AuthContextValue = { status: 'signedIn', user: makeMe({ role: 'admin' }), logout: async () => {} };
const t = listingReviewTexts;

const makePending = (overrides: Partial<PendingListing> = {}): PendingListing => ({
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Galaxy S21',
  brand: 'Samsung',
  model: 'Galaxy S21',
  priceCents: 44_999,
  imageUrl: '/uploads/galaxy.webp',
  submittedAt: new Date(2025, 0, 6, 9, 30).toISOString(),
  hasPhoto: true,
  seller: { id: '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d', name: 'Nina Novak', email: 'nina@example.com' },
  ...overrides,
});
const galaxy = makePending();
const pixel = makePending({ id: '22222222-2222-4222-8222-222222222222', name: 'Pixel 7', priceCents: 30_000 });
const photoUrl = 'data:image/webp;base64,UklGRg==';

const rowOf = (name: string) => {
  const row = screen.getByRole('rowheader', { name }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return within(row);
};

let pending: PendingListing[] = [];
const serveQueue = (initial: PendingListing[], routes: Parameters<typeof mockApi>[0] = {}) => {
  pending = [...initial];
  return mockApi({
    'GET /api/admin/listing-reviews': () => jsonResponse(pageOf(pending)),
    [`GET /api/products/${galaxy.id}/verification-photo`]: () => jsonResponse({ dataUrl: photoUrl }),
    [`GET /api/products/${pixel.id}/verification-photo`]: () => jsonResponse({ dataUrl: photoUrl }),
    ...routes,
  });
};

describe('Listing review', () => {
  it('says so when no listing is waiting', async () => {
    serveQueue([]);
    renderWithProviders(<ListingReviewTable />, { auth: admin });
    expect(await screen.findByText(t.queueEmpty)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('lists the waiting listings with their seller, price, submission and verification photo', async () => {
    serveQueue([galaxy, pixel]);
    renderWithProviders(<ListingReviewTable />, { auth: admin });

    const table = await screen.findByRole('table', { name: t.queueCaption });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([t.colImage, t.colPhone, t.colPrice, t.colSeller, t.colSubmitted, t.colPhoto, t.colActions]);
    const row = rowOf('Galaxy S21');
    expect(row.getByText('$449.99')).toBeInTheDocument();
    expect(row.getByText('Nina Novak')).toBeInTheDocument();
    expect(row.getByText('nina@example.com')).toBeInTheDocument();
    expect(await row.findByRole('img', { name: t.photoAlt('Galaxy S21') })).toHaveAttribute('src', photoUrl);
    expect(row.getByRole('button', { name: t.approve })).toHaveAccessibleDescription('Galaxy S21');
    // Oldest first, as the API answers.
    expect(screen.getAllByRole('rowheader').map((header) => header.textContent)).toEqual(['Galaxy S21', 'Pixel 7']);
  });

  it('approves a listing: a toast, and its row leaves the queue', async () => {
    const api = serveQueue([galaxy, pixel], {
      [`POST /api/admin/listing-reviews/${galaxy.id}/approve`]: () => {
        pending = pending.filter((item) => item.id !== galaxy.id);
        return noContent();
      },
    });
    renderWithProviders(<ListingReviewTable />, { auth: admin });
    await screen.findByRole('table');

    await userEvent.click(rowOf('Galaxy S21').getByRole('button', { name: t.approve }));
    expect(await screen.findByText(t.approved)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Galaxy S21' })).not.toBeInTheDocument());
    expect(api.callsTo(`POST /api/admin/listing-reviews/${galaxy.id}/approve`)).toHaveLength(1);
    expect(rowOf('Pixel 7').getByRole('button', { name: t.approve })).toBeInTheDocument();
  });

  it('rejects a listing only with a reason, asked in a dialog with a title', async () => {
    const api = serveQueue([galaxy], {
      [`POST /api/admin/listing-reviews/${galaxy.id}/reject`]: () => {
        pending = [];
        return noContent();
      },
    });
    renderWithProviders(<ListingReviewTable />, { auth: admin });
    await screen.findByRole('table');

    await userEvent.click(rowOf('Galaxy S21').getByRole('button', { name: t.reject }));
    const dialog = screen.getByRole('dialog', { name: t.rejectDialogTitle('Galaxy S21') });
    const reason = within(dialog).getByLabelText(t.rejectReasonLabel);
    await userEvent.click(within(dialog).getByRole('button', { name: t.rejectConfirm }));
    expect(await within(dialog).findByText(listingReviewMessages.reasonRequired)).toBeVisible();
    expect(api.callsTo(`POST /api/admin/listing-reviews/${galaxy.id}/reject`)).toHaveLength(0);

    await userEvent.type(reason, 'The code in the photo cannot be read.');
    await userEvent.click(within(dialog).getByRole('button', { name: t.rejectConfirm }));
    expect(await screen.findByText(t.rejected)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(`POST /api/admin/listing-reviews/${galaxy.id}/reject`)[0]?.body).toEqual({
      reason: 'The code in the photo cannot be read.',
    });
  });

  it('says inside the dialog why a rejection was refused', async () => {
    serveQueue([galaxy], {
      [`POST /api/admin/listing-reviews/${galaxy.id}/reject`]: () =>
        apiError(409, 'conflict', listingReviewMessages.notPending),
    });
    renderWithProviders(<ListingReviewTable />, { auth: admin });
    await screen.findByRole('table');
    await userEvent.click(rowOf('Galaxy S21').getByRole('button', { name: t.reject }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(t.rejectReasonLabel), 'Blurry.');
    await userEvent.click(within(dialog).getByRole('button', { name: t.rejectConfirm }));
    expect(await within(dialog).findByText(listingReviewMessages.notPending)).toBeVisible();
  });
});
