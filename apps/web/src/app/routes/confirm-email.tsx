import { recoveryMessages, recoveryTexts } from '@recell/contract';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { useAuth } from '@/features/auth';
import { isApiError } from '@/lib/api-client';
import { updateSessionUser } from '@/lib/session';

/**
 * Where the emailed confirmation link lands (`?token=…`): confirms the address once the page runs
 * (a mail scanner fetching the link confirms nothing), and says how it went.
 */
function ConfirmEmailPage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const { user } = useAuth();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | undefined>(
    token ? undefined : { ok: false, message: recoveryMessages.confirmLinkInvalid },
  );
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    import('@/features/auth/api/recovery')
      .then(({ confirmEmail }) => confirmEmail(token))
      .then(
        (answer) => {
          setOutcome({ ok: true, message: answer.message });
          if (user) updateSessionUser({ ...user, isEmailConfirmed: true });
        },
        (error: unknown) =>
          setOutcome({
            ok: false,
            message: isApiError(error) ? (error.fields?.token ?? error.message) : recoveryMessages.confirmLinkInvalid,
          }),
      );
  }, [token, user]);

  return (
    <div className="mx-auto max-w-md">
      <Page title={recoveryTexts.confirmHeading}>
        <p role={outcome && !outcome.ok ? 'alert' : 'status'} className="mt-6">
          {outcome?.message ?? recoveryTexts.confirming}
        </p>
      </Page>
    </div>
  );
}

export default ConfirmEmailPage;
