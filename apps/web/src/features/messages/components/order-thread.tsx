import {
  contactDetailTexts,
  findContactDetails,
  orderMessageTexts,
  type NewOrderMessage,
  type NewOrderMessageInput,
  type OrderMessage,
  type OrderThread as OrderThreadPage,
} from '@recell/contract';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { dashboardPaths } from '@/config/dashboard-paths';
import { isFocusLost } from '@/lib/focus';
import { showFormError } from '@/lib/form-errors';
import { formatListingTime } from '@/lib/format-time';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useOrderThread } from '../api/get-thread';
import { useUnreadMessages } from '../api/get-unread';
import { useMarkRead } from '../api/mark-read';
import { useSendMessage } from '../api/send-message';

// The schema loads on the first Send (the page itself needs none).
const resolver = lazyZodResolver<NewOrderMessageInput, NewOrderMessage>(() =>
  import('../schema').then((module) => module.NewOrderMessageSchema),
);

const inputClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:aria-[invalid=true]:border-red-400';

/** Whether the page is in front: an unseen thread is not marked read. */
function useIsPageVisible() {
  const [isVisible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const onChange = () => {
      setVisible(document.visibilityState === 'visible');
    };
    document.addEventListener('visibilitychange', onChange);
    return () => {
      document.removeEventListener('visibilitychange', onChange);
    };
  }, []);
  return isVisible;
}

const senderLabel = (message: OrderMessage, order: OrderThreadPage['order']) => {
  if (message.isMine) return orderMessageTexts.you;
  return message.from === 'buyer'
    ? `${order.buyerName} (${orderMessageTexts.buyer})`
    : `${order.sellerName} (${orderMessageTexts.seller})`;
};

function MessageItem({ message, order }: { message: OrderMessage; order: OrderThreadPage['order'] }) {
  return (
    <li className={`flex ${message.isMine ? 'justify-end' : 'justify-start'}`}>
      <div
        className={`max-w-[85%] rounded-2xl px-4 py-2 ${
          message.isMine
            ? 'bg-teal-700 text-white'
            : 'bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100'
        }`}
      >
        <p className={`text-xs ${message.isMine ? 'text-teal-50' : 'text-slate-600 dark:text-slate-300'}`}>
          <span className="font-semibold">{senderLabel(message, order)}</span>
          {' · '}
          <time dateTime={message.sentAt}>{formatListingTime(message.sentAt)}</time>
        </p>
        {/* Text, never markup: React escapes it; line breaks are kept. */}
        <p className="mt-1 whitespace-pre-wrap [overflow-wrap:anywhere]">{message.body}</p>
        {message.contactDetailsHidden && (
          <p className={`mt-1 text-xs ${message.isMine ? 'text-teal-50' : 'text-slate-600 dark:text-slate-300'}`}>
            {contactDetailTexts.maskedNote}
          </p>
        )}
      </div>
    </li>
  );
}

/**
 * The box to write in. Send waits (disabled) while the message goes, which takes the focus from it;
 * once sent, or refused, the focus is back in the box, ready for the next message.
 */
