import {
  payoutMessages,
  payoutTexts,
  webTexts,
  type PayoutAccountState,
  type PayoutSale,
  type Payouts,
} from '@recell/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthContextValue } from '@/features/auth';
import { apiError, mockApi } from '@/test/api-mock';
import { jsonResponse, makeMe } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import PayoutsPage from './payouts';

const seller: AuthContextValue = { status: 'signedIn', user: makeMe({ role: 'seller' }), logout: async () => {} };

const routes = {
  payouts: 'GET /api/me/payouts',
  onboarding: 'POST /api/me/payout-account/onboarding',
};

const makeSale = (overrides: Partial<PayoutSale> = {}): PayoutSale => ({
  orderId: '11111111-1111-4111-8111-111111111111',
  productName: 'Galaxy S21',
  // 3 Feb 2025, 21:07 in the test machine's own time zone
  soldAt: new Date(2025, 1, 3, 21, 7).toISOString(),
  priceCents: 44_999,
  feeCents: 2_250,
  netCents: 42_749,
  state: 'held',
  releaseAt: new Date(2025, 1, 17, 9, 30).toISOString(),
  sentAt: null,
  ...overrides,
});

const makePayouts = (overrides: Partial<Payouts> = {}): Payouts => ({
  account: { state: 'ready', processor: 'test', requirementsDue: [] },
  balances: { heldCents: 123_456, onTheWayCents: 42_749, paidOutCents: 0 },
  sales: [],
  bankPayouts: [],
  ...overrides,
});

const accountIn = (state: PayoutAccountState, requirementsDue: string[] = []) =>
  makePayouts({ account: { state, processor: 'stripe', requirementsDue } });

const renderPage = () => renderWithProviders(<PayoutsPage />, { route: '/dashboard/payouts', auth: seller });

const accountSection = async () => screen.findByRole('region', { name: payoutTexts.accountHeading });

/** The amount shown for a term of the balances. */
const balanceOf = (term: string) => {
  const balances = within(screen.getByRole('region', { name: payoutTexts.balancesHeading }));
  const terms = balances.getAllByRole('term').map((element) => element.textContent);
  return balances.getAllByRole('definition')[terms.indexOf(term)]?.textContent;
};

/** Each cell's text as a screen reader reads it (without the column names a phone's card shows). */
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => {
      const read = cell.cloneNode(true) as HTMLElement;
      read.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => {
        hidden.remove();
      });
      return read.textContent;
    });

