import { recoveryMessages, recoveryTexts } from '@recell/contract';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { getSessionState, updateSessionUser } from '@/lib/session';

/**
 * Confirms the address of the emailed link's `token` once the page runs (a mail scanner fetching
 * the link confirms nothing), and says how it went.
 */
export function EmailConfirmation({ token }: { token: string }) {
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | undefined>(
    token ? undefined : { ok: false, message: recoveryMessages.confirmLinkInvalid },
  );
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    import('../api/recovery')
      .then(async (recovery) => {
        const answer = await recovery.confirmEmail(token);
        // Whoever is signed in by then (a link opened in a new tab restores its session meanwhile)
        // gets their account as the server now has it: confirmed if the link was theirs.
        if (getSessionState().status === 'signedIn') await recovery.getMe().then(updateSessionUser, () => undefined);
        return answer;
      })
      .then(
        (answer) => {
          setOutcome({ ok: true, message: answer.message });
        },
        (error: unknown) => {
          setOutcome({
            ok: false,
            message: isApiError(error) ? (error.fields?.token ?? error.message) : recoveryMessages.confirmLinkInvalid,
          });
        },
      );
  }, [token]);

  return (
    <p role={outcome && !outcome.ok ? 'alert' : 'status'} className="mt-6">
      {outcome?.message ?? recoveryTexts.confirming}
    </p>
  );
}
