import { checkEmailTexts } from '@recell/contract';
import { Link } from 'react-router';
import { useAuth } from '../auth-context';
import { useResendConfirmation } from '../use-resend-confirmation';
import { DemoMailboxHint } from './demo-mailbox-link';

/**
 * Where sign-up ends: the address the confirmation link went to, why it matters, a button for a new
 * link, in a demo the mailbox where it arrives, and the way on (`next`) for browsing meanwhile.
 */
export function CheckYourEmail({ next }: { next: string }) {
  const { user } = useAuth();
  const { resend, isSending } = useResendConfirmation();
  if (!user) return null;

  const continueLink = (
    <Link to={next} className="btn btn-outline">
      {checkEmailTexts.continueLink}
    </Link>
  );
  if (user.isEmailConfirmed) {
    return (
      <>
        <p role="status" className="mt-6">
          {checkEmailTexts.alreadyConfirmed}
        </p>
        <div className="mt-6">{continueLink}</div>
      </>
    );
  }
  return (
    <>
      <p className="mt-6 text-lg">{checkEmailTexts.sentTo(user.email)}</p>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{checkEmailTexts.why}</p>
      <DemoMailboxHint />
      <div className="mt-6 flex flex-wrap gap-3">
        <button
          type="button"
          className="btn btn-primary"
          disabled={isSending}
          aria-busy={isSending}
          onClick={() => void resend()}
        >
          {checkEmailTexts.resend}
        </button>
        {continueLink}
      </div>
    </>
  );
}
