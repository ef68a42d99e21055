import { recoveryMessages, recoveryTexts } from '@recell/contract';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { updateSessionUser } from '@/lib/session';
import { useAuth } from '../auth-context';

/**
 * Confirms the address of the emailed link's `token` once the page runs (a mail scanner fetching
 * the link confirms nothing), and says how it went.
 */
export function EmailConfirmation({ token }: { token: string }) {
  const { user } = useAuth();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | undefined>(
    token ? undefined : { ok: false, message: recoveryMessages.confirmLinkInvalid },
  );
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    import('../api/recovery')
      .then(({ confirmEmail }) => confirmEmail(token))
      .then(
        (answer) => {
          setOutcome({ ok: true, message: answer.message });
          if (user) updateSessionUser({ ...user, isEmailConfirmed: true });
        },
        (error: unknown) => {
          setOutcome({
            ok: false,
            message: isApiError(error) ? (error.fields?.token ?? error.message) : recoveryMessages.confirmLinkInvalid,
          });
        },
      );
  }, [token, user]);

  return (
    <p role={outcome && !outcome.ok ? 'alert' : 'status'} className="mt-6">
      {outcome?.message ?? recoveryTexts.confirming}
    </p>
  );
}
