import { adminTexts, messages, reportReasonLabels, type ReportedProduct } from '@recell/contract';
import { useRef } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { formatListingTime } from '@/lib/format-time';

/**
 * The read-only 'Report Text' modal (docs/product.md, Screens): every open report on the phone, newest first, with
 * who reported it, why and what they wrote, and a Cancel button that closes it.
 */
export function ReportTextDialog({ reported, onClose }: { reported: ReportedProduct; onClose: () => void }) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const { product, reports } = reported;
  return (
    <Dialog
      title={messages.reportTextTitle}
      description={adminTexts.reportsOn(reports.length, product.name)}
      onClose={onClose}
      initialFocus={cancelRef}
    >
      {/* Long reports scroll inside the dialog; the region takes focus so keys scroll it too
          (a scrollable region must be keyboard reachable: WCAG 2.1.1, axe scrollable-region-focusable). */}
      <section
        aria-label={adminTexts.reportList}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region, see above
        tabIndex={0}
        className="mt-4 max-h-[60vh] overflow-y-auto rounded-lg focus-visible:outline-2 focus-visible:outline-teal-600"
      >
        <ol className="space-y-4">
          {reports.map((report) => (
            <li key={report.id} className="rounded-xl border border-slate-200 p-4 text-sm dark:border-slate-700">
              <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
                <dt className="font-semibold">{adminTexts.reportedBy}</dt>
                <dd className="break-words">
                  {report.reporter.name}{' '}
                  <span className="break-all text-slate-600 dark:text-slate-300">({report.reporter.email})</span>
                </dd>
                <dt className="font-semibold">{adminTexts.reason}</dt>
                <dd>{reportReasonLabels[report.reason]}</dd>
                <dt className="font-semibold">{adminTexts.reportedAt}</dt>
                <dd>
                  <time dateTime={report.createdAt}>{formatListingTime(report.createdAt)}</time>
                </dd>
              </dl>
              <p className="mt-3 break-words whitespace-pre-wrap">{report.text}</p>
            </li>
          ))}
        </ol>
      </section>
      <div className="mt-6 flex justify-end">
        <button ref={cancelRef} type="button" className="btn btn-outline" onClick={onClose}>
          {adminTexts.cancel}
        </button>
      </div>
    </Dialog>
  );
}
