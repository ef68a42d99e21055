/**
 * An admin sees the outbox's delivery, never the links in its emails: after a password reset, an
 * email confirmation and a notification with its unsubscribe link are written, no answer an admin
 * can fetch (every GET endpoint an admin may call) carries a reset or confirmation token or an
 * unsubscribe token or link. Reading the outbox, which names who was sent what, is audited.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiEndpoints, AuditPageSchema, fillPath, type EndpointWithSchemas } from '@recell/contract';
import { auditLog, orderProblems, outboxEmails } from '../src/db/schema.ts';
import { insertCategories, insertCompletedOrder, insertProduct } from './fixtures.ts';
import { callerWithRole, insertPasswordUser, password, signUp, uniqueEmail } from './support/accounts.ts';
import { useTestApp } from './support/api.ts';

/** Every GET endpoint an admin may call: public, any signed-in person's, or an admin's. */
const adminGets = () =>
  Object.values(apiEndpoints)
    .flatMap((area) => Object.values(area) as EndpointWithSchemas[])
    .filter(
      (endpoint) =>
        endpoint.method === 'GET' &&
        (endpoint.auth === undefined || endpoint.auth === 'signedIn' || endpoint.auth.includes('admin')),
    );

describe('the admin’s answers and the secret links of emails', () => {
  const t = useTestApp();

  it('never carry a reset, confirmation or unsubscribe token, whichever GET the admin calls', async () => {
    await insertCategories(t.app.db).catch(() => undefined);
    const admin = await callerWithRole(t, 'admin');
    // A sign-up's confirmation link, a password reset link, a notification with its unsubscribe link.
    const newcomer = uniqueEmail('newcomer');
    expect((await signUp(t, { name: 'New Comer', email: newcomer, password, role: 'user' })).statusCode).toBe(201);
    const forgetful = await insertPasswordUser(t.app.db);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: forgetful.email },
    });
    expect(reset.statusCode).toBe(200);
    const seller = await insertPasswordUser(t.app.db, { role: 'seller' });
    const verified = await t.app.inject({
      method: 'POST',
      url: `/api/admin/sellers/${seller.id}/verify`,
      headers: admin.headers,
    });
    expect(verified.statusCode, verified.body).toBe(200);

    const emails = await t.app.db.select().from(outboxEmails);
    const secrets = new Set<string>();
    for (const email of emails) {
      for (const match of email.textBody.matchAll(/token=([A-Za-z0-9_-]{16,})/g)) secrets.add(match[1]!);
      if (email.unsubscribeUrl) secrets.add(email.unsubscribeUrl);
    }
    expect(emails.some((email) => email.recipient === newcomer && /confirm-email\?token=/.test(email.textBody))).toBe(
      true,
    );
    expect(
      emails.some((email) => email.recipient === forgetful.email && /reset-password\?token=/.test(email.textBody)),
    ).toBe(true);
    expect(emails.some((email) => email.recipient === seller.email && email.unsubscribeUrl)).toBe(true);
    expect(secrets.size).toBeGreaterThanOrEqual(4);

    // Ids for the endpoints' paths: an order the admin may open, a phone, a seller.
    const buyer = await callerWithRole(t, 'user');
    const product = await insertProduct(t.app.db, seller.id, { categoryId: '1' });
    const { order } = await insertCompletedOrder(t.app.db, seller.id, buyer.id);
    // An admin opens an order while a problem with it is undecided.
    await t.app.db.insert(orderProblems).values({ orderId: order.id, reporterId: buyer.id, reason: 'Screen cracked' });
    const idFor = (path: string) =>
      path.startsWith('/orders')
        ? order.id
        : path.startsWith('/sellers')
          ? seller.id
          : path.startsWith('/products')
            ? product.id
            : '1';
    const queries: Record<string, string> = {
      '/search': 'q=phone',
      '/fair-price': 'model=13&storageGb=128',
      '/admin/users': 'role=seller',
      // The link's holder alone opens it; the admin has none (a wrong one, refused).
      '/email-unsubscribe': 'token=not-a-token',
    };
    const expectedStatus: Record<string, number> = {
      '/email-unsubscribe': 400,
      // The phone was listed by a trusted seller: it has no verification photo to show.
      '/products/:id/verification-photo': 404,
    };
    const walked: string[] = [];
    for (const endpoint of adminGets()) {
      const url = `/api${fillPath(endpoint.path, { id: idFor(endpoint.path) } as never)}${
        queries[endpoint.path] ? `?${queries[endpoint.path]}` : ''
      }`;
      const response = await t.app.inject({ url, headers: admin.headers });
      expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(500);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(expectedStatus[endpoint.path] ?? 200);
      for (const secret of secrets) expect(response.body, url).not.toContain(secret);
      expect(response.body, url).not.toMatch(/(reset-password|confirm-email|unsubscribe)\?token=/);
      walked.push(endpoint.path);
    }
    expect(walked).toEqual(
      expect.arrayContaining(['/admin/outbox', '/admin/audit', '/admin/users', '/orders/:id/details']),
    );
  });

  it('audits each reading of the outbox: which admin, and how many emails it listed', async () => {
    const admin = await callerWithRole(t, 'admin');
    const read = await t.app.inject({ url: '/api/admin/outbox', headers: admin.headers });
    expect(read.statusCode).toBe(200);
    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, admin.id), eq(auditLog.action, 'outbox.viewed')));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ subjectType: 'outbox', detail: { emails: read.json().items.length } });
    // The admins' Audit Log shows it.
    const audit = AuditPageSchema.parse(
      (await t.app.inject({ url: '/api/admin/audit', headers: admin.headers })).json(),
    );
    expect(audit.items.some((item) => item.action === 'outbox.viewed' && item.actor?.id === admin.id)).toBe(true);
    // A refused caller reads nothing and leaves no entry.
    const buyer = await callerWithRole(t, 'user');
    expect((await t.app.inject({ url: '/api/admin/outbox', headers: buyer.headers })).statusCode).toBe(403);
    const byBuyer = await t.app.db.select().from(auditLog).where(eq(auditLog.actorId, buyer.id));
    expect(byBuyer).toEqual([]);
  });
});
