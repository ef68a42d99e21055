import { payoutMessages, payoutTexts, type PayoutAccount, type Payouts } from '@recell/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AuthContextValue } from '@/features/auth';
import { apiError, mockApi } from '@/test/api-mock';
import { deferred, jsonResponse, makeMe } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import PayoutTestOnboardingPage from './payout-test-onboarding';
import PayoutsPage from './payouts';

const seller: AuthContextValue = { status: 'signedIn', user: makeMe({ role: 'seller' }), logout: async () => {} };

const routes = {
  payouts: 'GET /api/me/payouts',
  finish: 'POST /api/test-processor/payout-account/onboarding',
};

const payoutsWith = (account: PayoutAccount): Payouts => ({
  account,
  balances: { heldCents: 0, onTheWayCents: 0, paidOutCents: 0 },
  sales: [],
  bankPayouts: [],
});
const notConnected: PayoutAccount = { state: 'not_connected', processor: 'test', requirementsDue: [] };

/** Both pages, as the dashboard routes them; Payouts has a link to the setup (the browser's redirect in the app). */
const renderPages = (route: string) =>
  renderWithProviders(
    <Routes>
      <Route
        path="/dashboard/payouts"
        element={
          <>
            <PayoutsPage />
            <Link to="/dashboard/payouts/test-onboarding">Open the setup</Link>
          </>
        }
      />
      <Route path="/dashboard/payouts/test-onboarding" element={<PayoutTestOnboardingPage />} />
    </Routes>,
    { route, auth: seller },
  );

const outcomes = () => screen.getByRole('group', { name: payoutTexts.testOutcomeLegend });

describe('the test-mode payout account setup', () => {
  it('asks how the setup ends: three labelled choices, Completes picked', async () => {
    mockApi({});
    renderPages('/dashboard/payouts/test-onboarding');

    expect(await screen.findByRole('heading', { level: 1, name: payoutTexts.testOnboardingTitle })).toBeInTheDocument();
    expect(screen.getByText(payoutTexts.testOnboardingIntro)).toBeInTheDocument();
    const radios = within(outcomes()).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['complete', 'needs_information', 'rejected']);
    expect(within(outcomes()).getByRole('radio', { name: payoutTexts.testOutcomes.complete })).toBeChecked();
    expect(within(outcomes()).getByLabelText(payoutTexts.testOutcomes.needs_information)).not.toBeChecked();
    expect(within(outcomes()).getByLabelText(payoutTexts.testOutcomes.rejected)).not.toBeChecked();
    expect(screen.getByRole('button', { name: payoutTexts.testOnboardingSubmit })).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('link', { name: payoutTexts.backToPayouts })).toHaveAttribute('href', '/dashboard/payouts');
  });

  it('posts the outcome picked and goes back to Payouts, which shows the new state at once', async () => {
    let finished = false;
    const reload = deferred<Response>();
    const api = mockApi({
      [routes.payouts]: () => (finished ? reload.promise : jsonResponse(payoutsWith(notConnected))),
      [routes.finish]: () => {
        finished = true;
        return jsonResponse({ state: 'needs_information', processor: 'test', requirementsDue: ['external_account'] });
      },
    });
    renderPages('/dashboard/payouts');
    expect(await screen.findByText(payoutTexts.accountState.not_connected)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Open the setup' }));

    await userEvent.click(await screen.findByLabelText(payoutTexts.testOutcomes.needs_information));
    await userEvent.click(screen.getByRole('button', { name: payoutTexts.testOnboardingSubmit }));

    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\/payouts$/);
    });
    expect(api.callsTo(routes.finish).map((call) => call.body)).toEqual([{ outcome: 'needs_information' }]);
    // The account as the setup left it, while the page loads again.
    expect(await screen.findByText(payoutTexts.accountState.needs_information)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: payoutTexts.fixSetup })).toBeInTheDocument();
    await waitFor(() => {
      expect(api.callsTo(routes.payouts)).toHaveLength(2);
    });
    reload.resolve(jsonResponse(payoutsWith({ ...notConnected, state: 'needs_information' })));
  });

  it('posts Completes when nothing else is picked', async () => {
    const api = mockApi({
      [routes.payouts]: () => jsonResponse(payoutsWith({ ...notConnected, state: 'ready' })),
      [routes.finish]: () => jsonResponse({ ...notConnected, state: 'ready' }),
    });
    renderPages('/dashboard/payouts/test-onboarding');

    await userEvent.click(await screen.findByRole('button', { name: payoutTexts.testOnboardingSubmit }));

    expect(await screen.findByText(payoutTexts.accountState.ready)).toBeInTheDocument();
    expect(api.callsTo(routes.finish).map((call) => call.body)).toEqual([{ outcome: 'complete' }]);
  });

  it("shows the API's refusal and stays on the page", async () => {
    const api = mockApi({
      [routes.finish]: () => apiError(503, 'unavailable', payoutMessages.processorUnavailable),
    });
    renderPages('/dashboard/payouts/test-onboarding');

    await userEvent.click(await screen.findByRole('button', { name: payoutTexts.testOnboardingSubmit }));

    expect(await screen.findByText(payoutMessages.processorUnavailable)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/payouts/test-onboarding');
    expect(screen.getByRole('button', { name: payoutTexts.testOnboardingSubmit })).toBeEnabled();
    expect(api.callsTo(routes.payouts)).toHaveLength(0);
  });
});
