/**
 * Questions on a listing before booking: a buyer asks (trimmed, 3–500 characters, contact details
 * masked, at most 3 waiting per listing, a write limit per account), the listing's seller alone
 * answers once, answered questions are public without who asked, the asker sees their own waiting
 * ones, an admin hides and shows one again (audited), and both parties are notified. Every refusal
 * changes nothing.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  contactDetailTexts,
  ProductQuestionsSchema,
  productQuestionsPath,
  questionLimits,
  questionMessages,
  QuestionSchema,
  type ProductQuestions,
} from '@recell/contract';
import { notifications, productQuestions, products } from '../src/db/schema.ts';
import { auditOf, disableUser } from './fixtures.ts';
import { callerWithRole, type Caller } from './support/accounts.ts';
import { expectError, forbidden, unauthorized, unknownId, useTestApp } from './support/api.ts';
import { listPhone } from './support/buying.ts';

const questionsLimit = 5;

describe('questions on a listing', () => {
  const t = useTestApp({ env: () => ({ NODE_ENV: 'development', QUESTIONS_PER_ACCOUNT: String(questionsLimit) }) });

  const ask = (caller: Caller | null, productId: string, payload: unknown = { text: 'Is the battery original?' }) =>
    t.app.inject({
      method: 'POST',
      url: `/api/products/${productId}/questions`,
      headers: caller?.headers ?? {},
      payload: payload as Record<string, unknown>,
    });
  const answer = (caller: Caller, questionId: string, text: unknown = 'Yes, it is the original battery.') =>
    t.app.inject({
      method: 'POST',
      url: `/api/questions/${questionId}/answer`,
      headers: caller.headers,
      payload: { answer: text },
    });
  const setHidden = (caller: Caller, questionId: string, action: 'hide' | 'unhide') =>
    t.app.inject({ method: 'POST', url: `/api/admin/questions/${questionId}/${action}`, headers: caller.headers });
  const listAs = async (caller: Caller | null, productId: string, query = ''): Promise<ProductQuestions> => {
    const response = await t.app.inject({
      url: `/api/products/${productId}/questions${query}`,
      headers: caller?.headers ?? {},
    });
    expect(response.statusCode, response.body).toBe(200);
    return ProductQuestionsSchema.parse(response.json());
  };
  const asked = async (caller: Caller, productId: string, text = 'Is the battery original?') => {
    const response = await ask(caller, productId, { text });
    expect(response.statusCode, response.body).toBe(201);
    return QuestionSchema.parse(response.json());
  };
  const rowsOf = (productId: string) =>
    t.app.db.select().from(productQuestions).where(eq(productQuestions.productId, productId));
  const noticesOf = (userId: string, kind: string) =>
    t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
  // Each test its own people: the write limit counts per account.
  const people = async () => ({
    seller: await callerWithRole(t, 'seller', { name: 'Sam Seller' }),
    buyer: await callerWithRole(t, 'user', { name: 'Ann Marie Lee', email: `ann-${Date.now()}@recell.test` }),
    otherBuyer: await callerWithRole(t, 'user'),
    admin: await callerWithRole(t, 'admin'),
  });

  it('lets a buyer ask (trimmed), tells the seller, and shows it to the asker and the seller only', async () => {
    const { seller, buyer, otherBuyer } = await people();
    const phone = await listPhone(t, seller, { name: 'Pixel 8' });

    const response = await ask(buyer, phone.id, { text: '   Does it come with the box?  ' });
    expect(response.statusCode, response.body).toBe(201);
    const question = QuestionSchema.parse(response.json());
    expect(question).toMatchObject({
      text: 'Does it come with the box?',
      answer: null,
      answeredAt: null,
      isMine: true,
      isHidden: false,
    });

    const [notice] = await noticesOf(seller.id, 'new_question');
    expect(notice).toMatchObject({ title: 'New question on Pixel 8', link: productQuestionsPath(phone.id) });
    expect(notice!.body).not.toContain('Does it come with the box?');

    // The asker sees it waiting; the seller sees it to answer; a visitor and another buyer see nothing yet.
    expect(await listAs(buyer, phone.id)).toMatchObject({
      items: [],
      unanswered: [{ id: question.id, isMine: true }],
      unansweredCount: 0,
      viewer: { canAsk: true, isSeller: false, canModerate: false },
    });
    expect(await listAs(seller, phone.id)).toMatchObject({
      unanswered: [{ id: question.id, isMine: false, text: 'Does it come with the box?' }],
      unansweredCount: 1,
      viewer: { canAsk: false, isSeller: true, canModerate: false },
    });
    expect(await listAs(null, phone.id)).toEqual({
      items: [],
      nextCursor: null,
      unanswered: [],
      unansweredCount: 0,
      viewer: { canAsk: false, isSeller: false, canModerate: false },
    });
    expect((await listAs(otherBuyer, phone.id)).unanswered).toEqual([]);
  });

  it('publishes the seller’s answer to everyone, without who asked, and tells the asker', async () => {
    const { seller, buyer, otherBuyer } = await people();
    const phone = await listPhone(t, seller, { name: 'Galaxy S23' });
    const question = await asked(buyer, phone.id);

    const response = await answer(seller, question.id, '  Yes, and it holds a day.  ');
    expect(response.statusCode, response.body).toBe(200);
    expect(QuestionSchema.parse(response.json())).toMatchObject({
      id: question.id,
      answer: 'Yes, and it holds a day.',
      isMine: false,
    });

    const [notice] = await noticesOf(buyer.id, 'question_answered');
    expect(notice).toMatchObject({
      title: 'Your question on Galaxy S23 was answered',
      link: productQuestionsPath(phone.id),
    });

    for (const viewer of [null, otherBuyer, buyer, seller]) {
      const list = await listAs(viewer, phone.id);
      expect(list.items).toEqual([
        {
          id: question.id,
          text: 'Is the battery original?',
          answer: 'Yes, and it holds a day.',
          askedAt: question.askedAt,
          answeredAt: expect.any(String) as string,
          isMine: viewer === buyer,
          isHidden: false,
        },
      ]);
      expect(list.unanswered).toEqual([]);
    }
    // Nothing about the asker leaves the server: not their id, name or email.
    const visitorBody = (await t.app.inject({ url: `/api/products/${phone.id}/questions` })).body;
    expect(visitorBody).not.toContain(buyer.id);
    expect(visitorBody).not.toContain('Ann');
    expect(visitorBody).not.toContain('@recell.test');

    // Once: a second answer is refused and the first stays.
    expectError(await answer(seller, question.id, 'Something else'), 409, {
      code: 'conflict',
      message: questionMessages.alreadyAnswered,
    });
    expect((await rowsOf(phone.id))[0]!.answer).toBe('Yes, and it holds a day.');
  });

  it('lets only the listing’s seller answer; anyone else changes nothing', async () => {
    const { seller, buyer, admin } = await people();
    const otherSeller = await callerWithRole(t, 'seller');
    const phone = await listPhone(t, seller);
    const question = await asked(buyer, phone.id);

    expectError(await answer(otherSeller, question.id), 404, {
      code: 'not_found',
      message: questionMessages.questionNotFound,
    });
    expectError(await answer(buyer, question.id), 403, forbidden);
    expectError(await answer(admin, question.id), 403, forbidden);
    expectError(await answer(seller, unknownId), 404, {
      code: 'not_found',
      message: questionMessages.questionNotFound,
    });
    expectError(await answer(seller, 'not-an-id'), 404, {
      code: 'not_found',
      message: questionMessages.questionNotFound,
    });
    const empty = await answer(seller, question.id, '   ');
    expect(empty.statusCode).toBe(400);
    const long = await answer(seller, question.id, 'a'.repeat(questionLimits.answerMax + 1));
    expect(long.statusCode).toBe(400);

    expect((await rowsOf(phone.id))[0]).toMatchObject({ answer: null, answeredAt: null });
    expect(await noticesOf(buyer.id, 'question_answered')).toEqual([]);
  });

  it('refuses bad questions with a 4xx and stores nothing', async () => {
    const { seller, admin } = await people();
    // A new buyer for each try: every ask counts against its account's write limit.
    const buyer = () => callerWithRole(t, 'user');
    const phone = await listPhone(t, seller);
    const sold = await listPhone(t, seller, { status: 'sold' });
    const removed = await listPhone(t, seller, { status: 'removed' });

    expectError(await ask(await buyer(), phone.id, { text: '  ab  ' }), 400, {
      code: 'validation',
      message: questionMessages.textTooShort,
      fields: { text: questionMessages.textTooShort },
    });
    expect((await ask(await buyer(), phone.id, { text: 'a'.repeat(questionLimits.textMax + 1) })).statusCode).toBe(400);
    expect((await ask(await buyer(), phone.id, { text: 'Null\u0000byte?' })).statusCode).toBe(400);
    expect((await ask(await buyer(), phone.id, {})).statusCode).toBe(400);
    expectError(await ask(null, phone.id), 401, unauthorized);
    expectError(await ask(admin, phone.id), 403, forbidden);
    expectError(await ask(seller, phone.id), 403, { code: 'forbidden', message: questionMessages.ownListing });
    expectError(await ask(await buyer(), sold.id), 409, { code: 'conflict', message: questionMessages.notForSale });
    expectError(await ask(await buyer(), removed.id), 404, {
      code: 'not_found',
      message: questionMessages.productNotFound,
    });
    expectError(await ask(await buyer(), unknownId), 404, {
      code: 'not_found',
      message: questionMessages.productNotFound,
    });

    const unconfirmed = await callerWithRole(t, 'user', { emailConfirmedAt: null });
    expect((await ask(unconfirmed, phone.id)).statusCode).toBe(403);

    for (const id of [phone.id, sold.id, removed.id]) expect(await rowsOf(id)).toEqual([]);
    expect(await noticesOf(seller.id, 'new_question')).toEqual([]);
  });

  it('holds an asker to 3 waiting questions per listing, and counts asks against the account’s write limit', async () => {
    const { seller, buyer } = await people();
    const phone = await listPhone(t, seller);
    const other = await listPhone(t, seller);
    const first = await asked(buyer, phone.id, 'First question?');
    await asked(buyer, phone.id, 'Second question?');
    await asked(buyer, phone.id, 'Third question?');
    expectError(await ask(buyer, phone.id, { text: 'Fourth question?' }), 409, {
      code: 'conflict',
      message: questionMessages.tooManyOpen,
    });
    expect(await rowsOf(phone.id)).toHaveLength(questionLimits.openPerAskerPerListing);

    // An answer frees a place.
    expect((await answer(seller, first.id)).statusCode).toBe(200);
    await asked(buyer, other.id, 'Another phone?');
    // Every ask counts against the account's limit, the refused one too: that was the 5th, and a 6th
    // is refused whatever the listing.
    const limited = await ask(buyer, phone.id, { text: 'Fourth question, now?' });
    expectError(limited, 429, { code: 'rate_limited', message: expect.any(String) as string });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await rowsOf(phone.id)).toHaveLength(questionLimits.openPerAskerPerListing);
  });

  it('masks contact details in questions and answers before they are stored', async () => {
    const { seller, buyer } = await people();
    const phone = await listPhone(t, seller);
    const question = await asked(buyer, phone.id, 'Can I call you on 0412 345 678 or mail ann@example.com?');
    expect(question.text).toBe(`Can I call you on ${contactDetailTexts.mask} or mail ${contactDetailTexts.mask}?`);
    await answer(seller, question.id, 'Text me at +1 (312) 555-0126.');

    const [row] = await rowsOf(phone.id);
    expect(row!.text).toBe(`Can I call you on ${contactDetailTexts.mask} or mail ${contactDetailTexts.mask}?`);
    expect(row!.answer).toBe(`Text me at ${contactDetailTexts.mask}.`);
    const body = (await t.app.inject({ url: `/api/products/${phone.id}/questions` })).body;
    expect(body).not.toMatch(/0412|ann@example|555-0126/);
  });

  it('lets an admin hide a question (audited) and show it again; hidden ones leave every view but the admin’s', async () => {
    const { seller, buyer, admin } = await people();
    const phone = await listPhone(t, seller);
    const question = await asked(buyer, phone.id);
    await answer(seller, question.id);

    const hidden = await setHidden(admin, question.id, 'hide');
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(QuestionSchema.parse(hidden.json())).toMatchObject({ id: question.id, isHidden: true });
    for (const viewer of [null, buyer, seller]) expect((await listAs(viewer, phone.id)).items).toEqual([]);
    expect(await listAs(admin, phone.id)).toMatchObject({
      items: [{ id: question.id, isHidden: true }],
      viewer: { canAsk: false, canModerate: true },
    });
    // Hiding again changes nothing and records nothing more.
    expect((await setHidden(admin, question.id, 'hide')).statusCode).toBe(200);
    expect((await auditOf(t.app.db, question.id)).map((entry) => entry.action)).toEqual(['question.hidden']);

    expect(QuestionSchema.parse((await setHidden(admin, question.id, 'unhide')).json()).isHidden).toBe(false);
    expect((await listAs(null, phone.id)).items.map((item) => item.id)).toEqual([question.id]);
    expect((await auditOf(t.app.db, question.id)).map((entry) => entry.action).sort()).toEqual([
      'question.hidden',
      'question.shown',
    ]);

    expectError(await setHidden(seller, question.id, 'hide'), 403, forbidden);
    expectError(await setHidden(admin, unknownId, 'hide'), 404, {
      code: 'not_found',
      message: questionMessages.questionNotFound,
    });
    expect((await rowsOf(phone.id))[0]!.hiddenAt).toBeNull();
  });

  it('keeps a hidden waiting question from its asker and its seller, who cannot answer it', async () => {
    const { seller, buyer, admin } = await people();
    const phone = await listPhone(t, seller);
    const question = await asked(buyer, phone.id);
    expect((await setHidden(admin, question.id, 'hide')).statusCode).toBe(200);

    expect((await listAs(buyer, phone.id)).unanswered).toEqual([]);
    expect(await listAs(seller, phone.id)).toMatchObject({ unanswered: [], unansweredCount: 0 });
    expect(await listAs(admin, phone.id)).toMatchObject({
      unanswered: [{ id: question.id, isHidden: true }],
      unansweredCount: 1,
    });
    expectError(await answer(seller, question.id), 409, { code: 'conflict', message: questionMessages.hidden });
    expect((await rowsOf(phone.id))[0]!.answer).toBeNull();
  });

  it('pages the answered questions newest first, and hides the questions of a listing no longer live', async () => {
    const { seller, buyer, otherBuyer } = await people();
    const phone = await listPhone(t, seller);
    const ids: string[] = [];
    for (const [asker, text] of [
      [buyer, 'One?'],
      [buyer, 'Two?'],
      [otherBuyer, 'Three?'],
    ] as const) {
      const question = await asked(asker, phone.id, `Question ${text}`);
      await answer(seller, question.id);
      ids.push(question.id);
    }
    const first = await listAs(null, phone.id, '?limit=2');
    expect(first.items.map((item) => item.id)).toEqual([ids[2], ids[1]]);
    const second = await listAs(null, phone.id, `?limit=2&cursor=${first.nextCursor!}`);
    expect(second).toMatchObject({ items: [{ id: ids[0] }], nextCursor: null });
    expect((await t.app.inject({ url: `/api/products/${phone.id}/questions?limit=999` })).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/products/${phone.id}/questions?cursor=nope` })).statusCode).toBe(400);

    // A sold phone keeps its answers but takes no new questions.
    await t.app.db.update(products).set({ status: 'sold' }).where(eq(products.id, phone.id));
    expect(await listAs(buyer, phone.id)).toMatchObject({ viewer: { canAsk: false } });
    expect((await listAs(null, phone.id)).items).toHaveLength(3);

    // A removed listing, or one whose seller was disabled, is gone with its questions.
    await disableUser(t.app.db, seller.id);
    expectError(await t.app.inject({ url: `/api/products/${phone.id}/questions` }), 404, {
      code: 'not_found',
      message: questionMessages.productNotFound,
    });
  });
});
