import { orderProgressTexts as texts, type Order } from '@recell/contract';

type ProgressView = Pick<Order, 'progress' | 'handover'>;

/**
 * How many of the three steps are done: paying is the first. A tracked parcel's own steps (in
 * transit, delivered, returned, lost) are in the order's status words and its Parcel section.
 */
const doneCount = {
  awaiting_handover: 1,
  handed_over: 2,
  shipped: 2,
  in_transit: 2,
  delivered: 2,
  returned_to_sender: 2,
  lost: 2,
  completed: 3,
} as const satisfies Record<NonNullable<Order['progress']>, number>;

/**
 * A paid order's progress at a glance, as three steps (Paid → Handed over or Shipped → Completed):
 * an ordered list whose current step carries aria-current; the order's page says the rest (the
 * state in words, the tracking note, a problem report). The steps wrap on a 360 px phone.
 */
export function OrderProgressSteps({ order }: { order: ProgressView }) {
  if (!order.progress) return null;
  const done = doneCount[order.progress];
  const steps = [
    texts.steps.paid,
    // How the phone changed hands keeps its name once the order is completed.
    order.handover === 'shipped' ? texts.shippedStep : texts.steps.handedOver,
    texts.steps.completed,
  ];
  return (
    <div className="grid gap-1.5">
      <ol aria-label={texts.progressLabel} className="flex flex-wrap items-center gap-x-1 gap-y-1 text-xs">
        {steps.map((label, index) => {
          const isDone = index < done;
          const isCurrent = index === done;
          return (
            <li
              key={label}
              aria-current={isCurrent ? 'step' : undefined}
              className="flex items-center gap-1 whitespace-nowrap"
            >
              {index > 0 && <span aria-hidden className="h-px w-3 bg-slate-400" />}
              <span
                aria-hidden
                className={`inline-flex size-5 items-center justify-center rounded-full text-[0.7rem] font-bold ${
                  isDone
                    ? 'bg-teal-700 text-white'
                    : isCurrent
                      ? 'border-2 border-teal-700 text-teal-800 dark:text-teal-200'
                      : 'border border-slate-400 text-slate-600 dark:text-slate-300'
                }`}
              >
                {isDone ? '✓' : index + 1}
              </span>
              <span className={isCurrent ? 'font-semibold' : undefined}>{label}</span>
              {(isDone || isCurrent) && (
                <span className="sr-only">({isDone ? texts.doneStep : texts.currentStep})</span>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
