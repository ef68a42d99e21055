import { buyingMessages, buyingTexts, messages, reportReasonLabels, webTexts } from '@recell/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuthContextValue } from '@/features/auth';
import { AdvertisedSection } from '@/features/catalogue';
import { apiError, mockApi, type ApiCall } from '@/test/api-mock';
import { jsonResponse, makeMe, makeProduct, pageOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';

const buyer: AuthContextValue = { status: 'signedIn', user: makeMe(), logout: async () => {} };
const phone = makeProduct({ name: 'Galaxy S21' });
const reportsPath = `POST /api/products/${phone.id}/reports`;

const serve = (report: (call: ApiCall) => Response = () => jsonResponse({ id: crypto.randomUUID() }, 201)) =>
  mockApi({
    'GET /api/advertised': () => jsonResponse(pageOf([phone])),
    'GET /api/me/wishlist/ids': () => jsonResponse({ productIds: [] }),
    [reportsPath]: report,
  });

const openReport = async () => {
  const card = await screen.findByRole('article');
  await userEvent.click(within(card).getByRole('button', { name: webTexts.report }));
  return screen.findByRole('dialog', { name: messages.reportHeading('Galaxy S21') });
};

describe('the report modal', () => {
  it("is titled 'Report of {name}' with the reasons, a labelled text, Cancel and Submit Report", async () => {
    serve();
    renderWithProviders(<AdvertisedSection />, { auth: buyer });
    const dialog = within(await openReport());

    const reasons = dialog.getByRole('group', { name: buyingTexts.reasonLegend });
    expect(
      within(reasons)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(Object.values(reportReasonLabels));
    expect(dialog.getByRole('textbox', { name: buyingTexts.reportText })).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: buyingTexts.cancel })).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: buyingTexts.submitReport })).toBeInTheDocument();
  });

  it('wants a reason and a text', async () => {
    const api = serve();
    renderWithProviders(<AdvertisedSection />, { auth: buyer });
    const dialog = within(await openReport());

    await userEvent.click(dialog.getByRole('button', { name: buyingTexts.submitReport }));

    expect(dialog.getByRole('group', { name: buyingTexts.reasonLegend })).toHaveAccessibleDescription(
      buyingMessages.reasonRequired,
    );
    expect(dialog.getByRole('textbox', { name: buyingTexts.reportText })).toHaveAccessibleDescription(
      buyingMessages.reportTextRequired,
    );
    expect(api.callsTo(reportsPath)).toHaveLength(0);
  });

  it("sends the reason and the text: '{name} Report Successfully', and the modal closes", async () => {
    const api = serve();
    renderWithProviders(<AdvertisedSection />, { auth: buyer });
    const dialog = within(await openReport());

    await userEvent.click(dialog.getByRole('radio', { name: reportReasonLabels.fake }));
    await userEvent.type(dialog.getByRole('textbox', { name: buyingTexts.reportText }), 'The IMEI is not Apple’s');
    await userEvent.click(dialog.getByRole('button', { name: buyingTexts.submitReport }));

    expect(await screen.findByRole('status')).toHaveTextContent(messages.reportSuccess('Galaxy S21'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo(reportsPath).map((call) => call.body)).toEqual([
      { reason: 'fake', text: 'The IMEI is not Apple’s' },
    ]);
  });

  it('says inside the modal that the phone was reported already', async () => {
    serve(() => apiError(409, 'conflict', buyingMessages.alreadyReported));
    renderWithProviders(<AdvertisedSection />, { auth: buyer });
    const dialog = within(await openReport());

    await userEvent.click(dialog.getByRole('radio', { name: reportReasonLabels.scam }));
    await userEvent.type(dialog.getByRole('textbox', { name: buyingTexts.reportText }), 'Asks for money first');
    await userEvent.click(dialog.getByRole('button', { name: buyingTexts.submitReport }));

    expect(await dialog.findByRole('alert')).toHaveTextContent(buyingMessages.alreadyReported);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('Cancel closes it without reporting', async () => {
    const api = serve();
    renderWithProviders(<AdvertisedSection />, { auth: buyer });
    const dialog = within(await openReport());

    await userEvent.type(dialog.getByRole('textbox', { name: buyingTexts.reportText }), 'never mind');
    await userEvent.click(dialog.getByRole('button', { name: buyingTexts.cancel }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo(reportsPath)).toHaveLength(0);
  });
});
