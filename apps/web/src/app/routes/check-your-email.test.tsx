import { checkEmailTexts, recoveryMessages } from '@recell/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { jsonResponse, makeSession } from '@/test/fixtures';
import { renderWithSession } from '@/test/render';
import CheckYourEmailPage from './check-your-email';

const newAccount = { name: 'Sam Seller', email: 'sam@example.com', isEmailConfirmed: false };

describe('the "check your email" page', () => {
  it('names the address, says why, sends a new link on request and leads on', async () => {
    const { callsTo } = mockApi({
      'POST /api/auth/refresh': () => jsonResponse(makeSession(newAccount)),
      'POST /api/me/confirmation-email': () => jsonResponse({ message: recoveryMessages.confirmationSent }),
      'GET /api/demo-mailbox': () => jsonResponse({ url: null }),
    });
    renderWithSession(<CheckYourEmailPage />, { route: '/check-your-email' });

    expect(await screen.findByRole('heading', { level: 1, name: checkEmailTexts.heading })).toBeInTheDocument();
    expect(await screen.findByText(checkEmailTexts.sentTo('sam@example.com'))).toBeInTheDocument();
    expect(screen.getByText(checkEmailTexts.why)).toBeInTheDocument();
    // Not a demo: no mailbox to point to.
    await waitFor(() => {
      expect(callsTo('GET /api/demo-mailbox')).toHaveLength(1);
    });
    expect(screen.queryByRole('link', { name: new RegExp(checkEmailTexts.openDemoMailbox) })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: checkEmailTexts.resend }));
    expect(await screen.findByText(recoveryMessages.confirmationSent)).toBeInTheDocument();
    expect(callsTo('POST /api/me/confirmation-email')).toHaveLength(1);

    expect(screen.getByRole('link', { name: checkEmailTexts.continueLink })).toHaveAttribute('href', '/');
  });

  it('in a demo, points to the demo mailbox, in a new tab', async () => {
    mockApi({
      'POST /api/auth/refresh': () => jsonResponse(makeSession(newAccount)),
      'GET /api/demo-mailbox': () => jsonResponse({ url: 'http://localhost:1080/' }),
    });
    renderWithSession(<CheckYourEmailPage />, { route: '/check-your-email' });

    expect(await screen.findByText(checkEmailTexts.demoMailboxHint, { exact: false })).toBeInTheDocument();
    const link = screen.getByRole('link', {
      name: `${checkEmailTexts.openDemoMailbox} ${checkEmailTexts.opensInNewTab}`,
    });
    expect(link).toHaveAttribute('href', 'http://localhost:1080/');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('says so once the address is confirmed', async () => {
    mockApi({ 'POST /api/auth/refresh': () => jsonResponse(makeSession({ isEmailConfirmed: true })) });
    renderWithSession(<CheckYourEmailPage />, { route: '/check-your-email' });
    expect(await screen.findByText(checkEmailTexts.alreadyConfirmed)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: checkEmailTexts.resend })).not.toBeInTheDocument();
  });
});
