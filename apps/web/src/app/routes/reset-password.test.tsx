import { messages, recoveryMessages } from '@recell/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '@/test/api-mock';
import { jsonResponse } from '@/test/fixtures';
import { renderWithSession } from '@/test/render';
import ResetPasswordPage from './reset-password';

const signedOut = (reset: () => Response) =>
  mockApi({
    'POST /api/auth/refresh': () => apiError(401, 'unauthorized', 'Your session has ended.'),
    'POST /api/auth/reset-password': reset,
  });

describe('reset password', () => {
  it('sends the new password with the link’s token, then points to the login', async () => {
    const { callsTo } = signedOut(() => jsonResponse({ message: recoveryMessages.passwordChanged }));
    renderWithSession(<ResetPasswordPage />, { route: '/reset-password?token=abc123' });

    await userEvent.type(screen.getByLabelText('New password'), 'a-new-passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByRole('status')).toHaveTextContent(recoveryMessages.passwordChanged);
    expect(callsTo('POST /api/auth/reset-password')[0]!.body).toEqual({
      token: 'abc123',
      password: 'a-new-passphrase',
    });
    await userEvent.click(screen.getByRole('link', { name: 'Back to login' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('holds the password to the sign-up rules before sending', async () => {
    const { callsTo } = signedOut(() => jsonResponse({ message: recoveryMessages.passwordChanged }));
    renderWithSession(<ResetPasswordPage />, { route: '/reset-password?token=abc123' });

    await userEvent.type(screen.getByLabelText('New password'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText(messages.passwordMin)).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(messages.passwordMin);
    expect(callsTo('POST /api/auth/reset-password')).toHaveLength(0);
  });

  it('says clearly when the link is used or expired, with a way to ask for a new one', async () => {
    signedOut(() =>
      apiError(400, 'validation', recoveryMessages.resetLinkInvalid, { token: recoveryMessages.resetLinkInvalid }),
    );
    renderWithSession(<ResetPasswordPage />, { route: '/reset-password?token=used' });

    await userEvent.type(screen.getByLabelText('New password'), 'a-new-passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(recoveryMessages.resetLinkInvalid);
    await userEvent.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/forgot-password');
  });

  it('without a token says the link is incomplete instead of showing a form', () => {
    signedOut(() => jsonResponse({ message: recoveryMessages.passwordChanged }));
    renderWithSession(<ResetPasswordPage />, { route: '/reset-password' });
    expect(screen.getByRole('alert')).toHaveTextContent(recoveryMessages.resetLinkInvalid);
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});
