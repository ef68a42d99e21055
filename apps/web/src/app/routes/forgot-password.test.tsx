import { messages, recoveryMessages } from '@recell/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '@/test/api-mock';
import { jsonResponse } from '@/test/fixtures';
import { renderWithSession } from '@/test/render';
import ForgotPasswordPage from './forgot-password';
import LoginPage from './login';

const signedOut = (forgot: () => Response) =>
  mockApi({
    'POST /api/auth/refresh': () => apiError(401, 'unauthorized', 'Your session has ended.'),
    'GET /api/auth/providers': () => jsonResponse({ google: false, github: false }),
    'POST /api/auth/forgot-password': forgot,
  });

describe('forgot password', () => {
  it('is linked from the login page', async () => {
    signedOut(() => jsonResponse({ message: recoveryMessages.resetRequested }));
    renderWithSession(<LoginPage />, { route: '/login' });
    await userEvent.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/forgot-password');
  });

  it('sends the email and shows the one answer in place of the form', async () => {
    const { callsTo } = signedOut(() => jsonResponse({ message: recoveryMessages.resetRequested }));
    renderWithSession(<ForgotPasswordPage />, { route: '/forgot-password' });

    await userEvent.type(screen.getByLabelText('Email'), 'Ada@Example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('status')).toHaveTextContent(recoveryMessages.resetRequested);
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    const [call] = callsTo('POST /api/auth/forgot-password');
    expect(call!.body).toEqual({ email: 'ada@example.com' });
  });

  it('asks for an email before sending anything', async () => {
    const { callsTo } = signedOut(() => jsonResponse({ message: recoveryMessages.resetRequested }));
    renderWithSession(<ForgotPasswordPage />, { route: '/forgot-password' });

    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByText(messages.emailRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(messages.emailRequired);
    expect(callsTo('POST /api/auth/forgot-password')).toHaveLength(0);
  });
});
