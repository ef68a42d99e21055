import { messages } from '@recell/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '@/test/api-mock';
import { jsonResponse, makeSession } from '@/test/fixtures';
import { renderWithSession } from '@/test/render';
import LoginPage from './login';

const signedOutApi = (login: () => Response) =>
  mockApi({
    'POST /api/auth/refresh': () => apiError(401, 'unauthorized', 'Your session has ended.'),
    'GET /api/auth/providers': () => jsonResponse({ google: true, github: true }),
    'POST /api/auth/login': login,
  });

const fill = async (email: string, password: string) => {
  if (email) await userEvent.type(screen.getByLabelText('Email'), email);
  if (password) await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
};

describe('the login page', () => {
  it('asks for the email and the password, with the spec messages under the fields', async () => {
    const { callsTo } = signedOutApi(() => jsonResponse(makeSession()));
    renderWithSession(<LoginPage />, { route: '/login' });

    await fill('', '');

    await screen.findByText(messages.emailRequired);
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(messages.emailRequired);
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(messages.passwordRequired);
    expect(callsTo('POST /api/auth/login')).toHaveLength(0);
  });

  it('wants a password of at least 6 characters', async () => {
    const { callsTo } = signedOutApi(() => jsonResponse(makeSession()));
    renderWithSession(<LoginPage />, { route: '/login' });

    await fill('ada@example.com', '12345');

    await screen.findByText(messages.passwordMin);
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(messages.passwordMin);
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    expect(callsTo('POST /api/auth/login')).toHaveLength(0);
  });

  it("shows 'User is Not Found' under the email for an unknown account", async () => {
    signedOutApi(() => apiError(401, 'unauthorized', messages.userNotFound, { email: messages.userNotFound }));
    renderWithSession(<LoginPage />, { route: '/login' });

    await fill('nobody@example.com', 'secret1');

    expect(await screen.findByText(messages.userNotFound)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(messages.userNotFound);
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it("shows 'Password is Wrong Try again' under the password", async () => {
    signedOutApi(() => apiError(401, 'unauthorized', messages.wrongPassword, { password: messages.wrongPassword }));
    renderWithSession(<LoginPage />, { route: '/login' });

    await fill('ada@example.com', 'wrong-one');

    expect(await screen.findByText(messages.wrongPassword)).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(messages.wrongPassword);
    // the server's answer is about this attempt, not a reason to log anyone out
    expect(screen.queryByText(messages.unauthorized)).not.toBeInTheDocument();
  });

  it('shows an error without a field (too many attempts) in a toast', async () => {
    signedOutApi(() => apiError(429, 'rate_limited', 'Too many attempts. Please try again in 5 minutes.'));
    renderWithSession(<LoginPage />, { route: '/login' });

    await fill('ada@example.com', 'secret1');

    expect(await screen.findByRole('status')).toHaveTextContent('Too many attempts. Please try again in 5 minutes.');
  });

  it("logs in with the email and password, says 'User Login Successfully' and goes home", async () => {
    const { callsTo } = signedOutApi(() => jsonResponse(makeSession({ name: 'Ada Buyer' })));
    renderWithSession(<LoginPage />, { route: '/login' });

    await fill('  Ada@Example.com ', 'secret1');

    expect(await screen.findByText(messages.loginSuccess)).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    });
    expect(callsTo('POST /api/auth/login')[0]?.body).toEqual({ email: 'ada@example.com', password: 'secret1' });
  });

  it('offers Google and GitHub, and a link to sign up', async () => {
    signedOutApi(() => jsonResponse(makeSession()));
    renderWithSession(<LoginPage />, { route: '/login' });

    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Google' })).toBeEnabled();
    });
    expect(screen.getByRole('button', { name: 'GitHub' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
  });
});
