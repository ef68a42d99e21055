import { adminMessages, adminTexts, messages, webTexts, type Report, type ReportedProduct } from '@recell/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuthContextValue } from '@/features/auth';
import { AdvertisedSection } from '@/features/catalogue';
import { apiError, mockApi, noContent } from '@/test/api-mock';
import { deferred, jsonResponse, makeMe, makeProduct, pageOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { ReportedItemsTable } from './reported-items-table';

const admin: AuthContextValue = { status: 'signedIn', user: makeMe({ role: 'admin' }), logout: async () => {} };

let reportSerial = 0;
const makeReport = (overrides: Partial<Report> = {}): Report => {
  reportSerial += 1;
  return {
    id: `9e8d7c6b-5a49-4382-9170-${String(reportSerial).padStart(12, '0')}`,
    reason: 'fake',
    text: 'The photos are from another listing.',
    // 6 Jan 2025, 9:30 in the test machine's own time zone
    createdAt: new Date(2025, 0, 6, 9, 30).toISOString(),
    reporter: {
      id: '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d',
      name: 'Karim Buyer',
      email: 'karim@example.com',
      imageUrl: null,
    },
    ...overrides,
  };
};

const galaxy: ReportedProduct = {
  product: makeProduct({
    id: '11111111-1111-4111-8111-111111111111',
    name: 'Galaxy S21',
    priceCents: 44_999,
    location: 'Chattogram',
    imageUrl: '/uploads/galaxy.webp',
  }),
  imei: '352099001761481',
  imeiBlocked: false,
  reportCount: 1,
  latestReportAt: new Date(2025, 0, 6, 9, 30).toISOString(),
  reports: [makeReport()],
};

const pixel: ReportedProduct = {
  product: makeProduct({
    id: '22222222-2222-4222-8222-222222222222',
    name: 'Pixel 7',
    priceCents: 30_000,
    location: 'Sylhet',
    status: 'sold',
    imeiMasked: null,
    imeiChecked: false,
  }),
  imei: null,
  imeiBlocked: false,
  reportCount: 3,
  latestReportAt: new Date(2025, 0, 7, 18, 45).toISOString(),
  reports: [
    makeReport({
      reason: 'stolen',
      text: 'This is my stolen phone,\nthe IMEI matches.',
      createdAt: new Date(2025, 0, 7, 18, 45).toISOString(),
      reporter: {
        id: '6b7c8d9e-0f1a-4b2c-9d3e-4f5a6b7c8d9e',
        name: 'Nadia Islam',
        email: 'nadia@example.com',
        imageUrl: null,
      },
    }),
    makeReport({ reason: 'scam', text: 'Asked me to pay outside the site.' }),
    makeReport({
      reason: 'other',
      text: 'Seller never answers.',
      reporter: {
        id: '7c8d9e0f-1a2b-4c3d-8e4f-5a6b7c8d9e0f',
        name: 'Omar Faruk',
        email: 'omar@example.com',
        imageUrl: null,
      },
    }),
  ],
};

const rowOf = (name: string) => {
  const row = screen.getByRole('rowheader', { name }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return within(row);
};

const findToast = async (text: string) => {
  const toast = await screen.findByText(text);
  expect(toast).toHaveAttribute('role', 'status');
  return toast;
};

/** The reported phones as the API holds them (delete and dismiss resolve them). */
let reported: ReportedProduct[] = [];
const serveReports = (initial: ReportedProduct[], routes: Parameters<typeof mockApi>[0] = {}) => {
  reported = [...initial];
  return mockApi({ 'GET /api/admin/reports': () => jsonResponse(pageOf(reported)), ...routes });
};

describe('Reported Items', () => {
  it('shows a spinner while loading, then the spec’s columns, one row per reported phone', async () => {
    const answer = deferred<Response>();
    mockApi({ 'GET /api/admin/reports': () => answer.promise });
    renderWithProviders(<ReportedItemsTable />, { auth: admin });

    expect(await screen.findByRole('status', { name: webTexts.loading })).toBeInTheDocument();
    act(() => {
      answer.resolve(jsonResponse(pageOf([galaxy, pixel])));
    });

    const table = await screen.findByRole('table', { name: 'Reported Items' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['IMAGE', 'NAME', 'PRICE', 'SOLD', 'LOCATION', 'REPORT', 'ACTION']);
    const row = rowOf('Galaxy S21');
    expect(row.getByRole('img', { name: 'Galaxy S21' })).toHaveAttribute('src', '/uploads/galaxy.webp');
    expect(row.getByRole('cell', { name: '$449.99' })).toBeInTheDocument();
    expect(row.getByRole('cell', { name: messages.statusAvailable })).toBeInTheDocument();
    expect(row.getByRole('cell', { name: 'Chattogram' })).toBeInTheDocument();
    expect(rowOf('Pixel 7').getByRole('cell', { name: messages.statusSold })).toBeInTheDocument();
  });

  it("says 'No Reprted Items' when nothing is reported", async () => {
    serveReports([]);
    renderWithProviders(<ReportedItemsTable />, { auth: admin });

    expect(await screen.findByText(messages.noReportedItems)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('offers View, with the count when a phone has several reports', async () => {
    serveReports([galaxy, pixel]);
    renderWithProviders(<ReportedItemsTable />, { auth: admin });
    await screen.findByRole('table');

    expect(rowOf('Galaxy S21').getByRole('button', { name: 'View' })).toHaveAccessibleDescription(
      'Galaxy S21 1 report',
    );
    expect(rowOf('Pixel 7').getByRole('button', { name: 'View (3)' })).toHaveAccessibleDescription('Pixel 7 3 reports');
  });

  it("opens the read-only 'Report Text' modal with each report's reporter, reason and text; Cancel closes it", async () => {
    serveReports([galaxy, pixel]);
    renderWithProviders(<ReportedItemsTable />, { auth: admin });
    await screen.findByRole('table');

    const view = rowOf('Pixel 7').getByRole('button', { name: 'View (3)' });
    await userEvent.click(view);

    const dialog = screen.getByRole('dialog', { name: messages.reportTextTitle });
    expect(dialog).toHaveAccessibleDescription('3 reports on Pixel 7');
    const reports = within(dialog).getAllByRole('listitem');
    expect(reports).toHaveLength(3);
    const first = within(reports[0]!);
    expect(first.getByText('Nadia Islam', { exact: false })).toHaveTextContent('Nadia Islam (nadia@example.com)');
    expect(first.getByText('Stolen')).toBeInTheDocument();
    expect(first.getByText(/This is my stolen phone,\s+the IMEI matches\./)).toBeInTheDocument();
    expect(first.getByText('Jan 7, 2025, 6:45 pm')).toHaveAttribute('datetime', pixel.reports[0]!.createdAt);
    expect(within(reports[1]!).getByText('Scam')).toBeInTheDocument();
    expect(within(reports[1]!).getByText('Asked me to pay outside the site.')).toBeInTheDocument();
    expect(within(reports[2]!).getByText('Other')).toBeInTheDocument();
    // Read only: nothing to type into, the only button is Cancel.
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([adminTexts.cancel]);
    expect(within(dialog).getByRole('button', { name: adminTexts.cancel })).toHaveFocus();

    await userEvent.click(within(dialog).getByRole('button', { name: adminTexts.cancel }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // Another phone's reports; Escape closes it too.
    await userEvent.click(rowOf('Galaxy S21').getByRole('button', { name: 'View' }));
    const other = screen.getByRole('dialog', { name: messages.reportTextTitle });
    expect(within(other).getByText('Fake or counterfeit')).toBeInTheDocument();
    expect(within(other).getByText(galaxy.reports[0]!.text)).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("deletes a reported phone after confirming: 'Product Deleted Successfully', then the list and the home grid refresh", async () => {
    let isAdvertised = true;
    const api = serveReports([galaxy, pixel], {
      [`DELETE /api/admin/reports/${galaxy.product.id}`]: () => {
        reported = reported.filter((item) => item.product.id !== galaxy.product.id);
        isAdvertised = false;
        return noContent();
      },
      'GET /api/advertised': () => jsonResponse(pageOf(isAdvertised ? [galaxy.product] : [])),
    });
    renderWithProviders(
      <>
        <ReportedItemsTable />
        <AdvertisedSection />
      </>,
      { auth: admin },
    );
    await screen.findByRole('region', { name: webTexts.advertisedHeading });
    await screen.findByRole('table');

    // Cancel keeps it.
    await userEvent.click(rowOf('Galaxy S21').getByRole('button', { name: adminTexts.delete }));
    let dialog = screen.getByRole('dialog', { name: adminTexts.deleteReportedTitle('Galaxy S21') });
    expect(dialog).toHaveAccessibleDescription(adminTexts.deleteReportedText);
    expect(within(dialog).getByRole('button', { name: adminTexts.cancel })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: adminTexts.cancel }));
    expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);

    await userEvent.click(rowOf('Galaxy S21').getByRole('button', { name: adminTexts.delete }));
    dialog = screen.getByRole('dialog', { name: adminTexts.deleteReportedTitle('Galaxy S21') });
    await userEvent.click(within(dialog).getByRole('button', { name: adminTexts.delete }));

    await findToast(messages.productDeleted);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: 'Galaxy S21' })).not.toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Pixel 7' })).toBeInTheDocument();
    expect(api.callsTo(`DELETE /api/admin/reports/${galaxy.product.id}`)).toHaveLength(1);
    await waitFor(() => {
      expect(api.callsTo('GET /api/admin/reports')).toHaveLength(2);
    });
    // The phone is no longer advertised: the home grid loads again and goes.
    await waitFor(() => {
      expect(screen.queryByRole('region', { name: webTexts.advertisedHeading })).not.toBeInTheDocument();
    });
  });

  it('says why a deletion failed and keeps the row', async () => {
    serveReports([galaxy], {
      [`DELETE /api/admin/reports/${galaxy.product.id}`]: () =>
        apiError(404, 'not_found', adminMessages.reportNotFound),
    });
    renderWithProviders(<ReportedItemsTable />, { auth: admin });
    await screen.findByRole('table');

    await userEvent.click(rowOf('Galaxy S21').getByRole('button', { name: adminTexts.delete }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: adminTexts.delete }));

    expect(await screen.findByText(adminMessages.reportNotFound)).toHaveAttribute('role', 'status');
    expect(screen.getByRole('rowheader', { name: 'Galaxy S21' })).toBeInTheDocument();
  });

  it("dismisses a phone's reports: 'Report dismissed', the row goes, the listing stays", async () => {
    const api = serveReports([galaxy, pixel], {
      [`POST /api/admin/reports/${pixel.product.id}/dismiss`]: () => {
        reported = reported.filter((item) => item.product.id !== pixel.product.id);
        return noContent();
      },
    });
    renderWithProviders(<ReportedItemsTable />, { auth: admin });
    await screen.findByRole('table');

    await userEvent.click(rowOf('Pixel 7').getByRole('button', { name: adminTexts.dismiss }));

    await findToast(adminTexts.reportDismissed);
    expect(screen.queryByRole('rowheader', { name: 'Pixel 7' })).not.toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Galaxy S21' })).toBeInTheDocument();
    expect(api.callsTo(`POST /api/admin/reports/${pixel.product.id}/dismiss`)).toHaveLength(1);
    expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
    await waitFor(() => {
      expect(api.callsTo('GET /api/admin/reports')).toHaveLength(2);
    });
  });

  it('blocks the IMEI of a reported phone after confirming with a reason: the row goes; no Block IMEI without an IMEI', async () => {
    const api = serveReports([galaxy, pixel], {
      [`POST /api/admin/reports/${galaxy.product.id}/block-imei`]: () => {
        reported = reported.filter((item) => item.product.id !== galaxy.product.id);
        return noContent();
      },
    });
    renderWithProviders(<ReportedItemsTable />, { auth: admin });
    await screen.findByRole('table');
    // The phone listed without an IMEI has nothing to block.
    expect(rowOf('Pixel 7').queryByRole('button', { name: adminTexts.blockImei })).not.toBeInTheDocument();

    await userEvent.click(rowOf('Galaxy S21').getByRole('button', { name: adminTexts.blockImei }));
    const dialog = screen.getByRole('dialog', { name: adminTexts.blockImeiTitle('Galaxy S21') });
    expect(dialog).toHaveTextContent(adminTexts.blockImeiText('352099001761481'));
    const reason = within(dialog).getByLabelText(adminTexts.blockReason);
    expect(reason).toHaveValue(adminTexts.blockReasonDefault);
    // A reason is required.
    await userEvent.clear(reason);
    await userEvent.click(within(dialog).getByRole('button', { name: adminTexts.blockImei }));
    expect(await within(dialog).findByText(adminMessages.blockReasonRequired)).toBeVisible();
    expect(api.callsTo(`POST /api/admin/reports/${galaxy.product.id}/block-imei`)).toHaveLength(0);

    await userEvent.type(reason, 'Owner called: stolen on the bus');
    await userEvent.click(within(dialog).getByRole('button', { name: adminTexts.blockImei }));

    await findToast(adminTexts.imeiBlockedToast);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: 'Galaxy S21' })).not.toBeInTheDocument();
    expect(api.callsTo(`POST /api/admin/reports/${galaxy.product.id}/block-imei`)[0]?.body).toEqual({
      reason: 'Owner called: stolen on the bus',
    });
  });

  it('says why a block was refused inside the dialog, and marks a blocked IMEI', async () => {
    serveReports([galaxy, { ...pixel, imei: '490154203237518', imeiBlocked: true }], {
      [`POST /api/admin/reports/${galaxy.product.id}/block-imei`]: () =>
        apiError(409, 'conflict', adminMessages.imeiAlreadyBlocked),
    });
    renderWithProviders(<ReportedItemsTable />, { auth: admin });
    await screen.findByRole('table');
    expect(rowOf('Pixel 7').getByText(adminTexts.imeiBlockedMark)).toBeInTheDocument();
    expect(rowOf('Pixel 7').queryByRole('button', { name: adminTexts.blockImei })).not.toBeInTheDocument();

    await userEvent.click(rowOf('Galaxy S21').getByRole('button', { name: adminTexts.blockImei }));
    const dialog = screen.getByRole('dialog', { name: adminTexts.blockImeiTitle('Galaxy S21') });
    await userEvent.click(within(dialog).getByRole('button', { name: adminTexts.blockImei }));
    expect(await within(dialog).findByText(adminMessages.imeiAlreadyBlocked)).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Galaxy S21' })).toBeInTheDocument();
  });

  it("says 'No Reprted Items' once the last report is resolved", async () => {
    serveReports([galaxy], {
      [`POST /api/admin/reports/${galaxy.product.id}/dismiss`]: () => {
        reported = [];
        return noContent();
      },
    });
    renderWithProviders(<ReportedItemsTable />, { auth: admin });
    await screen.findByRole('table');

    await userEvent.click(rowOf('Galaxy S21').getByRole('button', { name: adminTexts.dismiss }));

    expect(await screen.findByText(messages.noReportedItems)).toBeInTheDocument();
  });

  it('loads more reported phones a page at a time', async () => {
    const api = mockApi({
      'GET /api/admin/reports': ({ query }) =>
        jsonResponse(query.get('cursor') === 'next' ? pageOf([pixel]) : pageOf([galaxy], 'next')),
    });
    renderWithProviders(<ReportedItemsTable />, { auth: admin });
    await screen.findByRole('rowheader', { name: 'Galaxy S21' });

    await userEvent.click(screen.getByRole('button', { name: adminTexts.loadMore }));

    expect(await screen.findByRole('rowheader', { name: 'Pixel 7' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/admin/reports').map((call) => call.query.get('cursor'))).toEqual([null, 'next']);
  });
});
