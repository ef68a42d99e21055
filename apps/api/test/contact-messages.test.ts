/**
 * The Contact us form's messages: a visitor's message is stored (trimmed) and listed to the admins;
 * each invalid field is refused with its catalogue message and nothing is stored; one IP is limited;
 * only admins read, mark read and archive them (each audited); the inbox and the archive are paged.
 */
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  adminAuditActions,
  contactLimits,
  contactMessages as texts,
  ContactMessageCreatedSchema,
  ContactMessagePageSchema,
  ContactMessageSchema,
  messages,
  webTexts,
  type ContactMessage,
} from '@recell/contract';
import { contactMessages } from '../src/db/schema.ts';
import { auditOf } from './fixtures.ts';
import { randomIp, useCast } from './support/accounts.ts';
import { expectError, forbidden, unauthorized, unknownId, useTestApp } from './support/api.ts';
import { callAs } from './support/moderation.ts';

const perIp = 3;
const windowSeconds = 600;

describe('contact messages', () => {
  const t = useTestApp({
    env: () => ({ CONTACT_MESSAGES_PER_IP: String(perIp), WRITE_LIMIT_WINDOW_SECONDS: String(windowSeconds) }),
  });
  const cast = useCast(t);

  const send = (payload: unknown, remoteAddress = randomIp()) =>
    t.app.inject({ method: 'POST', url: '/api/contact-messages', payload: payload as object, remoteAddress });
  const stored = () => t.app.db.select().from(contactMessages);
  const sent = async (payload: { name: string; email: string; message: string }) => {
    const response = await send(payload);
    expect(response.statusCode, response.body).toBe(201);
    return ContactMessageCreatedSchema.parse(response.json()).id;
  };
  const list = async (query = 'limit=100') => {
    const response = await callAs(t, cast.admin, 'GET', `/api/admin/contact-messages?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return ContactMessagePageSchema.parse(response.json());
  };
  const act = async (id: string, action: 'read' | 'archive') => {
    const response = await callAs(t, cast.admin, 'POST', `/api/admin/contact-messages/${id}/${action}`);
    expect(response.statusCode, response.body).toBe(200);
    return ContactMessageSchema.parse(response.json());
  };
  const ids = (page: { items: ContactMessage[] }) => page.items.map((item) => item.id);

  describe('POST /api/contact-messages', () => {
    it('stores a visitor’s message, trimmed, and lists it unread to the admins', async () => {
      const id = await sent({
        name: '  Ada Lovelace ',
        email: ' ada@example.com ',
        message: '  Do you buy broken phones?\nMine has a cracked screen.  ',
      });

      const [message] = (await list()).items.filter((item) => item.id === id);
      expect(message).toMatchObject({
        id,
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        message: 'Do you buy broken phones?\nMine has a cracked screen.',
        readAt: null,
        archivedAt: null,
      });
      expect(Number.isNaN(Date.parse(message!.receivedAt))).toBe(false);
    });

    const valid = { name: 'Ada', email: 'ada@example.com', message: 'Hello' };
    it.each([
      ['no name', { ...valid, name: '   ' }, 'name', messages.nameRequired],
      ['a name too long', { ...valid, name: 'a'.repeat(contactLimits.name + 1) }, 'name', texts.nameTooLong],
      ['no email', { ...valid, email: '' }, 'email', messages.emailRequired],
      ['an email that is not one', { ...valid, email: 'ada-at-example' }, 'email', webTexts.contactEmailInvalid],
      [
        'an email too long',
        { ...valid, email: `${'a'.repeat(contactLimits.email)}@example.com` },
        'email',
        texts.emailTooLong,
      ],
      ['no message', { ...valid, message: ' \n ' }, 'message', webTexts.contactMessageRequired],
      [
        'a message too long',
        { ...valid, message: 'a'.repeat(contactLimits.message + 1) },
        'message',
        texts.messageTooLong,
      ],
      ['a message with a NUL character', { ...valid, message: 'Hi\u0000there' }, 'message', messages.controlCharacters],
      ['a missing message', { name: valid.name, email: valid.email }, 'message', webTexts.contactMessageRequired],
    ])('refuses %s with its message and stores nothing', async (_, payload, field, message) => {
      const before = (await stored()).length;
      const response = await send(payload);
      // The field's own message, also as the answer's message (the form shows either).
      expectError(response, 400, { code: 'validation', message, fields: { [field]: message } });
      expect(await stored()).toHaveLength(before);
    });

    it('keeps a message of exactly the longest length', async () => {
      const id = await sent({ ...valid, message: 'a'.repeat(contactLimits.message) });
      const [row] = await t.app.db.select().from(contactMessages).where(eq(contactMessages.id, id));
      expect(row!.message).toHaveLength(contactLimits.message);
    });

    it(`refuses the ${perIp + 1}th message from one IP in the window (429), and stores nothing; another IP still sends`, async () => {
      const ip = randomIp();
      for (let i = 0; i < perIp; i++)
        expect((await send({ ...valid, message: `Hello ${i}` }, ip)).statusCode).toBe(201);
      const before = (await stored()).length;

      const refused: LightMyRequestResponse = await send({ ...valid, message: 'One more' }, ip);
      expectError(refused, 429, { code: 'rate_limited', message: messages.tooManyRequests });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(windowSeconds);
      expect(await stored()).toHaveLength(before);

      expect((await send(valid)).statusCode).toBe(201);
    });
  });

  describe('the admin’s routes', () => {
    it('answer 401 to a visitor and 403 to a buyer or a seller, and change nothing', async () => {
      const id = await sent({ name: 'Nosy', email: 'nosy@example.com', message: 'Who reads these?' });
      for (const [caller, expected] of [
        [null, unauthorized],
        [cast.buyer, forbidden],
        [cast.seller, forbidden],
      ] as const) {
        const status = caller ? 403 : 401;
        expectError(await callAs(t, caller, 'GET', '/api/admin/contact-messages'), status, expected);
        expectError(await callAs(t, caller, 'POST', `/api/admin/contact-messages/${id}/read`), status, expected);
        expectError(await callAs(t, caller, 'POST', `/api/admin/contact-messages/${id}/archive`), status, expected);
      }
      const [row] = await t.app.db.select().from(contactMessages).where(eq(contactMessages.id, id));
      expect(row).toMatchObject({ readAt: null, archivedAt: null });
    });

    it('mark a message read (once, audited without its text or email), then archive it out of the inbox', async () => {
      const id = await sent({ name: 'Grace', email: 'grace@example.com', message: 'Can I sell two phones?' });

      const read = await act(id, 'read');
      expect(read.readAt).not.toBeNull();
      expect(read.archivedAt).toBeNull();
      expect((await list()).items.find((item) => item.id === id)?.readAt).toBe(read.readAt);
      // Marking it again changes nothing and records nothing more.
      expect((await act(id, 'read')).readAt).toBe(read.readAt);

      const archived = await act(id, 'archive');
      expect(archived.archivedAt).not.toBeNull();
      expect(archived.readAt).toBe(read.readAt);
      expect(ids(await list())).not.toContain(id);
      expect(ids(await list('view=archived&limit=100'))).toContain(id);
      expect((await act(id, 'archive')).archivedAt).toBe(archived.archivedAt);

      const audit = await auditOf(t.app.db, id);
      expect(audit.map((entry) => entry.action).sort()).toEqual(
        [adminAuditActions.contactMessageArchived, adminAuditActions.contactMessageRead].sort(),
      );
      for (const entry of audit) {
        expect(entry).toMatchObject({ actorId: cast.admin.id, subjectType: 'contact_message' });
        expect(JSON.stringify(entry.detail ?? null)).not.toMatch(/grace|Can I sell/i);
      }
    });

    it('archive an unread message: it is read as well', async () => {
      const id = await sent({ name: 'Linus', email: 'linus@example.com', message: 'Never mind.' });
      const archived = await act(id, 'archive');
      expect(archived.readAt).not.toBeNull();
      expect(archived.archivedAt).not.toBeNull();
    });

    it('answer 404 for an unknown or malformed message id', async () => {
      for (const id of [unknownId, 'not-an-id']) {
        for (const action of ['read', 'archive']) {
          expectError(await callAs(t, cast.admin, 'POST', `/api/admin/contact-messages/${id}/${action}`), 404, {
            code: 'not_found',
            message: texts.messageNotFound,
          });
        }
      }
    });

    it('page the inbox newest first, with no message twice or left out', async () => {
      const mine: string[] = [];
      for (let i = 0; i < 5; i++)
        mine.push(await sent({ name: `Pager ${i}`, email: 'p@example.com', message: `#${i}` }));
      const all = ids(await list());

      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await list(`limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.items.length).toBeLessThanOrEqual(2);
        seen.push(...ids(page));
        cursor = page.nextCursor;
      } while (cursor);

      expect(seen).toEqual(all);
      // The newest first: the last one sent leads.
      expect(seen.filter((id) => mine.includes(id))).toEqual([...mine].reverse());
    });
  });
});
