import { recoveryMessages, recoveryTexts } from '@recell/contract';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { mockApi } from '@/test/api-mock';
import { jsonResponse, makeSession } from '@/test/fixtures';
import { ApiError } from './api-error';
import { showActionError } from './form-errors';
import { setSession } from './session';

describe('showActionError', () => {
  it('says the server’s reason in a toast', () => {
    render(<Toaster />);
    act(() => {
      showActionError(new ApiError({ status: 403, code: 'forbidden', message: 'Only the seller may do that' }));
    });
    expect(screen.getByText('Only the seller may do that')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('offers to resend the confirmation link when the refusal is about an unconfirmed email', async () => {
    setSession(makeSession({ isEmailConfirmed: false }));
    const { callsTo } = mockApi({
      'POST /api/me/confirmation-email': () => jsonResponse({ message: recoveryMessages.confirmationSent }),
    });
    render(<Toaster />);
    act(() => {
      showActionError(
        new ApiError({ status: 403, code: 'email_unconfirmed', message: recoveryMessages.emailUnconfirmed }),
      );
    });

    expect(screen.getByText(recoveryMessages.emailUnconfirmed)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: recoveryTexts.resendButton }));

    expect(await screen.findByText(recoveryMessages.confirmationSent)).toBeInTheDocument();
    expect(callsTo('POST /api/me/confirmation-email')).toHaveLength(1);
  });
});