function MessageForm({ orderId }: { orderId: string }) {
  const id = useId();
  const send = useSendMessage(orderId);
  const boxRef = useRef<HTMLTextAreaElement | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<NewOrderMessageInput, unknown, NewOrderMessage>({ resolver, defaultValues: { body: '' } });
  const { ref: bodyRef, ...bodyField } = register('body');
  // Warned while typing, before sending: the server hides contact details from what is sent.
  const body = useWatch({ control, name: 'body' });
  const hasContactDetails = useMemo(() => findContactDetails(body ?? '').length > 0, [body]);

  // Back to the box, unless the person has moved on meanwhile. (react-hook-form forgets its fields'
  // elements on reset, so the box is focused through its own ref.)
  const refocusBox = () => {
    const box = boxRef.current;
    if (box && (isFocusLost() || box.form?.contains(document.activeElement))) box.focus();
  };

  const onSubmit = async (message: NewOrderMessage) => {
    try {
      await send.mutateAsync(message);
    } catch (error) {
      // A toast says why (or the field does, focused): the message is still in the box, to send again.
      if (showFormError(error, setError, ['body']).length === 0) refocusBox();
      return;
    }
    reset();
    refocusBox();
  };

  const errorId = `${id}-error`;
  const warningId = `${id}-contact-details`;
  const describedBy = [errors.body && errorId, `${id}-hint`, hasContactDetails && warningId].filter(Boolean).join(' ');
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="mt-4 space-y-2">
      <label htmlFor={`${id}-body`} className="block text-sm font-medium">
        {orderMessageTexts.messageLabel}
      </label>
      <textarea
        id={`${id}-body`}
        rows={3}
        className={inputClass}
        aria-invalid={errors.body ? true : undefined}
        aria-describedby={describedBy}
        {...bodyField}
        ref={(element) => {
          bodyRef(element);
          boxRef.current = element;
        }}
      />
      <p id={`${id}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
        {orderMessageTexts.messageHint}
      </p>
      {errors.body && (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-300">
          {errors.body.message}
        </p>
      )}
      {/* A live region that is always there, so the warning is read out when it appears. */}
      <div role="status">
        {hasContactDetails && (
          <div
            id={warningId}
            className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-amber-950"
          >
            <p className="font-semibold">{contactDetailTexts.composerWarningTitle}</p>
            <p>{contactDetailTexts.composerWarning}</p>
          </div>
        )}
      </div>
      <button
        type="submit"
        className="btn btn-primary w-full sm:w-auto"
        disabled={isSubmitting}
        aria-busy={isSubmitting || undefined}
      >
        {isSubmitting ? orderMessageTexts.sending : orderMessageTexts.send}
      </button>
    </form>
  );
}

/**
 * An order's messages between its buyer and its phone's seller: the newest at the bottom (scrolled
 * into view), older ones on demand, and the form to write one. `isEmbedded`: a part of the order's
 * page, which names the phone and the way back itself. Polled while the page is in front;
 * what the other party wrote is marked read once it has been shown here. Messages are shown as
 * text, never as markup.
 */
export function OrderThread({ orderId, isEmbedded = false }: { orderId: string; isEmbedded?: boolean }) {
  const thread = useOrderThread(orderId);
  const order = thread.data?.pages[0]?.order;
  const isParty = Boolean(order?.myPart);
  const unread = useUnreadMessages();
  const markRead = useMarkRead();
  const isVisible = useIsPageVisible();
  const endRef = useRef<HTMLDivElement>(null);

  // Oldest first: pages come newest first, each page oldest first.
  const items = thread.data ? [...thread.data.pages].reverse().flatMap((page) => page.items) : [];
  const newestId = items.at(-1)?.id;
  const newestIncoming = items.findLast((message) => !message.isMine)?.id;
  const unreadHere = unread.data?.orders.find((entry) => entry.orderId === orderId)?.count ?? 0;

  // Keep the newest message in view when one arrives (not when older ones are loaded above).
  useLayoutEffect(() => {
    if (newestId) endRef.current?.scrollIntoView({ block: 'nearest' });
  }, [newestId]);

  const markedFor = useRef<string | undefined>(undefined);
  const { mutate: markThreadRead } = markRead;
  useEffect(() => {
    if (!isParty || !isVisible || !newestIncoming) return;
    if (unreadHere === 0 && markedFor.current === newestIncoming) return;
    markedFor.current = newestIncoming;
    markThreadRead(orderId);
  }, [isParty, isVisible, newestIncoming, unreadHere, orderId, markThreadRead]);

  if (thread.isPending) return <Spinner />;
  if (thread.isError || !order) return <LoadError error={thread.error} onRetry={() => void thread.refetch()} />;

  const backLink =
    order.myPart === 'buyer'
      ? { to: dashboardPaths.myOrders.to(), label: orderMessageTexts.backToOrders }
      : order.myPart === 'seller'
        ? { to: dashboardPaths.mySales.to(), label: orderMessageTexts.backToSales }
        : undefined;

  return (
    <section className={isEmbedded ? 'max-w-3xl' : 'mt-4 max-w-3xl'}>
      {!isEmbedded && <p className="text-lg font-semibold wrap-anywhere">{order.productName}</p>}
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {order.myPart === 'seller'
          ? orderMessageTexts.withBuyer(order.buyerName)
          : orderMessageTexts.withSeller(order.sellerName)}
      </p>
      {backLink && !isEmbedded && (
        <Link to={backLink.to} className="link mt-1 inline-block text-sm">
          {backLink.label}
        </Link>
      )}

      <div
        role="log"
        aria-label={orderMessageTexts.threadLabel}
        className="mt-4 rounded-2xl border border-slate-200 p-3 dark:border-slate-800"
      >
        {thread.hasNextPage && (
          <div className="mb-3 text-center">
            <button
              type="button"
              className="btn btn-outline"
              disabled={thread.isFetchingNextPage}
              aria-busy={thread.isFetchingNextPage || undefined}
              onClick={() => void thread.fetchNextPage()}
            >
              {orderMessageTexts.loadEarlier}
            </button>
          </div>
        )}
        {items.length === 0 ? (
          <p className="p-4 text-center text-slate-600 dark:text-slate-400">{orderMessageTexts.noMessages}</p>
        ) : (
          <ol className="space-y-3">
            {items.map((message) => (
              <MessageItem key={message.id} message={message} order={order} />
            ))}
          </ol>
        )}
        <div ref={endRef} />
      </div>

      {order.canWrite ? (
        <MessageForm orderId={orderId} />
      ) : (
        <p
          role="status"
          className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 dark:border-amber-700 dark:bg-amber-950"
        >
          {order.myPart ? orderMessageTexts.cancelledNotice : orderMessageTexts.readOnlyNotice}
        </p>
      )}
    </section>
  );
}
