import { accountTexts, adminTexts, type OutboxEmail } from '@recell/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuthContextValue } from '@/features/auth';
import { apiError, mockApi } from '@/test/api-mock';
import { jsonResponse, makeMe } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { OutboxTable } from './outbox-table';

const admin: AuthContextValue = { status: 'signedIn', user: makeMe({ role: 'admin' }), logout: async () => {} };

const email = (overrides: Partial<OutboxEmail>): OutboxEmail => ({
  id: '5d4c3b2a-1908-4f7e-8d6c-5b4a39281706',
  to: 'nora@example.com',
  subject: 'Reset your ReCell password',
  text: 'Hello Nora,\n\nOpen this link:\nhttp://localhost:3000/reset-password?token=abc',
  kind: 'password_reset',
  createdAt: new Date(2025, 0, 5, 15, 5).toISOString(),
  sentAt: null,
  attempts: 0,
  ...overrides,
});

describe('Email outbox', () => {
  it('lists the kept emails, newest first, and shows an email with its links', async () => {
    const reset = email({});
    const booked = email({
      id: '4c3b2a19-0807-4e6d-9c5b-4a3928170615',
      to: 'sam@example.com',
      subject: 'New booking',
      text: 'A buyer booked your Pixel 7.',
      kind: 'order_booked',
      createdAt: new Date(2025, 0, 4, 9, 7).toISOString(),
      sentAt: new Date(2025, 0, 4, 9, 8).toISOString(),
      attempts: 1,
    });
    mockApi({ 'GET /api/admin/outbox': () => jsonResponse({ items: [reset, booked] }) });
    renderWithProviders(<OutboxTable />, { auth: admin });

    const table = await screen.findByRole('table', { name: accountTexts.emailOutbox });
    const [, ...rows] = within(table).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('nora@example.com')).toBeVisible();
    expect(within(rows[0]!).getByText(adminTexts.waiting(0))).toBeVisible();
    expect(within(rows[1]!).getByText('New booking')).toBeVisible();
    expect(within(rows[1]!).getByText(adminTexts.delivered)).toBeVisible();

    // The body, folded until asked for.
    const body = within(rows[0]!).getByText(/reset-password\?token=abc/);
    expect(body).not.toBeVisible();
    await userEvent.click(within(rows[0]!).getByText(adminTexts.showEmail));
    expect(body).toBeVisible();
  });

  it('says the emails are sent when the server sends through SMTP', async () => {
    mockApi({ 'GET /api/admin/outbox': () => apiError(404, 'not_found', 'Not found') });
    renderWithProviders(<OutboxTable />, { auth: admin });
    expect(await screen.findByText(adminTexts.outboxSmtp)).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
