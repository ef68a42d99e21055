import { accountTexts, adminTexts, auditActionLabel, auditRecordType } from '@recell/contract';
import { BreakAtPunctuation, DateTime, Id } from '@/components/ui/data-table/cells';
import { PagedTable } from '@/components/ui/data-table/paging';
import { Cell, DataTable, Row } from '@/components/ui/data-table/table';
import { useAuditLog } from '../api/get-audit-log';

const columns = [adminTexts.columnWhen, adminTexts.columnWho, adminTexts.columnWhat, adminTexts.columnRecord];

/**
 * The audit log: every admin action, deletion and payment, newest first, a page at a time: when
 * (date and 12-hour time), who (or 'System' when no person did it), what (a readable label; an
 * action this screen does not know is shown as recorded) and which record.
 */
export function AuditLogTable() {
  const audit = useAuditLog();
  return (
    <PagedTable query={audit} empty={adminTexts.noAuditEntries} loadMoreLabel={adminTexts.loadMore} showNextPageError>
      {(entries) => (
        <DataTable caption={accountTexts.auditLog} columns={columns} cardsBelow="44rem">
          {entries.map((entry) => (
            <Row key={entry.id}>
              <Cell label={adminTexts.columnWhen}>
                <DateTime iso={entry.createdAt} />
              </Cell>
              <Cell label={adminTexts.columnWho}>
                {entry.actor ? (
                  <>
                    <span className="block font-semibold">{entry.actor.name}</span>
                    <span className="block text-slate-600 dark:text-slate-300">
                      <BreakAtPunctuation text={entry.actor.email} />
                    </span>
                  </>
                ) : (
                  <span className="text-slate-600 dark:text-slate-300">{adminTexts.system}</span>
                )}
              </Cell>
              <Cell label={adminTexts.columnWhat}>
                {/* An action this screen does not name yet is one long token: it may break at its dots. */}
                <BreakAtPunctuation text={auditActionLabel(entry.action)} />
              </Cell>
              <Cell label={adminTexts.columnRecord}>
                <span className="block">{auditRecordType(entry.subjectType)}</span>
                <span className="block text-slate-600 dark:text-slate-300">
                  <Id>{entry.subjectId}</Id>
                </span>
              </Cell>
            </Row>
          ))}
        </DataTable>
      )}
    </PagedTable>
  );
}
