import {
  accountTexts,
  authResultChannelName,
  authResultMessageType,
  messages,
  safeNextPath,
  socialSignInMessage,
  type AuthResultMessage,
} from '@recell/contract';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth';
import { toast } from '@/lib/toast';

/** In the popup: hand the result to the page that opened it, then close. */
function PopupComplete({ result, next }: { result: AuthResultMessage; next: string }) {
  const [isStillOpen, setStillOpen] = useState(false);
  // Reports once, even when React runs the effect twice (StrictMode in development).
  const hasReported = useRef(false);
  useEffect(() => {
    if (!hasReported.current) {
      hasReported.current = true;
      const opener = window.opener as Window | null;
      if (opener && !opener.closed) {
        opener.postMessage(result, window.location.origin);
      } else if (typeof BroadcastChannel === 'function') {
        // The provider's page cut the popup off from its opener (Cross-Origin-Opener-Policy).
        const channel = new BroadcastChannel(authResultChannelName);
        channel.postMessage(result);
        channel.close();
      }
      window.close();
    }
    // Still here: the browser kept the window open (it was not opened by our script).
    const timer = setTimeout(() => {
      setStillOpen(true);
    }, 1000);
    return () => {
      clearTimeout(timer);
    };
  }, [result]);

  if (!isStillOpen) return <Spinner label={accountTexts.finishingSignIn} />;
  return (
    <div className="mx-auto max-w-md px-4 py-24 text-center">
      <p role="status">{result.status === 'ok' ? accountTexts.closeThisWindow : result.message}</p>
      <Link to={result.status === 'ok' ? next : paths.login.to()} className="btn btn-primary mt-6" reloadDocument>
        {accountTexts.continue}
      </Link>
    </div>
  );
}

/**
 * After a full-page social sign-in: the session starts from the refresh cookie the API set (the
 * app's usual start), then the user goes on to `next` with the spec's toast, or back to login with
 * the reason.
 */
function RedirectComplete({ result, next }: { result: AuthResultMessage; next: string }) {
  const { status } = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    if (status === 'loading') return;
    // One toast even when the effect runs twice (StrictMode in development).
    const id = 'social-sign-in';
    if (result.status === 'ok' && status === 'signedIn') {
      toast.success(result.isNew ? messages.signupSuccess : messages.loginSuccess, { id });
      void navigate(next, { replace: true });
    } else {
      toast.error((result.status === 'error' && result.message) || accountTexts.socialFailed, { id });
      void navigate(paths.login.to(), { replace: true });
    }
  }, [status, result, next, navigate]);
  return <Spinner label={accountTexts.finishingSignIn} />;
}

/**
 * /auth/complete: where the API ends a Google or GitHub sign-in
 * (`?mode=popup|redirect&status=ok|error&new=0|1&next=…&provider=…&code=…`). Only a same-site
 * `next` is followed, and only the catalogue's text for `code` is shown: the address is anyone's.
 */
function AuthCompletePage() {
  const params = new URLSearchParams(useLocation().search);
  const status = params.get('status') === 'ok' ? 'ok' : 'error';
  const isNew = params.get('new') === '1';
  const message = status === 'error' ? socialSignInMessage(params.get('code'), params.get('provider')) : '';
  const [result] = useState<AuthResultMessage>(() => ({ type: authResultMessageType, status, isNew, message }));
  const next = safeNextPath(params.get('next')) ?? paths.home.to();

  return (
    <main id="main" className="min-h-screen">
      <title>{`${accountTexts.finishingSignIn} · ReCell`}</title>
      {params.get('mode') === 'popup' ? (
        <PopupComplete result={result} next={next} />
      ) : (
        <RedirectComplete result={result} next={next} />
      )}
    </main>
  );
}

export default AuthCompletePage;
