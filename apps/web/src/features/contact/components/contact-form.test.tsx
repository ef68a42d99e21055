import { contactMessages, messages, webTexts } from '@recell/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '@/test/api-mock';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { ContactForm } from './contact-form';

const route = 'POST /api/contact-messages';
const created = () => jsonResponse({ id: '5b0c2d1e-8f7a-4b6c-9d0e-1f2a3b4c5d6e' }, 201);

const fillIn = async (fields: { name: string; email: string; message: string }) => {
  await userEvent.type(screen.getByLabelText('Name'), fields.name);
  await userEvent.type(screen.getByLabelText('Email'), fields.email);
  await userEvent.type(screen.getByLabelText('Message'), fields.message);
};

describe('ContactForm', () => {
  it('asks for every field before sending, and sends nothing', async () => {
    const api = mockApi({ [route]: created });
    renderWithProviders(<ContactForm />);

    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText(messages.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.emailRequired)).toBeInTheDocument();
    expect(screen.getByText('Message is Required')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(messages.nameRequired);
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('refuses an email address that is not one', async () => {
    const api = mockApi({ [route]: created });
    renderWithProviders(<ContactForm />);

    await fillIn({ name: 'Ada', email: 'ada-at-example', message: 'Hello' });
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ada-at-example');
    expect(api.calls).toEqual([]);
  });

  it('sends the message, then thanks the sender and clears the form', async () => {
    let answer: (response: Response) => void = () => {};
    const api = mockApi({ [route]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderWithProviders(<ContactForm />);

    await fillIn({ name: 'Ada', email: 'ada@example.com', message: 'Do you buy broken phones?' });
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    // Sent, and no thanks while the server has not answered.
    await waitFor(() => expect(api.callsTo(route)).toHaveLength(1));
    expect(api.callsTo(route)[0]!.body).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      message: 'Do you buy broken phones?',
    });
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(screen.queryByText(webTexts.contactThanks('Ada'))).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Ada');

    answer(created());

    expect(await screen.findByRole('status')).toHaveTextContent('Thank you for your message, Ada!');
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });

  it('shows the server’s refusal of a field under it, thanks no one and keeps what was typed', async () => {
    mockApi({
      [route]: () =>
        apiError(400, 'validation', contactMessages.messageTooLong, { message: contactMessages.messageTooLong }),
    });
    renderWithProviders(<ContactForm />);

    await fillIn({ name: 'Ada', email: 'ada@example.com', message: 'Do you buy broken phones?' });
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText(contactMessages.messageTooLong)).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription(contactMessages.messageTooLong);
    expect(screen.queryByText(webTexts.contactThanks('Ada'))).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Message')).toHaveValue('Do you buy broken phones?');
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it('shows any other refusal (too many messages) as the server words it, and keeps what was typed', async () => {
    mockApi({ [route]: () => apiError(429, 'rate_limited', messages.tooManyRequests) });
    renderWithProviders(<ContactForm />);

    await fillIn({ name: 'Ada', email: 'ada@example.com', message: 'Hello again' });
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText(messages.tooManyRequests)).toBeInTheDocument();
    expect(screen.queryByText(webTexts.contactThanks('Ada'))).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Message')).toHaveValue('Hello again');
  });

  it('fills in a signed-in person’s name and email once the session is known, in the same fields', async () => {
    const { rerender } = renderWithProviders(<ContactForm />);
    const name = screen.getByLabelText('Name');
    expect(name).toHaveValue('');

    // The page was shown to a visitor first (prerendered); then the session arrives.
    rerender(<ContactForm sender={{ name: 'Ada Buyer', email: 'ada@example.com' }} />);

    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Ada Buyer'));
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Message')).toHaveValue('');
    // The very input that was there, filled in (no new form took its place).
    expect(screen.getByLabelText('Name')).toBe(name);
  });

  it('never writes over what the person typed before the session was known', async () => {
    const { rerender } = renderWithProviders(<ContactForm />);
    await userEvent.type(screen.getByLabelText('Name'), 'Grace');

    rerender(<ContactForm sender={{ name: 'Ada Buyer', email: 'ada@example.com' }} />);

    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com'));
    expect(screen.getByLabelText('Name')).toHaveValue('Grace');
  });

  it('keeps a signed-in sender’s name and email after sending, ready for another message', async () => {
    const api = mockApi({ [route]: created });
    renderWithProviders(<ContactForm sender={{ name: 'Ada Buyer', email: 'ada@example.com' }} />);
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com'));

    await userEvent.type(screen.getByLabelText('Message'), 'Do you buy broken phones?');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Thank you for your message, Ada Buyer!');
    expect(api.callsTo(route)[0]!.body).toEqual({
      name: 'Ada Buyer',
      email: 'ada@example.com',
      message: 'Do you buy broken phones?',
    });
    expect(screen.getByLabelText('Name')).toHaveValue('Ada Buyer');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });
});
