import { checkEmailTexts, recoveryMessages, recoveryTexts } from '@recell/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { jsonResponse, makeSession } from '@/test/fixtures';
import { renderWithSession } from '@/test/render';
import { useAuth } from '../auth-context';
import { EmailConfirmationNotice } from './email-confirmation-notice';

function SessionStatus() {
  return <p>{useAuth().status}</p>;
}

const signedIn = (isEmailConfirmed: boolean) =>
  mockApi({
    'POST /api/auth/refresh': () => jsonResponse(makeSession({ isEmailConfirmed })),
    'POST /api/me/confirmation-email': () => jsonResponse({ message: recoveryMessages.confirmationSent }),
  });

describe('the email confirmation notice', () => {
  it('tells an unconfirmed account what it cannot do, and sends a new link on request', async () => {
    const { callsTo } = signedIn(false);
    renderWithSession(<EmailConfirmationNotice />);

    expect(await screen.findByText(recoveryTexts.unconfirmedNotice)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: recoveryTexts.resendButton }));

    expect(await screen.findByText(recoveryMessages.confirmationSent)).toBeInTheDocument();
    expect(callsTo('POST /api/me/confirmation-email')).toHaveLength(1);
  });

  it('in a demo, links the demo mailbox where the link arrives', async () => {
    mockApi({
      'POST /api/auth/refresh': () => jsonResponse(makeSession({ isEmailConfirmed: false })),
      'GET /api/demo-mailbox': () => jsonResponse({ url: 'http://localhost:1080/' }),
    });
    renderWithSession(<EmailConfirmationNotice />);
    const link = await screen.findByRole('link', { name: new RegExp(`^${checkEmailTexts.demoMailbox}`) });
    expect(link).toHaveAttribute('href', 'http://localhost:1080/');
  });

  it('is not shown once the address is confirmed', async () => {
    signedIn(true);
    renderWithSession(
      <>
        <EmailConfirmationNotice />
        <SessionStatus />
      </>,
    );
    expect(await screen.findByText('signedIn')).toBeInTheDocument();
    expect(screen.queryByText(recoveryTexts.unconfirmedNotice)).not.toBeInTheDocument();
  });
});
