import { accessTexts, accountEndpoints } from '@recell/contract';
import { useEffect, type ReactNode } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { ResendConfirmationButton } from '@/components/resend-confirmation';
import { callApi } from '@/lib/api-client';
import { updateSessionUser } from '@/lib/session';
import { useAuth } from '../auth-context';

/** Whether the signed-in account still has to confirm its email (false for a visitor). */
const useIsUnconfirmed = () => {
  const { user } = useAuth();
  const isUnconfirmed = user !== null && !user.isEmailConfirmed;

  // The link is opened elsewhere (the mail app, another tab): back here, ask whether it was.
  useEffect(() => {
    if (!isUnconfirmed) return;
    const check = () => {
      if (document.visibilityState === 'hidden') return;
      callApi(accountEndpoints.me)
        .then((me) => {
          if (me.isEmailConfirmed) updateSessionUser(me);
        })
        .catch(() => undefined); // the notice stays; the next return asks again
    };
    document.addEventListener('visibilitychange', check);
    window.addEventListener('focus', check);
    return () => {
      document.removeEventListener('visibilitychange', check);
      window.removeEventListener('focus', check);
    };
  }, [isUnconfirmed]);

  return isUnconfirmed;
};

/**
 * What an account whose email is not confirmed cannot do here (`what`: 'Confirm your email address
 * to book this phone.'), how to confirm it, and the button that sends a new link (unless the page
 * shows one already: `withResend` false, as in the dashboard, whose notice above has it).
 */
export function EmailConfirmationRequired({ what, withResend = true }: { what: string; withResend?: boolean }) {
  return (
    <div
      role="status"
      className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <p>
        <strong className="font-semibold">{what}</strong> {accessTexts.confirmHow}
      </p>
      {withResend && <ResendConfirmationButton />}
    </div>
  );
}

/**
 * A form that needs a confirmed email (booking, paying, listing, messages, ratings: the API
 * refuses them otherwise): shown to a confirmed account; an unconfirmed one is told so instead,
 * before filling anything in, and gets the form once the email is confirmed.
 */
export function ConfirmEmailFirst({
  what,
  withResend = true,
  children,
}: {
  what: string;
  withResend?: boolean;
  children: ReactNode;
}) {
  if (useIsUnconfirmed()) return <EmailConfirmationRequired what={what} withResend={withResend} />;
  return children;
}

/**
 * A modal form that needs a confirmed email: for an unconfirmed account, a dialog with the form's
 * title that says so (and Close) instead of the form.
 */
export function ConfirmEmailFirstDialog({
  title,
  what,
  onClose,
  children,
}: {
  title: string;
  what: string;
  onClose: () => void;
  children: ReactNode;
}) {
  if (!useIsUnconfirmed()) return children;
  return (
    <Dialog title={title} onClose={onClose}>
      <div className="mt-4">
        <EmailConfirmationRequired what={what} />
      </div>
      <div className="mt-4 flex justify-end">
        <button type="button" className="btn btn-outline" onClick={onClose}>
          {accessTexts.close}
        </button>
      </div>
    </Dialog>
  );
}
