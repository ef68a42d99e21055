import { recoveryTexts } from '@recell/contract';
import { useState } from 'react';
import { showActionError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useAuth } from '../auth-context';

/**
 * Shown to a signed-in account whose email is not confirmed yet: what it cannot do until then, and
 * a button that sends a new link.
 */
export function EmailConfirmationNotice() {
  const { user } = useAuth();
  const [isSending, setIsSending] = useState(false);
  if (!user || user.isEmailConfirmed) return null;

  const resend = async () => {
    setIsSending(true);
    try {
      const { resendConfirmation } = await import('../api/recovery');
      toast.success((await resendConfirmation()).message);
    } catch (error) {
      showActionError(error);
    } finally {
      setIsSending(false);
    }
  };

  return (
    <div
      role="status"
      className="mb-6 flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 dark:border-amber-700 dark:bg-amber-950"
    >
      <p className="flex-1">{recoveryTexts.unconfirmedNotice}</p>
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
