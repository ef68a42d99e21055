import { notificationKindLabels, notificationTexts, type UnsubscribeInfo } from '@recell/contract';
import { useEffect, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { getUnsubscribeInfo, unsubscribe } from '../api/notifications';

type State =
  | { step: 'loading' }
  | { step: 'ask'; info: UnsubscribeInfo }
  | { step: 'sending'; info: UnsubscribeInfo }
  | { step: 'done'; info: UnsubscribeInfo }
  | { step: 'failed'; message: string };

const failure = (error: unknown): State => ({
  step: 'failed',
  message: isApiError(error) ? (error.fields?.token ?? error.message) : notificationTexts.unsubscribeLinkInvalid,
});

/**
 * Where an emailed unsubscribe link lands (no sign-in): it says which emails it stops and asks
 * first, so a mail scanner opening the link changes nothing.
 */
export function Unsubscribe({ token }: { token: string }) {
  const [state, setState] = useState<State>(
    token ? { step: 'loading' } : { step: 'failed', message: notificationTexts.unsubscribeLinkInvalid },
  );
  useEffect(() => {
    if (!token) return;
    getUnsubscribeInfo(token).then(
      (info) => {
        setState(info.isEmailOn ? { step: 'ask', info } : { step: 'done', info });
      },
      (error: unknown) => {
        setState(failure(error));
      },
    );
  }, [token]);

  if (state.step === 'loading') return <p className="mt-6">…</p>;
  if (state.step === 'failed')
    return (
      <p role="alert" className="mt-6">
        {state.message}
      </p>
    );
  const label = notificationKindLabels[state.info.kind];
  if (state.step === 'done')
    return (
      <p role="status" className="mt-6">
        {notificationTexts.unsubscribed(label)}
      </p>
    );
  return (
    <div className="mt-6">
      <p className="font-semibold">{notificationTexts.unsubscribeQuestion(label)}</p>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{notificationTexts.unsubscribeNote}</p>
      <button
        type="button"
        className="btn btn-primary mt-4"
        disabled={state.step === 'sending'}
        onClick={() => {
          setState({ step: 'sending', info: state.info });
          unsubscribe(token).then(
            (info) => {
              setState({ step: 'done', info });
            },
            (error: unknown) => {
              setState(failure(error));
            },
          );
        }}
      >
        {state.step === 'sending' ? notificationTexts.unsubscribing : notificationTexts.unsubscribeButton}
      </button>
    </div>
  );
}
