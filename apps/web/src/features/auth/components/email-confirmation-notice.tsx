import { recoveryTexts } from '@recell/contract';
import { useAuth } from '../auth-context';
import { useResendConfirmation } from '../use-resend-confirmation';
import { DemoMailboxLink } from './demo-mailbox-link';

/**
 * Shown to a signed-in account whose email is not confirmed yet: what it cannot do until then, a
 * button that sends a new link, and in a demo the mailbox where the link arrives.
 */
export function EmailConfirmationNotice() {
  const { user } = useAuth();
  const { resend, isSending } = useResendConfirmation();
  if (!user || user.isEmailConfirmed) return null;

  return (
    <div
      role="status"
      className="mb-6 flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 dark:border-amber-700 dark:bg-amber-950"
    >
      <p className="flex-1">{recoveryTexts.unconfirmedNotice}</p>
      <DemoMailboxLink className="link font-semibold" />
      <button
        type="button"
        className="btn btn-outline"
        disabled={isSending}
        aria-busy={isSending}
        onClick={() => void resend()}
      >
        {recoveryTexts.resendButton}
      </button>
    </div>
  );
}
