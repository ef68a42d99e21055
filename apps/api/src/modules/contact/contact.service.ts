/**
 * The Contact us form's messages: a visitor sends one (checked and trimmed by the contract's
 * schema, limited per IP by the route), an admin lists them (inbox or archive), marks one read and
 * archives it. Each admin change is audited in its own transaction; the audit records which message,
 * never what it says or who wrote it. Nothing here logs a message's text or its sender's email.
 */
import {
  adminAuditActions,
  contactMessages as texts,
  type ContactMessage,
  type ContactMessageCreated,
  type ContactMessageForm,
  type ContactMessagePage,
  type ContactMessageQuery,
} from '@recell/contract';
import type { Database, Executor } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { decodeCursor, NewestCursorSchema, pageOf } from '../../lib/cursor.ts';
import { idOrNotFound } from '../../lib/ids.ts';
import type { AuthUser } from '../auth/index.ts';
import { insertAuditEntry } from '../audit/index.ts';
import * as repository from './contact.repository.ts';

export interface ContactDeps {
  db: Database;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

const toContactMessage = (row: repository.ContactMessageRow): ContactMessage => ({
  id: row.id,
  name: row.name,
  email: row.email,
  message: row.message,
  receivedAt: iso(row.createdAt),
  readAt: isoOrNull(row.readAt),
  archivedAt: isoOrNull(row.archivedAt),
});

/** Stores a visitor's message for the admins. */
export const sendMessage = async ({ db }: ContactDeps, form: ContactMessageForm): Promise<ContactMessageCreated> => ({
  id: await repository.insertContactMessage(db, { name: form.name, email: form.email, message: form.message }),
});

/** The inbox (read and unread) or the archive, newest first. */
export const listMessages = async ({ db }: ContactDeps, query: ContactMessageQuery): Promise<ContactMessagePage> => {
  const after = decodeCursor(query.cursor, NewestCursorSchema);
  const rows = await repository.listContactMessages(db, {
    archived: query.view === 'archived',
    limit: query.limit + 1,
    after,
  });
  return pageOf(rows, query.limit, toContactMessage, (row) => ({ us: row.us, id: row.id }));
};

const lockMessage = async (tx: Executor, id: string) => {
  const row = await repository.lockContactMessage(tx, idOrNotFound(id, texts.messageNotFound));
  if (!row) throw notFound(texts.messageNotFound);
  return row;
};

/** Marks a message read. Already read: answered as it is, nothing recorded twice. */
export const markRead = async ({ db }: ContactDeps, admin: AuthUser, id: string): Promise<ContactMessage> =>
  db.transaction(async (tx) => {
    const row = await lockMessage(tx, id);
    if (row.readAt !== null) return toContactMessage(row);
    const updated = await repository.markContactMessageRead(tx, row.id, admin.id);
    await insertAuditEntry(tx, {
      actorId: admin.id,
      action: adminAuditActions.contactMessageRead,
      subjectType: 'contact_message',
      subjectId: row.id,
    });
    return toContactMessage(updated);
  });

/** Archives a message (it leaves the inbox, read). Already archived: answered as it is. */
export const archive = async ({ db }: ContactDeps, admin: AuthUser, id: string): Promise<ContactMessage> =>
  db.transaction(async (tx) => {
    const row = await lockMessage(tx, id);
    if (row.archivedAt !== null) return toContactMessage(row);
    const updated = await repository.archiveContactMessage(tx, row.id, admin.id);
    await insertAuditEntry(tx, {
      actorId: admin.id,
      action: adminAuditActions.contactMessageArchived,
      subjectType: 'contact_message',
      subjectId: row.id,
      detail: { wasRead: row.readAt !== null },
    });
    return toContactMessage(updated);
  });
