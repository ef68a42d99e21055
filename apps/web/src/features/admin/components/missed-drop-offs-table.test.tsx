import { missedDropOffTexts as texts, type AdminMissedDropOff, type AdminMissedDropOffPage } from '@recell/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuthContextValue } from '@/features/auth';
import { mockApi } from '@/test/api-mock';
import { jsonResponse, makeMe } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { formatListingTime } from '@/lib/format-time';
import { MissedDropOffsTable } from './missed-drop-offs-table';

const admin: AuthContextValue = { status: 'signedIn', user: makeMe({ role: 'admin' }), logout: async () => {} };

const missed = (overrides: Partial<AdminMissedDropOff> = {}): AdminMissedDropOff => ({
  orderId: '11111111-1111-4111-8111-111111111111',
  product: { id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', name: 'Galaxy S21' },
  seller: {
    id: '0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d',
    name: 'Rahim Uddin',
    email: 'rahim@example.com',
    missedDropOffs: 2,
  },
  buyer: { id: '2b3c4d5e-6f70-4a1b-8c2d-3e4f5a6b7c8d', name: 'Nora Diaz' },
  priceCents: 44_999,
  paidAt: new Date(2026, 10, 27, 15, 0).toISOString(),
  shipBy: new Date(2026, 11, 1, 15, 0).toISOString(),
  missedAt: new Date(2026, 11, 1, 15, 1).toISOString(),
  isLabelBought: true,
  isLabelRefunded: true,
  refund: 'refunded',
  ...overrides,
});

describe('Missed drop-offs', () => {
  it('lists each missed drop-off with its order, seller and count, deadline, label and outcome under named columns', async () => {
    const withLabel = missed();
    const noLabel = missed({
      orderId: '22222222-2222-4222-8222-222222222222',
      product: { id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', name: 'Pixel 7' },
      seller: { ...missed().seller, id: '3c4d5e6f-7081-4b2c-9d3e-4f5a6b7c8d9e', name: 'Ana Ruiz', missedDropOffs: 1 },
      isLabelBought: false,
      isLabelRefunded: false,
      refund: 'refund_failed',
    });
    mockApi({
      'GET /api/admin/missed-drop-offs': () =>
        jsonResponse({ items: [withLabel, noLabel], nextCursor: null } satisfies AdminMissedDropOffPage),
    });
    renderWithProviders(<MissedDropOffsTable />, { auth: admin });

    const table = await screen.findByRole('table', { name: texts.tableLabel });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      texts.columns.order,
      texts.columns.seller,
      texts.columns.shipBy,
      texts.columns.label,
      texts.columns.outcome,
    ]);
    const [, first, second] = within(table).getAllByRole('row');
    const one = within(first!);
    expect(one.getByText('Galaxy S21')).toBeInTheDocument();
    expect(one.getByText(withLabel.orderId)).toBeInTheDocument();
    expect(one.getByText('Rahim Uddin')).toBeInTheDocument();
    expect(one.getByText('2 missed drop-offs')).toBeInTheDocument();
    expect(one.getAllByRole('cell')[2]).toHaveTextContent(formatListingTime(withLabel.shipBy));
    expect(one.getByText('Bought, refunded')).toBeInTheDocument();
    expect(one.getByText('Cancelled, buyer refunded')).toBeInTheDocument();
    const two = within(second!);
    expect(two.getByText('1 missed drop-off')).toBeInTheDocument();
    expect(two.getByText(texts.labelNone)).toBeInTheDocument();
    expect(two.getByText('Cancelled, refund failed: see Order problems')).toBeInTheDocument();
  });

  it('says so when no order has missed its drop-off', async () => {
    mockApi({
      'GET /api/admin/missed-drop-offs': () =>
        jsonResponse({ items: [], nextCursor: null } satisfies AdminMissedDropOffPage),
    });
    renderWithProviders(<MissedDropOffsTable />, { auth: admin });
    expect(await screen.findByText(texts.empty)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
