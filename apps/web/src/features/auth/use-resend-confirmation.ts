import { useState } from 'react';
import { showActionError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';

/** Sends the signed-in account a new confirmation link and says so in a toast (or why not). */
export function useResendConfirmation() {
  const [isSending, setIsSending] = useState(false);
  const resend = async () => {
    setIsSending(true);
    try {
      const { resendConfirmation } = await import('./api/recovery');
      toast.success((await resendConfirmation()).message);
    } catch (error) {
      showActionError(error);
    } finally {
      setIsSending(false);
    }
  };
  return { resend, isSending };
}
