import {
  accountTexts,
  authResultChannelName,
  authResultMessageType,
  messages,
  socialPopup,
  type AuthResultMessage,
  type SocialProvider,
} from '@recell/contract';
import { useEffect, useId, type ComponentType, type SVGProps } from 'react';
import { GithubIcon, GoogleIcon } from '@/components/social-icons';
import { refreshSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useAuthProviders } from '../api/get-auth-providers';

/** Where a social sign-in starts: a page the browser opens (the API redirects to the provider), not a fetch. */
const socialSignInUrl = (provider: 'google' | 'github', next: string, mode: 'popup' | 'redirect') =>
  `/api/auth/${provider}?${new URLSearchParams({ next, mode }).toString()}`;

/** Each provider's name, one text for its button and its hint. */
const buttons: Record<SocialProvider, { label: string; Icon: ComponentType<SVGProps<SVGSVGElement>> }> = {
  google: { label: accountTexts.google, Icon: GoogleIcon },
  github: { label: accountTexts.github, Icon: GithubIcon },
};

const isAuthResultMessage = (data: unknown): data is AuthResultMessage => {
  const message = data as Partial<AuthResultMessage> | null;
  return (
    typeof message === 'object' &&
    message?.type === authResultMessageType &&
    (message.status === 'ok' || message.status === 'error')
  );
};

/**
 * A popup's sign-in finished: on success the refresh cookie is set, so a refresh signs this page in
 * (the login or sign-up page then sends the user on); on failure the popup's message is shown.
 */
async function finishSignIn(result: AuthResultMessage) {
  if (result.status === 'error') {
    toast.error(result.message || accountTexts.socialFailed);
    return;
  }
  if ((await refreshSession(true)) === 'ok')
    toast.success(result.isNew ? messages.signupSuccess : messages.loginSuccess);
  else toast.error(accountTexts.socialFailed);
}

/**
 * Listens for the sign-in popup's result: a same-origin `postMessage` from the popup, or — when a
 * provider's page cut the popup off from its opener (Cross-Origin-Opener-Policy) — a message on a
 * same-origin BroadcastChannel.
 */
function useSignInResult() {
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin === window.location.origin && isAuthResultMessage(event.data)) void finishSignIn(event.data);
    };
    window.addEventListener('message', onMessage);
    const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(authResultChannelName) : null;
    if (channel) {
      channel.onmessage = (event: MessageEvent) => {
        if (isAuthResultMessage(event.data)) void finishSignIn(event.data);
      };
    }
    return () => {
      window.removeEventListener('message', onMessage);
      channel?.close();
    };
  }, []);
}

/**
 * Opens the provider's sign-in in a 500 × 600 popup centred on this window; where popups are
 * blocked, the whole page goes there instead and comes back to `next`.
 */
export function startSocialSignIn(
  provider: SocialProvider,
  next: string,
  goTo = (url: string) => {
    window.location.assign(url);
  },
) {
  const { width, height } = socialPopup;
  const left = Math.round(window.screenX + (window.outerWidth - width) / 2);
  const top = Math.round(window.screenY + (window.outerHeight - height) / 2);
  const popup = window.open(
    socialSignInUrl(provider, next, 'popup'),
    'recell-sign-in',
    `popup,width=${width},height=${height},left=${left},top=${top}`,
  );
  if (popup) popup.focus();
  else goTo(socialSignInUrl(provider, next, 'redirect'));
}

/**
 * The social sign-in buttons. A provider this server has not configured shows its button disabled,
 * with the reason beside it. `next` is where a full-page (popup-blocked) sign-in returns to.
 */
export function SocialSignIn({ providers, next }: { providers: readonly SocialProvider[]; next: string }) {
  const configured = useAuthProviders();
  const id = useId();
  useSignInResult();

  return (
    <div className="mt-8">
      <p className="flex items-center gap-3 text-sm text-slate-600 before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200 dark:text-slate-400 dark:before:bg-slate-700 dark:after:bg-slate-700">
        {accountTexts.orContinueWith}
      </p>
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        {providers.map((provider) => {
          const { label, Icon } = buttons[provider];
          // Unknown yet: wait (the server would refuse an unconfigured one). Unknowable (the call
          // failed): let the person try.
          const isOff = configured.data ? !configured.data[provider] : configured.isPending;
          const isNotConfigured = configured.data?.[provider] === false;
          const noteId = `${id}-${provider}`;
          return (
            <div key={provider}>
              <button
                type="button"
                className="btn btn-outline w-full"
                disabled={isOff}
                aria-describedby={isNotConfigured ? noteId : undefined}
                onClick={() => {
                  startSocialSignIn(provider, next);
                }}
              >
                <Icon className="size-5" />
                {label}
              </button>
              {isNotConfigured && (
                <p id={noteId} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                  {accountTexts.socialNotConfigured(label)}
                </p>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
