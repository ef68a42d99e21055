import { adminTexts, webTexts, type AuditEntry } from '@recell/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuthContextValue } from '@/features/auth';
import { mockApi } from '@/test/api-mock';
import { deferred, jsonResponse, makeMe, pageOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { AuditLogTable } from './audit-log-table';

const admin: AuthContextValue = { status: 'signedIn', user: makeMe({ role: 'admin' }), logout: async () => {} };

const actor = { id: '3b0f6a52-8d1e-4c7b-9a2f-5e6d7c8b9a01', name: 'Ada Admin', email: 'ada@example.com' };

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: '8f7e6d5c-4b3a-4291-8807-a6b5c4d3e2f1',
  actor,
  action: 'seller.verified',
  subjectType: 'user',
  subjectId: '0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d',
  detail: null,
  // 5 Jan 2025, 15:05 in the test machine's own time zone
  createdAt: new Date(2025, 0, 5, 15, 5).toISOString(),
  ...overrides,
});

const verified = entry({});
const paid = entry({
  id: '7e6d5c4b-3a29-4180-97f6-b5c4d3e2f1a0',
  actor: null,
  action: 'payment.recorded',
  subjectType: 'order',
  subjectId: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
  createdAt: new Date(2025, 0, 4, 9, 7).toISOString(),
});
const unknown = entry({
  id: '6d5c4b3a-2918-4f70-86e5-a4b3c2d1e0f9',
  action: 'catalogue.reindexed',
  subjectType: 'category',
  subjectId: '1',
  createdAt: new Date(2025, 0, 3, 0, 30).toISOString(),
});

/** Each cell's text as a screen reader reads it (without the column names a phone's card shows). */
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => {
      const read = cell.cloneNode(true) as HTMLElement;
      read.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => {
        hidden.remove();
      });
      return read.textContent;
    });

describe('Audit Log', () => {
  it('shows a spinner while loading, then who did what to which record, when', async () => {
    const answer = deferred<Response>();
    mockApi({ 'GET /api/admin/audit': () => answer.promise });
    renderWithProviders(<AuditLogTable />, { auth: admin });

    expect(await screen.findByRole('status', { name: webTexts.loading })).toBeInTheDocument();
    act(() => {
      answer.resolve(jsonResponse(pageOf([verified, paid, unknown])));
    });

    const table = await screen.findByRole('table', { name: 'Audit Log' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['When', 'Who', 'Action', 'Record']);
    const [, ...rows] = within(table).getAllByRole('row');
    // In the order the API gives them (newest first).
    expect(rows.map(cellsOf)).toEqual([
      ['Jan 5, 2025, 3:05 pm', 'Ada Adminada@example.com', 'Seller verified', `User${verified.subjectId}`],
      ['Jan 4, 2025, 9:07 am', adminTexts.system, 'Payment recorded', `Order${paid.subjectId}`],
      // An action and a record type this screen does not know: shown as recorded.
      ['Jan 3, 2025, 12:30 am', 'Ada Adminada@example.com', 'catalogue.reindexed', 'category1'],
    ]);
    // The date and the time are each kept on one line (two parts of one text).
    const time = within(rows[0]!).getByText(
      (_, element) => element?.tagName === 'TIME' && element.textContent === 'Jan 5, 2025, 3:05 pm',
    );
    expect(time).toHaveAttribute('datetime', verified.createdAt);
  });

  it.each([
    ['user.removed', 'Account removed'],
    ['seller.verified', 'Seller verified'],
    ['report.listing_removed', 'Reported listing removed'],
    ['report.dismissed', 'Reports dismissed'],
    ['product.removed', 'Listing removed'],
    ['payment.recorded', 'Payment recorded'],
    ['order.cancelled', 'Order cancelled'],
  ])('names %s "%s"', async (action, label) => {
    mockApi({ 'GET /api/admin/audit': () => jsonResponse(pageOf([entry({ action })])) });
    renderWithProviders(<AuditLogTable />, { auth: admin });

    expect(await screen.findByRole('cell', { name: label })).toBeInTheDocument();
  });

  it('says when nothing has been recorded', async () => {
    mockApi({ 'GET /api/admin/audit': () => jsonResponse(pageOf([])) });
    renderWithProviders(<AuditLogTable />, { auth: admin });

    expect(await screen.findByText(adminTexts.noAuditEntries)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('loads older entries a page at a time', async () => {
    const api = mockApi({
      'GET /api/admin/audit': ({ query }) =>
        jsonResponse(query.get('cursor') === 'older' ? pageOf([paid]) : pageOf([verified], 'older')),
    });
    renderWithProviders(<AuditLogTable />, { auth: admin });
    await screen.findByRole('cell', { name: 'Seller verified' });
    expect(screen.queryByRole('cell', { name: 'Payment recorded' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: adminTexts.loadMore }));

    expect(await screen.findByRole('cell', { name: 'Payment recorded' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: adminTexts.loadMore })).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/admin/audit').map((call) => call.query.get('cursor'))).toEqual([null, 'older']);
  });
});
