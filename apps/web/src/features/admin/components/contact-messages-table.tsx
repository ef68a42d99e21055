import { accountTexts, adminTexts, type ContactMessage, type ContactMessageView } from '@recell/contract';
import { Link } from 'react-router';
import { BreakAtPunctuation, DateTime, FreeText, RowButton, StatusPill } from '@/components/ui/data-table/cells';
import { PagedTable } from '@/components/ui/data-table/paging';
import { Cell, DataTable, Row, RowHeader, useTableRefocus } from '@/components/ui/data-table/table';
import { dashboardPaths } from '@/config/dashboard-paths';
import { showActionError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useChangeContactMessage } from '../api/change-contact-message';
import { useContactMessages } from '../api/get-contact-messages';

const { messageColumns } = adminTexts;
const columns = [
  messageColumns.status,
  messageColumns.name,
  messageColumns.email,
  messageColumns.message,
  messageColumns.received,
];
const viewLabels = { inbox: adminTexts.inbox, archived: adminTexts.archived } as const;

/** Inbox and Archived, as links (each view has its own address, so it can be bookmarked and shared). */
function ViewLinks({ view }: { view: ContactMessageView }) {
  return (
    <nav aria-label={adminTexts.messageViews} className="mt-6">
      <ul className="flex gap-2">
        {(Object.keys(viewLabels) as ContactMessageView[]).map((each) => (
          <li key={each}>
            <Link
              to={dashboardPaths.contactMessages.to(each)}
              aria-current={each === view ? 'page' : undefined}
              className={each === view ? 'btn btn-primary' : 'btn btn-outline'}
            >
              {viewLabels[each]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Messages: what visitors sent with the Contact us form, newest first, a page at a time: whether
 * it is read (an unread one says so and its name stands out), who sent it (their email is a link
 * to answer), what they wrote and when. In the inbox an admin marks a message read or archives it
 * (it leaves the inbox for Archived).
 */
export function ContactMessagesTable({ view }: { view: ContactMessageView }) {
  const list = useContactMessages(view);
  const markRead = useChangeContactMessage('read');
  const archive = useChangeContactMessage('archive');
  // An archived message's row goes, with the button that had the focus: focus moves to the table.
  const { tableRef, refocusTable } = useTableRefocus();
  const isInbox = view === 'inbox';

  const onMarkRead = (message: ContactMessage) => {
    markRead.mutate(message.id, {
      onSuccess: () => {
        toast.success(adminTexts.messageMarkedRead);
      },
      onError: showActionError,
    });
  };
  const onArchive = (message: ContactMessage) => {
    archive.mutate(message.id, {
      onSuccess: () => {
        toast.success(adminTexts.messageArchived);
        refocusTable();
      },
      onError: showActionError,
    });
  };

  return (
    <>
      <ViewLinks view={view} />
      <PagedTable
        query={list}
        empty={isInbox ? adminTexts.noMessages : adminTexts.noArchivedMessages}
        loadMoreLabel={adminTexts.loadMore}
        showNextPageError
      >
        {(items) => (
          <DataTable
            caption={`${accountTexts.contactMessages}: ${viewLabels[view]}`}
            columns={isInbox ? [...columns, messageColumns.action] : columns}
            tableRef={tableRef}
          >
            {items.map((message) => {
              const nameId = `message-${message.id}`;
              const isUnread = message.readAt === null;
              return (
                <Row key={message.id} className={isUnread ? 'bg-sky-50 dark:bg-sky-950' : undefined}>
                  <Cell label={messageColumns.status}>
                    {isUnread ? (
                      <StatusPill tone="neutral">{adminTexts.unread}</StatusPill>
                    ) : (
                      <StatusPill tone="muted">{adminTexts.read}</StatusPill>
                    )}
                  </Cell>
                  <RowHeader id={nameId} className={isUnread ? 'font-bold' : 'font-normal'}>
                    {message.name}
                  </RowHeader>
                  <Cell label={messageColumns.email}>
                    <a href={`mailto:${message.email}`} className="link">
                      <BreakAtPunctuation text={message.email} />
                    </a>
                  </Cell>
                  <Cell label={messageColumns.message}>
                    <FreeText className="as-table:max-w-md as-table:min-w-48">{message.message}</FreeText>
                  </Cell>
                  <Cell label={messageColumns.received}>
                    <DateTime iso={message.receivedAt} />
                  </Cell>
                  {isInbox && (
                    <Cell label={messageColumns.action}>
                      <div className="flex flex-wrap gap-2">
                        {isUnread && (
                          <RowButton
                            variant="outline"
                            className="whitespace-nowrap"
                            describedBy={nameId}
                            isBusy={markRead.isPending && markRead.variables === message.id}
                            onClick={() => {
                              onMarkRead(message);
                            }}
                          >
                            {adminTexts.markRead}
                          </RowButton>
                        )}
                        <RowButton
                          variant="outline"
                          describedBy={nameId}
                          isBusy={archive.isPending && archive.variables === message.id}
                          onClick={() => {
                            onArchive(message);
                          }}
                        >
                          {adminTexts.archive}
                        </RowButton>
                      </div>
                    </Cell>
                  )}
                </Row>
              );
            })}
          </DataTable>
        )}
      </PagedTable>
    </>
  );
}
