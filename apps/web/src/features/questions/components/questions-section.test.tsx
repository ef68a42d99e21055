import { questionTexts, type ProductQuestions, type Question } from '@recell/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuthContextValue } from '@/features/auth';
import { mockApi } from '@/test/api-mock';
import { jsonResponse, makeMe } from '@/test/fixtures';
import { renderWithProviders, signedOut } from '@/test/render';
import { QuestionsSection } from './questions-section';

const productId = '8e0c1f0e-1111-4222-8333-444455556666';
const listPath = `GET /api/products/${productId}/questions`;

const question = (overrides: Partial<Question> = {}): Question => ({
  id: '1c0c1f0e-1111-4222-8333-444455550001',
  text: 'Is the battery original?',
  answer: 'Yes, replaced never.',
  askedAt: '2025-03-01T10:00:00.000Z',
  answeredAt: '2025-03-02T10:00:00.000Z',
  isMine: false,
  isHidden: false,
  ...overrides,
});
const waiting = question({
  id: '1c0c1f0e-1111-4222-8333-444455550002',
  text: 'Does it come with the box?',
  answer: null,
  answeredAt: null,
});

const page = (overrides: Partial<ProductQuestions> = {}): ProductQuestions => ({
  items: [question()],
  nextCursor: null,
  unanswered: [],
  unansweredCount: 0,
  viewer: { canAsk: false, isSeller: false, canModerate: false },
  ...overrides,
});

const signedInAs = (role: 'user' | 'seller' | 'admin'): AuthContextValue => ({
  status: 'signedIn',
  user: makeMe({ role }),
  logout: async () => {},
});

const renderSection = (auth: AuthContextValue, isForSale = true) =>
  renderWithProviders(<QuestionsSection productId={productId} isForSale={isForSale} />, {
    route: `/products/${productId}`,
    path: '/products/:id',
    auth,
  });

describe('the Questions section of a phone’s page', () => {
  it('shows a visitor the answered questions, without who asked, and a link to log in to ask', async () => {
    mockApi({ [listPath]: () => jsonResponse(page()) });
    renderSection(signedOut);

    const section = await screen.findByRole('region', { name: questionTexts.heading });
    expect(await within(section).findByText('Is the battery original?')).toBeInTheDocument();
    expect(within(section).getByText('Yes, replaced never.')).toBeInTheDocument();
    expect(within(section).getByText('March 2, 2025')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: questionTexts.signInToAsk })).toHaveAttribute('href', '/login');
    expect(within(section).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /Hide/ })).not.toBeInTheDocument();
  });

  it('lets a buyer ask, warning first when the text holds contact details', async () => {
    const api = mockApi({
      [listPath]: () =>
        jsonResponse(page({ items: [], viewer: { canAsk: true, isSeller: false, canModerate: false } })),
      [`POST /api/products/${productId}/questions`]: () => jsonResponse(question({ isMine: true }), 201),
    });
    renderSection(signedInAs('user'));
    const user = userEvent.setup();

    expect(await screen.findByText(questionTexts.none)).toBeInTheDocument();
    const box = screen.getByRole('textbox', { name: questionTexts.askLabel });
    await user.type(box, 'Call me on 0412 345 678?');
    await user.click(screen.getByRole('button', { name: questionTexts.askSubmit }));

    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent(questionTexts.contactWarningTitle);
    expect(api.callsTo(`POST /api/products/${productId}/questions`)).toHaveLength(0);

    await user.click(within(warning).getByRole('button', { name: questionTexts.sendAnyway }));
    await screen.findByText(questionTexts.asked);
    expect(api.callsTo(`POST /api/products/${productId}/questions`).map((call) => call.body)).toEqual([
      { text: 'Call me on 0412 345 678?' },
    ]);
  });

  it('refuses a question too short before sending it', async () => {
    const api = mockApi({
      [listPath]: () => jsonResponse(page({ viewer: { canAsk: true, isSeller: false, canModerate: false } })),
    });
    renderSection(signedInAs('user'));
    const user = userEvent.setup();

    await user.type(await screen.findByRole('textbox', { name: questionTexts.askLabel }), 'ab');
    await user.click(screen.getByRole('button', { name: questionTexts.askSubmit }));
    expect(await screen.findByText('Write a question of at least 3 characters')).toBeInTheDocument();
    expect(api.callsTo(`POST /api/products/${productId}/questions`)).toHaveLength(0);
  });

  it('shows the seller the waiting questions, each with its answer form', async () => {
    const api = mockApi({
      [listPath]: () =>
        jsonResponse(
          page({
            unanswered: [waiting],
            unansweredCount: 1,
            viewer: { canAsk: false, isSeller: true, canModerate: false },
          }),
        ),
      [`POST /api/questions/${waiting.id}/answer`]: () =>
        jsonResponse({ ...waiting, answer: 'Yes', answeredAt: '2025-03-03T10:00:00.000Z' }),
    });
    renderSection(signedInAs('seller'));
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: questionTexts.unansweredHeading(1) })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: questionTexts.askLabel })).not.toBeInTheDocument();
    const box = screen.getByRole('textbox', { name: 'Your answer to: Does it come with the box?' });
    await user.type(box, 'Yes, with the original box.');
    await user.click(screen.getByRole('button', { name: questionTexts.answerSubmit }));
    await screen.findByText(questionTexts.answered);
    expect(api.callsTo(`POST /api/questions/${waiting.id}/answer`).map((call) => call.body)).toEqual([
      { answer: 'Yes, with the original box.' },
    ]);
  });

  it('gives an admin a Hide button on each question, and Show again on a hidden one', async () => {
    const hidden = question({ id: '1c0c1f0e-1111-4222-8333-444455550003', text: 'Rude words', isHidden: true });
    const api = mockApi({
      [listPath]: () =>
        jsonResponse(
          page({ items: [question(), hidden], viewer: { canAsk: false, isSeller: false, canModerate: true } }),
        ),
      [`POST /api/admin/questions/${question().id}/hide`]: () => jsonResponse(question({ isHidden: true })),
    });
    renderSection(signedInAs('admin'));
    const user = userEvent.setup();

    expect(await screen.findByText(questionTexts.hiddenMarker, { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show again the question: Rude words' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide the question: Is the battery original?' }));
    await screen.findByText(questionTexts.hidden);
    expect(api.callsTo(`POST /api/admin/questions/${question().id}/hide`)).toHaveLength(1);
  });
});
