import { contactEndpoints, type ContactMessagePage, type ContactMessageView } from '@recell/contract';
import { useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { changeCachedItems } from '@/lib/cached-pages';
import { pagedQuery } from '@/lib/paged-query';
import { adminKeys } from './admin-keys';

/** The view a Messages page address asks for (`?view=archived`); anything else is the inbox. */
export const contactMessageViewOf = (search: URLSearchParams): ContactMessageView =>
  search.get('view') === 'archived' ? 'archived' : 'inbox';

export const contactMessagesQuery = (view: ContactMessageView) =>
  pagedQuery(adminKeys.contactMessages(view), (cursor, signal) =>
    callApi(contactEndpoints.list, { query: { view, cursor }, signal }),
  );

/** GET /api/admin/contact-messages: the inbox or the archive, newest first, a page at a time. */
export const useContactMessages = (view: ContactMessageView) => useInfiniteQuery(contactMessagesQuery(view));

type Message = ContactMessagePage['items'][number];

/** Shows a changed message at once in the cached inbox; an archived one leaves it. */
export const showChangedMessage = (queryClient: QueryClient, changed: Message) => {
  queryClient.setQueryData(
    adminKeys.contactMessages('inbox'),
    changeCachedItems<ContactMessagePage>((item) =>
      item.id !== changed.id ? item : changed.archivedAt === null ? changed : null,
    ),
  );
};