describe('the Payouts page', () => {
  it.each<[PayoutAccountState, string | null]>([
    ['not_connected', payoutTexts.connect],
    ['incomplete', payoutTexts.finishSetup],
    ['needs_information', payoutTexts.fixSetup],
    ['rejected', null],
    ['ready', null],
  ])('says where the payout account stands when it is %s, with its setup button (%s)', async (state, button) => {
    mockApi({ [routes.payouts]: () => jsonResponse(accountIn(state)) });
    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: payoutTexts.title })).toBeInTheDocument();
    const account = within(await accountSection());
    expect(await account.findByText(payoutTexts.accountState[state])).toBeInTheDocument();
    expect(account.queryAllByRole('button').map((element) => element.textContent)).toEqual(button ? [button] : []);
    expect(account.queryByRole('list')).not.toBeInTheDocument();
  });

  it('lists what the processor still asks for under Still needed', async () => {
    mockApi({
      [routes.payouts]: () =>
        jsonResponse(accountIn('needs_information', ['individual.verification.document', 'external_account'])),
    });
    renderPage();

    const account = within(await accountSection());
    const list = await account.findByRole('list', { name: payoutTexts.requirementsDue });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['individual.verification.document', 'external_account']);
    expect(account.getByRole('heading', { level: 2, name: payoutTexts.accountHeading })).toBeInTheDocument();
    expect(account.getByRole('heading', { level: 3, name: payoutTexts.requirementsDue })).toBeInTheDocument();
  });

  it.each([
    ['Stripe’s onboarding', 'https://connect.stripe.com/setup/e/acct_123/abc'],
    ['the test-mode page', '/dashboard/payouts/test-onboarding'],
  ])('takes the seller to %s the API answers when they click Connect', async (_, url) => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const api = mockApi({
      [routes.payouts]: () => jsonResponse(accountIn('not_connected')),
      [routes.onboarding]: () => jsonResponse({ url }),
    });
    renderPage();

    await userEvent.click(await screen.findByRole('button', { name: payoutTexts.connect }));

    await waitFor(() => {
      expect(assign).toHaveBeenCalledWith(url);
    });
    expect(assign).toHaveBeenCalledOnce();
    expect(api.callsTo(routes.onboarding)).toHaveLength(1);
  });

  it("shows the API's refusal and stays, the button ready to try again", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    mockApi({
      [routes.payouts]: () => jsonResponse(accountIn('incomplete')),
      [routes.onboarding]: () => apiError(503, 'unavailable', payoutMessages.processorUnavailable),
    });
    renderPage();

    await userEvent.click(await screen.findByRole('button', { name: payoutTexts.finishSetup }));

    expect(await screen.findByText(payoutMessages.processorUnavailable)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: payoutTexts.finishSetup })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows the balances and each sale with its price, fee and what the seller receives, to the cent', async () => {
    const waiting = makeSale({
      orderId: '22222222-2222-4222-8222-222222222222',
      productName: 'Pixel 7',
      soldAt: new Date(2025, 1, 2, 8, 45).toISOString(),
      priceCents: 45_000,
      feeCents: 2_300,
      netCents: 42_700,
      state: 'waiting_for_account',
      releaseAt: null,
    });
    mockApi({ [routes.payouts]: () => jsonResponse(makePayouts({ sales: [makeSale(), waiting] })) });
    renderPage();

    const table = await screen.findByRole('table', { name: payoutTexts.salesHeading });
    expect(balanceOf(payoutTexts.held)).toBe('$1,234.56');
    expect(balanceOf(payoutTexts.onTheWay)).toBe('$427.49');
    expect(balanceOf(payoutTexts.paidOut)).toBe('$0');
    expect(screen.getByText(payoutTexts.heldHelp)).toBeInTheDocument();

    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(Object.values(payoutTexts.columns));
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('rowheader', { name: 'Galaxy S21' })).toBeInTheDocument();
    expect(within(first!).getByRole('link', { name: 'Galaxy S21' })).toHaveAttribute(
      'href',
      '/dashboard/orders/11111111-1111-4111-8111-111111111111',
    );
    expect(cellsOf(first!)).toEqual([
      'Feb 3, 2025, 9:07 pm',
      '$449.99',
      '$22.50',
      '$427.49',
      'Feb 17, 2025, 9:30 am',
      payoutTexts.saleState.held,
    ]);
    // No release date before the hand-over: a dash, read as words.
    expect(cellsOf(second!)).toEqual([
      'Feb 2, 2025, 8:45 am',
      '$450',
      '$23',
      '$427',
      payoutTexts.noReleaseDate,
      payoutTexts.saleState.waiting_for_account,
    ]);
    expect(within(second!).getByText('—')).toHaveAttribute('aria-hidden', 'true');
  });

  it('lists the payouts to the bank with their state in words, and a failed one’s reason', async () => {
    mockApi({
      [routes.payouts]: () =>
        jsonResponse(
          makePayouts({
            bankPayouts: [
              { id: 'po_1', amountCents: 42_749, status: 'paid', arrivalDate: null, failureMessage: null },
              {
                id: 'po_2',
                amountCents: 10_000,
                status: 'failed',
                arrivalDate: null,
                failureMessage: 'The bank account has been closed.',
              },
            ],
          }),
        ),
    });
    renderPage();
    const table = await screen.findByRole('table', { name: payoutTexts.bankPayoutsHeading });
    const [, paid, failed] = within(table).getAllByRole('row');
    expect(within(paid!).getByRole('rowheader')).toHaveTextContent('$427.49');
    expect(paid).toHaveTextContent(payoutTexts.bankPayoutStatus.paid);
    expect(failed).toHaveTextContent(payoutTexts.bankPayoutStatus.failed);
    expect(failed).toHaveTextContent('The bank account has been closed.');
  });

  it("says 'No sales yet' and offers no CSV when there are none", async () => {
    mockApi({ [routes.payouts]: () => jsonResponse(makePayouts()) });
    renderPage();

    expect(await screen.findByText(payoutTexts.noSales)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: payoutTexts.downloadCsv })).not.toBeInTheDocument();
  });

  it('shows why the page did not load, with Try again', async () => {
    let attempts = 0;
    mockApi({
      [routes.payouts]: () => {
        attempts += 1;
        return attempts === 1
          ? apiError(503, 'unavailable', payoutMessages.processorUnavailable)
          : jsonResponse(accountIn('ready'));
      },
    });
    renderPage();

    expect(await screen.findByRole('alert')).toHaveTextContent(payoutMessages.processorUnavailable);
    await userEvent.click(screen.getByRole('button', { name: webTexts.tryAgain }));
    expect(await screen.findByText(payoutTexts.accountState.ready)).toBeInTheDocument();
  });

  describe('Download CSV', () => {
    afterEach(() => {
      vi.restoreAllMocks();
    });

    it('saves the sales as recell-payouts.csv, built in the browser', async () => {
      const sales = [makeSale(), makeSale({ orderId: '22222222-2222-4222-8222-222222222222', state: 'sent' })];
      const api = mockApi({ [routes.payouts]: () => jsonResponse(makePayouts({ sales })) });
      const createObjectURL = vi.fn((_: Blob) => 'blob:payouts');
      const revokeObjectURL = vi.fn();
      vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL, revokeObjectURL }));
      const saved: { href: string; download: string; inDocument: boolean }[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push({ href: this.href, download: this.download, inDocument: document.body.contains(this) });
      });
      const { unmount } = renderPage();

      await userEvent.click(await screen.findByRole('button', { name: payoutTexts.downloadCsv }));

      expect(saved).toEqual([{ href: 'blob:payouts', download: payoutTexts.csvFileName, inDocument: true }]);
      const blob = createObjectURL.mock.calls[0]![0];
      expect(blob.type).toBe('text/csv;charset=utf-8');
      // A byte order mark first, so that spreadsheet apps read UTF-8.
      expect(new Uint8Array(await blob.arrayBuffer()).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
      expect((await blob.text()).replace(/^\uFEFF/, '').split('\r\n')).toEqual([
        'Order ID,Phone,Sold,Price,Fee,You receive,Release date,State',
        `11111111-1111-4111-8111-111111111111,Galaxy S21,${sales[0]!.soldAt},449.99,22.50,427.49,${sales[0]!.releaseAt},Held`,
        `22222222-2222-4222-8222-222222222222,Galaxy S21,${sales[1]!.soldAt},449.99,22.50,427.49,${sales[1]!.releaseAt},Paid out`,
      ]);
      // The link is gone, no request was made, and the file's address is let go with the page.
      expect(document.querySelector('a[download]')).toBeNull();
      expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([routes.payouts]);
      unmount();
      expect(revokeObjectURL).toHaveBeenCalledWith('blob:payouts');
    });
  });
});
