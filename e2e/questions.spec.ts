/**
 * Ask before you book, as the three people meet it on a phone's page: a signed-in buyer asks its
 * seller a question in the Questions section and sees it as theirs, waiting; the seller, on the
 * same page, answers it; a visitor (no session) reads the question and its answer, never who asked.
 * Contact details in a question or an answer are hidden once published, and the writer is warned
 * before sending; on a 360 px phone the section is usable and nothing scrolls sideways. Fresh
 * accounts and phones, so the questions are theirs alone.
 */
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { contactDetailTexts, questionTexts, type Product } from '@recell/contract';
import { signIn, toast } from './support/auth.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { createPhone, signUpAccount, type FreshAccount } from './support/admin.ts';
import { expectNoHorizontalScroll, phoneViewport } from './support/layout.ts';
import { uniqueToken } from './support/listings.ts';

/** A page of its own (its own cookies): signed in as `account` when given, else a visitor's. CSP is bypassed so axe can run in it. */
const pageOf = async (browser: Browser, account: FreshAccount | null, options = {}) => {
  const context = await browser.newContext({ ...options, bypassCSP: true });
  const page = await context.newPage();
  if (account) await signIn(page, account.email, account.password);
  return { page, close: () => context.close() };
};

/** Opens the phone's page and returns its Questions section. */
const openQuestions = async (page: Page, phone: Product) => {
  await page.goto(`/products/${phone.id}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: phone.name, exact: true })).toBeVisible();
  const section = main.getByRole('region', { name: questionTexts.heading, exact: true });
  await expect(section).toBeVisible();
  return section;
};

/** The question of the section whose words are exactly `text`. */
const questionItem = (page: Page, section: Locator, text: string) =>
  section.getByRole('listitem').filter({ has: page.getByText(text, { exact: true }) });

/** The seller's answer box for `question` (its label names the question for screen readers). */
const answerBox = (section: Locator, question: string) =>
  section.getByRole('textbox', {
    name: `${questionTexts.answerLabel} ${questionTexts.answerLabelQuestion(question)}`,
    exact: true,
  });

/** Counts the questions and answers the page sends (the warning must send nothing). */
const countWrites = (page: Page) => {
  const writes = { count: 0 };
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === 'POST' && /^\/api\/(products\/[^/]+\/questions|questions\/[^/]+\/answer)$/.test(path)) {
      writes.count += 1;
    }
  });
  return writes;
};

test('a buyer asks the seller a question on the phone’s page; the seller answers it there; a visitor reads both', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const token = uniqueToken();
  const seller = await signUpAccount(request, 'seller', `Quinn Seller ${token}`);
  const buyer = await signUpAccount(request, 'user', `Abel Asker ${token}`);
  const phone = await createPhone(request, seller, {
    name: `Pixel 8 asked ${token}`,
    model: 'Pixel 8',
    categoryId: '3',
  });
  const question = `Does it come with the original box? (${token})`;
  const answer = `Yes, the box and an unused cable, ${token}.`;

  // ---- The buyer asks: a labelled box and a real button; the question is theirs, waiting.
  const asker = await pageOf(browser, buyer);
  const askerSection = await openQuestions(asker.page, phone);
  await expect(askerSection.getByText(questionTexts.intro, { exact: true })).toBeVisible();
  await expect(askerSection.getByText(questionTexts.none, { exact: true })).toBeVisible();
  const box = askerSection.getByLabel(questionTexts.askLabel, { exact: true });
  await expect(box).toHaveAccessibleDescription(questionTexts.askHint);
  await box.fill(question);
  await askerSection.getByRole('button', { name: questionTexts.askSubmit, exact: true }).click();
  await expect(toast(asker.page, questionTexts.asked)).toBeVisible();
  await expect(box).toHaveValue('');
  await expect(askerSection.getByRole('heading', { name: questionTexts.yourOpenHeading, exact: true })).toBeVisible();
  const mine = questionItem(asker.page, askerSection, question);
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(questionTexts.yourQuestion);
  await expect(mine).toContainText(questionTexts.waitingForAnswer);
  // Nobody else sees a waiting question: the public list is still empty.
  await expect(askerSection.getByText(questionTexts.none, { exact: true })).toBeVisible();

  // ---- The seller opens the phone's page: the question waits for their answer.
  const owner = await pageOf(browser, seller);
  const ownerSection = await openQuestions(owner.page, phone);
  await expect(ownerSection.getByText(questionTexts.ownListingNote, { exact: true })).toBeVisible();
  await expect(
    ownerSection.getByRole('heading', { name: questionTexts.unansweredHeading(1), exact: true }),
  ).toBeVisible();
  const waiting = questionItem(owner.page, ownerSection, question);
  await expect(waiting).toContainText(questionTexts.waitingForAnswer);
  // Who asked is never shown, not even to the seller.
  await expect(ownerSection).not.toContainText(buyer.name);
  await expect(ownerSection).not.toContainText(questionTexts.yourQuestion);
  await answerBox(ownerSection, question).fill(answer);
  await waiting.getByRole('button', { name: questionTexts.answerSubmit, exact: true }).click();
  await expect(toast(owner.page, questionTexts.answered)).toBeVisible();
  const answered = questionItem(owner.page, ownerSection, question);
  await expect(answered.getByText(answer, { exact: true })).toBeVisible();
  await expect(answered).toContainText(questionTexts.answeredOn);
  await expect(
    ownerSection.getByRole('heading', { name: questionTexts.unansweredHeading(1), exact: true }),
  ).toHaveCount(0);
  await expect(answerBox(ownerSection, question)).toHaveCount(0);

  // ---- The buyer, back on the page, reads the answer to their question.
  await asker.page.reload();
  const readBack = questionItem(asker.page, askerSection, question);
  await expect(readBack.getByText(answer, { exact: true })).toBeVisible();
  await expect(readBack).toContainText(questionTexts.yourQuestion);
  await expect(readBack).not.toContainText(questionTexts.waitingForAnswer);

  // ---- A visitor: the question and its answer, never who asked; a link to log in to ask.
  const visitor = await pageOf(browser, null);
  const publicSection = await openQuestions(visitor.page, phone);
  const shown = questionItem(visitor.page, publicSection, question);
  await expect(shown).toHaveCount(1);
  await expect(shown.getByText(answer, { exact: true })).toBeVisible();
  await expect(shown.getByText(questionTexts.answerTerm, { exact: true })).toBeVisible();
  await expect(shown).not.toContainText(questionTexts.yourQuestion);
  await expect(publicSection).not.toContainText(buyer.name);
  await expect(publicSection.getByText(questionTexts.none, { exact: true })).toHaveCount(0);
  await expect(publicSection.getByRole('textbox')).toHaveCount(0);
  await expect(publicSection.getByRole('link', { name: questionTexts.signInToAsk, exact: true })).toBeVisible();

  await asker.close();
  await owner.close();
  await visitor.close();
});

test('on a 360 px phone, contact details are hidden from a question and its answer, and each writer is warned before sending', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const token = uniqueToken();
  const seller = await signUpAccount(request, 'seller', `Mia Seller ${token}`);
  const buyer = await signUpAccount(request, 'user', `Paul Phoner ${token}`);
  const phone = await createPhone(request, seller, {
    name: `Galaxy S23 masked ${token}`,
    model: 'Galaxy S23',
    categoryId: '3',
  });
  const phoneNumber = '503 555 0199';
  const email = `mia.${token}@example.com`;
  const question = `Can I call you on ${phoneNumber} about the battery? (${token})`;
  const maskedQuestion = `Can I call you on ${contactDetailTexts.mask} about the battery? (${token})`;
  const answer = `Please write to ${email} and we will talk, ${token}.`;
  const maskedAnswer = `Please write to ${contactDetailTexts.mask} and we will talk, ${token}.`;

  // ---- The buyer, on a phone, asks with a phone number: warned first, nothing sent.
  const asker = await pageOf(browser, buyer, phoneViewport);
  const writes = countWrites(asker.page);
  const section = await openQuestions(asker.page, phone);
  const box = section.getByLabel(questionTexts.askLabel, { exact: true });
  await box.fill(question);
  const ask = section.getByRole('button', { name: questionTexts.askSubmit, exact: true });
  await ask.click();
  const warning = section.getByRole('alert').filter({ hasText: questionTexts.contactWarningTitle });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText(questionTexts.contactWarning);
  expect(writes.count, 'questions sent before the warning was answered').toBe(0);
  // Edit my text takes the warning away and puts the person back in the box, text kept.
  await warning.getByRole('button', { name: questionTexts.editText, exact: true }).click();
  await expect(warning).toHaveCount(0);
  await expect(box).toBeFocused();
  await expect(box).toHaveValue(question);
  await ask.click();
  await expect(warning).toBeVisible();
  // The section fits the phone while the warning shows.
  await warning.getByRole('button', { name: questionTexts.sendAnyway, exact: true }).scrollIntoViewIfNeeded();
  await expect(warning.getByRole('button', { name: questionTexts.sendAnyway, exact: true })).toBeInViewport();
  await expectNoHorizontalScroll(asker.page);
  await expectNoAxeViolations(asker.page);
  expect(writes.count).toBe(0);
  await warning.getByRole('button', { name: questionTexts.sendAnyway, exact: true }).click();
  await expect(toast(asker.page, questionTexts.asked)).toBeVisible();
  expect(writes.count).toBe(1);
  await expect(warning).toHaveCount(0);
  // Published with the number hidden: the asker sees it so too.
  const mine = questionItem(asker.page, section, maskedQuestion);
  await expect(mine).toContainText(questionTexts.waitingForAnswer);
  await expect(section).not.toContainText(phoneNumber);
  await expectNoHorizontalScroll(asker.page);

  // ---- The seller answers with an email address: warned, sends anyway.
  const owner = await pageOf(browser, seller);
  const ownerSection = await openQuestions(owner.page, phone);
  await expect(ownerSection).not.toContainText(phoneNumber);
  const waiting = questionItem(owner.page, ownerSection, maskedQuestion);
  await answerBox(ownerSection, maskedQuestion).fill(answer);
  await waiting.getByRole('button', { name: questionTexts.answerSubmit, exact: true }).click();
  const answerWarning = waiting.getByRole('alert').filter({ hasText: questionTexts.contactWarningTitle });
  await expect(answerWarning).toBeVisible();
  await expectNoAxeViolations(owner.page);
  await answerWarning.getByRole('button', { name: questionTexts.sendAnyway, exact: true }).click();
  await expect(toast(owner.page, questionTexts.answered)).toBeVisible();
  await expect(
    questionItem(owner.page, ownerSection, maskedQuestion).getByText(maskedAnswer, { exact: true }),
  ).toBeVisible();
  await expect(ownerSection).not.toContainText(email);

  // ---- A visitor on a phone: both hidden, the section fits the screen.
  const visitor = await pageOf(browser, null, phoneViewport);
  const publicSection = await openQuestions(visitor.page, phone);
  const shown = questionItem(visitor.page, publicSection, maskedQuestion);
  await expect(shown.getByText(maskedAnswer, { exact: true })).toBeVisible();
  await expect(publicSection).not.toContainText(phoneNumber);
  await expect(publicSection).not.toContainText(email);
  const signInLink = publicSection.getByRole('link', { name: questionTexts.signInToAsk, exact: true });
  await signInLink.scrollIntoViewIfNeeded();
  await expect(signInLink).toBeInViewport();
  await expectNoHorizontalScroll(visitor.page);

  await asker.close();
  await owner.close();
  await visitor.close();
});
