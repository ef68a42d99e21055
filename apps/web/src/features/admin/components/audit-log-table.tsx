import { accountTexts, adminTexts, auditActionLabel, auditRecordType } from '@recell/contract';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { formatListingTime } from '@/lib/format-time';
import { useAuditLog } from '../api/get-audit-log';
import { LoadMore } from './load-more';
import { cell, emptyBox, headerCell, tableFrame } from './table-styles';

/**
 * The audit log: every admin action, deletion and payment, newest first, a page at a time: when
 * (date and 12-hour time), who (or 'System' when no person did it), what (a readable label; an
 * action this screen does not know is shown as recorded) and which record.
 */
export function AuditLogTable() {
  const audit = useAuditLog();

  if (audit.isPending) return <Spinner />;
  if (audit.isError && !audit.data)
    return (
      <div className="mt-6">
        <LoadError error={audit.error} onRetry={() => void audit.refetch()} />
      </div>
    );

  const entries = audit.data.pages.flatMap((page) => page.items);
  if (entries.length === 0) return <p className={emptyBox}>{adminTexts.noAuditEntries}</p>;

  return (
    <>
      <div className={tableFrame}>
        <table className="w-full min-w-[44rem] text-sm">
          <caption className="sr-only">{accountTexts.auditLog}</caption>
          <thead className="bg-slate-50 dark:bg-slate-900">
            <tr>
              <th scope="col" className={headerCell}>
                {adminTexts.columnWhen}
              </th>
              <th scope="col" className={headerCell}>
                {adminTexts.columnWho}
              </th>
              <th scope="col" className={headerCell}>
                {adminTexts.columnWhat}
              </th>
              <th scope="col" className={headerCell}>
                {adminTexts.columnRecord}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td className={`${cell} whitespace-nowrap`}>
                  <time dateTime={entry.createdAt}>{formatListingTime(entry.createdAt)}</time>
                </td>
                <td className={cell}>
                  {entry.actor ? (
                    <>
                      <span className="block font-semibold break-words">{entry.actor.name}</span>
                      <span className="block break-all text-slate-600 dark:text-slate-300">{entry.actor.email}</span>
                    </>
                  ) : (
                    <span className="text-slate-600 dark:text-slate-300">{adminTexts.system}</span>
                  )}
                </td>
                <td className={cell}>{auditActionLabel(entry.action)}</td>
                <td className={cell}>
                  <span className="block">{auditRecordType(entry.subjectType)}</span>
                  <code className="block font-mono text-xs break-all text-slate-600 dark:text-slate-300">
                    {entry.subjectId}
                  </code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <LoadMore {...audit} />
    </>
  );
}
