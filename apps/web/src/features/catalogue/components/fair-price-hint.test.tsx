import { fairPriceTexts, type FairPrice } from '@recell/contract';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { jsonResponse, makeProduct } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { fairPriceDebounceMs, FairPriceHint, FairPriceLine } from './fair-price-hint';

const fromSales: FairPrice = {
  typicalPriceCents: 63_500,
  sampleSize: 6,
  rule: 'sales',
  condition: 'Excellent',
  conditionWidened: false,
  windowDays: 180,
};

/** The three fields the hint follows, as a seller fills them in. */
function Fields() {
  const [model, setModel] = useState('');
  const [storageGb, setStorageGb] = useState('');
  const [condition, setCondition] = useState('');
  return (
    <>
      <label>
        Model
        <input value={model} onChange={(event) => setModel(event.target.value)} />
      </label>
      <label>
        Storage
        <select value={storageGb} onChange={(event) => setStorageGb(event.target.value)}>
          <option value="">Choose</option>
          <option value="128">128 GB</option>
          <option value="256">256 GB</option>
        </select>
      </label>
      <label>
        Condition
        <select value={condition} onChange={(event) => setCondition(event.target.value)}>
          <option value="">Choose</option>
          <option value="Excellent">Excellent</option>
        </select>
      </label>
      <FairPriceHint model={model} storageGb={storageGb} condition={condition} />
    </>
  );
}

describe('FairPriceHint', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks once the model and storage are given, after a pause, and shows the typical price with its basis', async () => {
    // The pause is the component's own timer: fake clocks let the test pass it at once (the network
    // and React still run on real time).
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi({ 'GET /api/fair-price': () => jsonResponse(fromSales) });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    renderWithProviders(<Fields />);

    await user.type(screen.getByLabelText('Model'), '  iPhone 13 Pro ');
    // No storage yet: nothing to ask, even well past the pause (a question would show its loading
    // line at once, inside act).
    await act(() => vi.advanceTimersByTimeAsync(fairPriceDebounceMs * 3));
    expect(screen.queryByText(fairPriceTexts.loading)).not.toBeInTheDocument();
    expect(screen.queryByText(/Typical price/)).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0);

    await user.selectOptions(screen.getByLabelText('Storage'), '128');
    await user.selectOptions(screen.getByLabelText('Condition'), 'Excellent');
    expect(await screen.findByText(fairPriceTexts.typicalPrice(63_500))).toBeInTheDocument();
    expect(screen.getByText(/from 6 sales in the last 180 days, in Excellent condition/)).toBeInTheDocument();

    // The last question is the one asked: trimmed model, storage and condition (typing did not send a call per key).
    const last = api.calls.at(-1)!;
    expect(Object.fromEntries(last.query)).toEqual({
      model: 'iPhone 13 Pro',
      storageGb: '128',
      condition: 'Excellent',
    });
    expect(api.calls.length).toBeLessThanOrEqual(2);
  });

  it('says when the figure comes from phones for sale, or from every condition, and when there is no data', async () => {
    let answer: FairPrice = {
      ...fromSales,
      typicalPriceCents: 41_000,
      sampleSize: 4,
      rule: 'listings',
      condition: null,
      conditionWidened: true,
    };
    mockApi({ 'GET /api/fair-price': () => jsonResponse(answer) });
    const user = userEvent.setup();
    renderWithProviders(<Fields />);
    await user.type(screen.getByLabelText('Model'), 'Pixel 7');
    await user.selectOptions(screen.getByLabelText('Storage'), '128');
    expect(await screen.findByText(fairPriceTexts.typicalPrice(41_000))).toBeInTheDocument();
    expect(
      screen.getByText(
        /from 4 phones for sale — fewer than 5 recent sales, in any condition \(none in this condition\)/,
      ),
    ).toBeInTheDocument();

    answer = { ...answer, typicalPriceCents: null, sampleSize: 0, rule: null, conditionWidened: false };
    await user.selectOptions(screen.getByLabelText('Storage'), '256');
    expect(await screen.findByText(fairPriceTexts.noData)).toBeInTheDocument();
    expect(screen.queryByText(/Typical price:/)).not.toBeInTheDocument();
  });
});

describe('FairPriceLine', () => {
  const serve = (answer: FairPrice) => mockApi({ 'GET /api/fair-price': () => jsonResponse(answer) });

  it('says how far below the typical price the phone is, leaving the phone itself out of the figure', async () => {
    const api = serve(fromSales);
    const phone = makeProduct({ priceCents: 58_900, model: 'iPhone 13 Pro', condition: 'Excellent', storageGb: 128 });
    renderWithProviders(<FairPriceLine product={phone} />);
    expect(await screen.findByText('$46 below typical')).toBeInTheDocument();
    expect(screen.getByText(/from 6 sales in the last 180 days/)).toBeInTheDocument();
    expect(Object.fromEntries(api.calls[0]!.query)).toEqual({
      model: 'iPhone 13 Pro',
      storageGb: '128',
      condition: 'Excellent',
      exclude: phone.id,
    });
  });

  it('says "above typical" and "About the typical price"', async () => {
    serve(fromSales);
    const { unmount } = renderWithProviders(<FairPriceLine product={makeProduct({ priceCents: 67_500 })} />);
    expect(await screen.findByText('$40 above typical')).toBeInTheDocument();
    unmount();
    serve(fromSales);
    renderWithProviders(<FairPriceLine product={makeProduct({ priceCents: 64_000 })} />);
    expect(await screen.findByText('About the typical price')).toBeInTheDocument();
  });

  it('asks nothing for a sold phone or one whose storage is unknown', async () => {
    const api = serve(fromSales);
    // A phone for sale beside them asks in the same render: once its line shows, the others would
    // have asked too.
    // (Each its own phone, so no two would share one question.)
    const forSale = makeProduct({ id: '00000000-0000-4000-8000-000000000003', priceCents: 58_900 });
    renderWithProviders(
      <>
        <FairPriceLine product={makeProduct({ id: '00000000-0000-4000-8000-000000000001', status: 'sold' })} />
        <FairPriceLine product={makeProduct({ id: '00000000-0000-4000-8000-000000000002', storageGb: null })} />
        <FairPriceLine product={forSale} />
      </>,
    );
    expect(await screen.findByText('$46 below typical')).toBeInTheDocument();
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]!.query.get('exclude')).toBe(forSale.id);
    expect(screen.getAllByText(/below typical|above typical|About the typical/)).toHaveLength(1);
  });
});
