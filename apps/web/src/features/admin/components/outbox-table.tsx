import { accountTexts, adminTexts } from '@recell/contract';
import { BreakAtPunctuation, Cell, DataTable, DateTime, FreeText, Row } from '@/components/ui/data-table';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { useOutbox } from '../api/get-outbox';

const columns = [adminTexts.columnWhen, adminTexts.columnTo, adminTexts.columnSubject, adminTexts.columnDelivery];

/**
 * The development mailbox: without an SMTP server the emails stay in the database, and an admin
 * reads them here (reset and confirmation links included), newest first. With SMTP configured the
 * API answers 404 and the page says the emails are sent instead.
 */
export function OutboxTable() {
  const outbox = useOutbox();
  if (outbox.isPending) return <Spinner />;
  if (outbox.isError) {
    if (isApiError(outbox.error) && outbox.error.status === 404)
      return <p className="text-slate-600 dark:text-slate-300">{adminTexts.outboxSmtp}</p>;
    return <LoadError error={outbox.error} onRetry={() => void outbox.refetch()} />;
  }
  const emails = outbox.data.items;
  return (
    <>
      <p className="mb-4 text-slate-600 dark:text-slate-300">{adminTexts.outboxIntro}</p>
      {emails.length === 0 ? (
        <p>{adminTexts.noOutboxEmails}</p>
      ) : (
        <DataTable caption={accountTexts.emailOutbox} columns={columns} cardsBelow="44rem">
          {emails.map((email) => (
            <Row key={email.id}>
              <Cell label={adminTexts.columnWhen}>
                <DateTime iso={email.createdAt} />
              </Cell>
              <Cell label={adminTexts.columnTo}>
                <BreakAtPunctuation text={email.to} />
              </Cell>
              <Cell label={adminTexts.columnSubject}>
                <FreeText className="as-table:max-w-md as-table:min-w-48">
                  <span className="block font-medium">{email.subject}</span>
                  <details className="mt-1">
                    <summary className="link cursor-pointer">{adminTexts.showEmail}</summary>
                    <p className="mt-2">{email.text}</p>
                  </details>
                </FreeText>
              </Cell>
              <Cell label={adminTexts.columnDelivery}>
                {email.sentAt ? adminTexts.delivered : adminTexts.waiting(email.attempts)}
              </Cell>
            </Row>
          ))}
        </DataTable>
      )}
    </>
  );
}
