import { accountTexts, adminTexts, type Outbox, type OutboxEmail } from '@recell/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuthContextValue } from '@/features/auth';
import { mockApi } from '@/test/api-mock';
import { jsonResponse, makeMe } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { OutboxTable } from './outbox-table';

const admin: AuthContextValue = { status: 'signedIn', user: makeMe({ role: 'admin' }), logout: async () => {} };

const email = (overrides: Partial<OutboxEmail>): OutboxEmail => ({
  id: '5d4c3b2a-1908-4f7e-8d6c-5b4a39281706',
  to: 'nora@example.com',
  subject: 'Reset your ReCell password',
  kind: 'password_reset',
  state: 'queued',
  attempts: 0,
  createdAt: new Date(2025, 0, 5, 15, 5).toISOString(),
  sentAt: null,
  failedAt: null,
  ...overrides,
});

describe('Email outbox', () => {
  it("lists each email's delivery, newest first, and nothing of what it says", async () => {
    const reset = email({});
    const booked = email({
      id: '4c3b2a19-0807-4e6d-9c5b-4a3928170615',
      to: 'sam@example.com',
      subject: 'New booking',
      kind: 'order_booked',
      state: 'sent',
      attempts: 1,
      createdAt: new Date(2025, 0, 4, 9, 7).toISOString(),
      sentAt: new Date(2025, 0, 4, 9, 8).toISOString(),
    });
    const bounced = email({
      id: '3b2a1908-0706-4d5c-8b4a-392817061504',
      to: 'gone@example.com',
      subject: 'Confirm your email address for ReCell',
      kind: 'email_confirmation',
      state: 'failed',
      attempts: 8,
      createdAt: new Date(2025, 0, 3, 8, 0).toISOString(),
      failedAt: new Date(2025, 0, 3, 12, 0).toISOString(),
    });
    mockApi({
      'GET /api/admin/outbox': () =>
        jsonResponse({ items: [reset, booked, bounced], hasMailServer: true } satisfies Outbox),
    });
    renderWithProviders(<OutboxTable />, { auth: admin });

    const table = await screen.findByRole('table', { name: accountTexts.emailOutbox });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([adminTexts.columnWhen, adminTexts.columnTo, adminTexts.columnSubject, adminTexts.columnDelivery]);
    const [, ...rows] = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('nora@example.com')).toBeVisible();
    expect(within(rows[0]!).getByText(adminTexts.deliveryStates.queued)).toBeVisible();
    expect(within(rows[1]!).getByText('New booking')).toBeVisible();
    expect(within(rows[1]!).getByText(adminTexts.deliveryStates.sent)).toBeVisible();
    expect(within(rows[2]!).getByText(adminTexts.deliveryStates.failed)).toBeVisible();
    expect(within(rows[2]!).getByText(adminTexts.attempts(8), { exact: false })).toBeVisible();
    expect(screen.queryByText(adminTexts.outboxHeld)).not.toBeInTheDocument();
    // No email can be opened here: there is nothing to show but the delivery.
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('says that emails wait unsent when the server has no mail server', async () => {
    mockApi({
      'GET /api/admin/outbox': () =>
        jsonResponse({ items: [email({ state: 'held' })], hasMailServer: false } satisfies Outbox),
    });
    renderWithProviders(<OutboxTable />, { auth: admin });
    expect(await screen.findByText(adminTexts.outboxHeld)).toBeVisible();
    expect(screen.getByText(adminTexts.deliveryStates.held)).toBeVisible();
  });
});
