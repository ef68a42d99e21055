import { messages, uploadMessages } from '@recell/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiError, mockApi } from '@/test/api-mock';
import { FakeXhr } from '@/test/fake-xhr';
import { jsonResponse, makeSession } from '@/test/fixtures';
import { renderWithSession } from '@/test/render';
import SignupPage from './signup';

const photo = () => new File(['png bytes'], 'me.png', { type: 'image/png' });

const fillAll = async ({ image = photo() }: { image?: File } = {}) => {
  await userEvent.type(screen.getByLabelText('Full name'), 'Sam Seller');
  await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'secret1');
  await userEvent.selectOptions(screen.getByLabelText('Role'), messages.roleSellerOption);
  await userEvent.upload(screen.getByLabelText('Photo'), image);
};
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

describe('the sign-up page', () => {
  beforeEach(() => {
    FakeXhr.install();
    mockApi({
      'POST /api/auth/refresh': () => apiError(401, 'unauthorized', 'Your session has ended.'),
      'GET /api/auth/providers': () => jsonResponse({ google: true, github: false }),
    });
  });

  it('asks for every field with the spec messages, the role and the photo included', async () => {
    renderWithSession(<SignupPage />, { route: '/signup' });

    await submit();

    await screen.findByText(messages.nameRequired);
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription(messages.nameRequired);
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(messages.emailRequired);
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(messages.passwordRequired);
    expect(screen.getByLabelText('Role')).toHaveAccessibleDescription(messages.roleRequired);
    expect(screen.getByLabelText('Photo')).toHaveAccessibleDescription(expect.stringContaining(messages.imageRequired));
    expect(FakeXhr.requests).toHaveLength(0);
  });

  it('offers a user or a seller account, never an admin one', () => {
    renderWithSession(<SignupPage />, { route: '/signup' });

    const options = within(screen.getByLabelText('Role')).getAllByRole('option');
    expect(options.map((option) => option.getAttribute('value'))).toEqual(['', 'user', 'seller']);
    expect(options.slice(1).map((option) => option.textContent)).toEqual([
      messages.roleUserOption,
      messages.roleSellerOption,
    ]);
  });

  it('wants a password of at least 6 characters and a picture file', async () => {
    renderWithSession(<SignupPage />, { route: '/signup' });
    await fillAll();
    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), '12345');
    // the file picker's filter (accept) can be switched to "All files"
    await userEvent
      .setup({ applyAccept: false })
      .upload(screen.getByLabelText('Photo'), new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));

    await submit();

    await screen.findByText(messages.passwordMin);
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(messages.passwordMin);
    expect(screen.getByLabelText('Photo')).toHaveAccessibleDescription(
      expect.stringContaining(uploadMessages.unsupportedType),
    );
    expect(FakeXhr.requests).toHaveLength(0);
  });

  it('sends the form with the photo, shows the upload progress, then signs in and asks to check the email', async () => {
    renderWithSession(<SignupPage />, { route: '/signup' });
    await fillAll();

    await submit();
    const xhr = await FakeXhr.next();
    expect(xhr.url).toBe('/api/auth/signup');
    expect(xhr.formFields).toEqual({
      name: 'Sam Seller',
      email: 'sam@example.com',
      password: 'secret1',
      role: 'seller',
      image: 'me.png',
    });
    expect(xhr.headers.authorization).toBeUndefined();

    xhr.progress(0.4);
    expect(await screen.findByRole('progressbar', { name: 'Uploading… 40%' })).toHaveValue(40);
    xhr.progress(1);
    xhr.respond(201, makeSession({ name: 'Sam Seller', role: 'seller', isEmailConfirmed: false }, { isNewUser: true }));

    expect(await screen.findByText(messages.signupSuccess)).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/check-your-email$/);
    });
  });

  it('sends a confirmed account (a social sign-in) straight on to where it was going', async () => {
    mockApi({ 'POST /api/auth/refresh': () => jsonResponse(makeSession({ isEmailConfirmed: true })) });
    renderWithSession(<SignupPage />, { route: '/signup' });
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    });
  });

  it("says 'You Have a Already Account' in a toast and under the email", async () => {
    renderWithSession(<SignupPage />, { route: '/signup' });
    await fillAll();

    await submit();
    (await FakeXhr.next()).respond(409, {
      error: { code: 'conflict', message: messages.accountExists, fields: { email: messages.accountExists } },
    });

    expect(await screen.findByRole('status')).toHaveTextContent(messages.accountExists);
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(messages.accountExists);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/signup');
  });

  it('offers Google sign-in and a link to login', async () => {
    renderWithSession(<SignupPage />, { route: '/signup' });
    expect(await screen.findByRole('button', { name: 'Google' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'GitHub' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });
});
