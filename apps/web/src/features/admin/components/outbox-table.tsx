import { accountTexts, adminTexts } from '@recell/contract';
import { BreakAtPunctuation, DateTime, FreeText } from '@/components/ui/data-table/cells';
import { Cell, DataTable, Row } from '@/components/ui/data-table/table';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { useOutbox } from '../api/get-outbox';

const columns = [adminTexts.columnWhen, adminTexts.columnTo, adminTexts.columnSubject, adminTexts.columnDelivery];

/**
 * The emails the site sent or is sending, newest first, and how each delivery went: to whom, about
 * what, when, and the attempts. Never what an email says: its links (a password reset, a
 * confirmation, an unsubscribe) are its recipient's alone.
 */
export function OutboxTable() {
  const outbox = useOutbox();
  if (outbox.isPending) return <Spinner />;
  if (outbox.isError) return <LoadError error={outbox.error} onRetry={() => void outbox.refetch()} />;
  const { items: emails, hasMailServer } = outbox.data;
  return (
    <>
      <p className="mb-4 text-slate-600 dark:text-slate-300">{adminTexts.outboxIntro}</p>
      {!hasMailServer && (
        <p className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 dark:border-amber-700 dark:bg-amber-950">
          {adminTexts.outboxHeld}
        </p>
      )}
      {emails.length === 0 ? (
        <p>{adminTexts.noOutboxEmails}</p>
      ) : (
        <DataTable caption={accountTexts.emailOutbox} columns={columns} cardsBelow="44rem">
          {emails.map((email) => {
            const settledAt = email.sentAt ?? email.failedAt;
            return (
              <Row key={email.id}>
                <Cell label={adminTexts.columnWhen}>
                  <DateTime iso={email.createdAt} />
                </Cell>
                <Cell label={adminTexts.columnTo}>
                  <BreakAtPunctuation text={email.to} />
                </Cell>
                <Cell label={adminTexts.columnSubject}>
                  <FreeText className="as-table:max-w-md as-table:min-w-48">{email.subject}</FreeText>
                </Cell>
                <Cell label={adminTexts.columnDelivery}>
                  <span className="block font-medium">{adminTexts.deliveryStates[email.state]}</span>
                  <span className="block text-sm text-slate-600 dark:text-slate-300">
                    {adminTexts.attempts(email.attempts)}
                    {settledAt && (
                      <>
                        {' · '}
                        <DateTime iso={settledAt} />
                      </>
                    )}
                  </span>
                </Cell>
              </Row>
            );
          })}
        </DataTable>
      )}
    </>
  );
}
