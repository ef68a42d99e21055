import { messages, recoveryEndpoints, recoveryTexts } from '@recell/contract';
import { useState } from 'react';
import { callApi, isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

type Outcome = { ok: boolean; message: string };

/**
 * Sends a new confirmation link to the signed-in account's email (POST /api/me/confirmation-email)
 * and says how that went beside the button: in a dialog or a toast a second toast would go unseen.
 */
export function ResendConfirmationButton() {
  const [isSending, setIsSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const resend = async () => {
    setIsSending(true);
    setOutcome(null);
    try {
      setOutcome({ ok: true, message: (await callApi(recoveryEndpoints.resendConfirmation)).message });
    } catch (error) {
      setOutcome({ ok: false, message: isApiError(error) ? error.message : messages.internalError });
    } finally {
      setIsSending(false);
    }
  };

  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <button
        type="button"
        className="btn btn-outline"
        disabled={isSending}
        aria-busy={isSending}
        onClick={() => void resend()}
      >
        {isSending ? recoveryTexts.sending : recoveryTexts.resendButton}
      </button>
      {outcome && <span role={outcome.ok ? 'status' : 'alert'}>{outcome.message}</span>}
    </span>
  );
}

/**
 * The server refused a trade because the email is not confirmed: its message in a toast that
 * stays longer than most (it holds a button), with the button that sends a new link.
 */
export const showEmailUnconfirmed = (message: string) =>
  toast.error(
    () => (
      <span className="grid gap-2">
        <span>{message}</span>
        <ResendConfirmationButton />
      </span>
    ),
    { id: 'email-unconfirmed', duration: 10_000 },
  );
