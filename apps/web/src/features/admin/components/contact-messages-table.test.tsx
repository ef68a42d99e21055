import { adminTexts, type ContactMessage } from '@recell/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuthContextValue } from '@/features/auth';
import { mockApi } from '@/test/api-mock';
import { jsonResponse, makeMe, pageOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { ContactMessagesTable } from './contact-messages-table';

const admin: AuthContextValue = { status: 'signedIn', user: makeMe({ role: 'admin' }), logout: async () => {} };

const message = (overrides: Partial<ContactMessage>): ContactMessage => ({
  id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  message: 'Do you buy broken phones?',
  // 5 Jan 2025, 15:05 in the test machine's own time zone
  receivedAt: new Date(2025, 0, 5, 15, 5).toISOString(),
  readAt: null,
  archivedAt: null,
  ...overrides,
});
const unread = message({});
const read = message({
  id: '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  message: '<b>Not bold</b>',
  readAt: new Date(2025, 0, 5, 16, 0).toISOString(),
});
const older = message({ id: '3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b', name: 'Linus', email: 'linus@example.com' });

const inboxCaption = 'Messages: Inbox';
const rowOf = (name: string) => screen.getByRole('rowheader', { name }).closest('tr')!;

describe('Messages', () => {
  it('lists the inbox: unread ones marked, with the sender’s email, the message as typed and when it came', async () => {
    mockApi({ 'GET /api/admin/contact-messages': () => jsonResponse(pageOf([unread, read])) });
    renderWithProviders(<ContactMessagesTable view="inbox" />, { auth: admin });

    await screen.findByRole('table', { name: inboxCaption });
    const adaRow = within(rowOf('Ada Lovelace'));
    expect(adaRow.getByText(adminTexts.unread)).toBeInTheDocument();
    expect(adaRow.getByRole('link', { name: 'ada@example.com' })).toHaveAttribute('href', 'mailto:ada@example.com');
    expect(adaRow.getByText('Do you buy broken phones?')).toBeInTheDocument();
    expect(
      adaRow.getByText((_, element) => element?.tagName === 'TIME' && element.textContent === 'Jan 5, 2025, 3:05 pm'),
    ).toBeInTheDocument();
    expect(adaRow.getByRole('button', { name: adminTexts.markRead })).toBeInTheDocument();

    const graceRow = within(rowOf('Grace Hopper'));
    expect(graceRow.getByText(adminTexts.read)).toBeInTheDocument();
    expect(graceRow.getByText('<b>Not bold</b>')).toBeInTheDocument();
    expect(graceRow.queryByRole('button', { name: adminTexts.markRead })).not.toBeInTheDocument();
    expect(graceRow.getByRole('button', { name: adminTexts.archive })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: adminTexts.inbox })).toHaveAttribute('aria-current', 'page');
  });

  it('marks a message read, and archives one out of the inbox', async () => {
    let inbox = [unread, read];
    const api = mockApi({
      'GET /api/admin/contact-messages': () => jsonResponse(pageOf(inbox)),
      [`POST /api/admin/contact-messages/${unread.id}/read`]: () => {
        inbox = [{ ...unread, readAt: new Date().toISOString() }, read];
        return jsonResponse(inbox[0]);
      },
      [`POST /api/admin/contact-messages/${read.id}/archive`]: () => {
        inbox = inbox.filter((item) => item.id !== read.id);
        return jsonResponse({ ...read, archivedAt: new Date().toISOString() });
      },
    });
    renderWithProviders(<ContactMessagesTable view="inbox" />, { auth: admin });

    await screen.findByRole('table', { name: inboxCaption });
    await userEvent.click(within(rowOf('Ada Lovelace')).getByRole('button', { name: adminTexts.markRead }));
    expect(await screen.findByText(adminTexts.messageMarkedRead)).toBeInTheDocument();
    expect(within(rowOf('Ada Lovelace')).getByText(adminTexts.read)).toBeInTheDocument();
    expect(within(rowOf('Ada Lovelace')).queryByRole('button', { name: adminTexts.markRead })).not.toBeInTheDocument();

    await userEvent.click(within(rowOf('Grace Hopper')).getByRole('button', { name: adminTexts.archive }));
    expect(await screen.findByText(adminTexts.messageArchived)).toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: 'Grace Hopper' })).not.toBeInTheDocument();
    expect(api.callsTo(`POST /api/admin/contact-messages/${read.id}/archive`)).toHaveLength(1);
  });

  it('asks for the archive, without actions, and says when it is empty', async () => {
    const api = mockApi({ 'GET /api/admin/contact-messages': () => jsonResponse(pageOf([])) });
    renderWithProviders(<ContactMessagesTable view="archived" />, { auth: admin });

    expect(await screen.findByText(adminTexts.noArchivedMessages)).toBeInTheDocument();
    expect(api.calls[0]!.query.get('view')).toBe('archived');
    expect(screen.getByRole('link', { name: adminTexts.archived })).toHaveAttribute('aria-current', 'page');
  });

  it('loads the next page with Load more', async () => {
    const api = mockApi({
      'GET /api/admin/contact-messages': ({ query }) =>
        jsonResponse(query.get('cursor') ? pageOf([older]) : pageOf([unread], 'next-page')),
    });
    renderWithProviders(<ContactMessagesTable view="inbox" />, { auth: admin });

    await screen.findByRole('rowheader', { name: 'Ada Lovelace' });
    await userEvent.click(screen.getByRole('button', { name: adminTexts.loadMore }));
    expect(await screen.findByRole('rowheader', { name: 'Linus' })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(api.calls.at(-1)!.query.get('cursor')).toBe('next-page');
    expect(screen.queryByRole('button', { name: adminTexts.loadMore })).not.toBeInTheDocument();
  });
});
