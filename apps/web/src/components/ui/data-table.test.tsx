import { webTexts } from '@recell/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import {
  BreakAtPunctuation,
  Cell,
  DataTable,
  DateTime,
  ListingCells,
  PagedTable,
  Row,
  RowButton,
  type PagedQuery,
} from './data-table';

const phone = {
  id: '7d1f0c2e-3b4a-4c5d-8e6f-708192a3b4c5',
  name: 'Galaxy S21',
  imageUrl: '/uploads/s21.webp',
  originalPriceCents: 89_900,
  location: 'Dhanmondi 27',
};

/** A row as My Orders draws it: the phone's cells, a field, and an action column left empty. */
function OrderTable({ withDelete }: { withDelete: boolean }) {
  return (
    <DataTable caption="My Orders" columns={['Image', 'Name', 'Price', 'Original', 'Location', 'Status', 'Action']}>
      <Row>
        <ListingCells
          product={phone}
          labels={{ original: 'Original', location: 'Location' }}
          priceCents={44_999}
          nameId="order-1"
        />
        <Cell label="Status">Available</Cell>
        <Cell label="Action">
          {withDelete && (
            <RowButton variant="danger" describedBy="order-1">
              Delete
            </RowButton>
          )}
        </Cell>
      </Row>
    </DataTable>
  );
}

describe('DataTable', () => {
  it('is one table with header cells, whose cells read as their values (the card’s column names are not read)', () => {
    renderWithProviders(<OrderTable withDelete />);

    const table = screen.getByRole('table', { name: 'My Orders' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Image', 'Name', 'Price', 'Original', 'Location', 'Status', 'Action']);
    const row = within(within(table).getAllByRole('row')[1]!);
    expect(row.getByRole('rowheader', { name: 'Galaxy S21' })).toBeInTheDocument();
    expect(row.getByRole('cell', { name: '$899' })).toBeInTheDocument();
    expect(row.getByRole('cell', { name: 'Dhanmondi 27' })).toBeInTheDocument();
    expect(row.getByRole('cell', { name: 'Available' })).toBeInTheDocument();
    // The column name a card shows beside the value is there for the eye only.
    expect(row.getByText('Location')).toHaveAttribute('aria-hidden', 'true');
  });

  it("names a row's button by its text and describes it by the row's phone", () => {
    renderWithProviders(<OrderTable withDelete />);

    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button).toHaveAccessibleDescription('Galaxy S21');
    expect(screen.getByRole('cell', { name: 'Delete' })).toContainElement(button);
  });

  it('keeps an empty cell in the table, so the cells stay under their headers', () => {
    renderWithProviders(<OrderTable withDelete={false} />);

    const cells = within(screen.getAllByRole('row')[1]!).getAllByRole('cell');
    const action = cells.at(-1)!;
    expect(cells).toHaveLength(6);
    expect(action).toHaveAccessibleName('');
    expect(within(action).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('how a cell wraps', () => {
  it('lets an email wrap only before its punctuation, and reads and copies it whole', () => {
    const email = 'maximilian.montgomery-fitzgerald@recell.example.com';
    render(
      <DataTable caption="Sellers" columns={['Email']}>
        <Row>
          <Cell label="Email">
            <BreakAtPunctuation text={email} />
          </Cell>
        </Row>
      </DataTable>,
    );

    // Its name is the email itself: the break opportunities add no character.
    const cell = screen.getByRole('cell', { name: email });
    // One before each mark, none inside a run of letters.
    expect(cell.innerHTML).toContain('maximilian<wbr>.montgomery<wbr>-fitzgerald<wbr>@recell<wbr>.example<wbr>.com');
  });

  it('keeps a date and a time each on one line, with a space between them to wrap at', () => {
    const iso = new Date(2025, 0, 5, 15, 5).toISOString();
    render(<DateTime iso={iso} />);

    const time = screen.getByText((_, element) => element?.tagName === 'TIME');
    expect(time).toHaveAttribute('datetime', iso);
    expect(time.textContent).toBe('Jan 5, 2025, 3:05 pm');
    // Two parts that each keep on one line, and between them the one place to wrap.
    expect(Array.from(time.childNodes, (part) => [part.textContent, (part as Element).className ?? null])).toEqual([
      ['Jan 5, 2025,', 'whitespace-nowrap'],
      [' ', null],
      ['3:05 pm', 'whitespace-nowrap'],
    ]);
  });

  it('names a column from its label, and gives its header cell the classes it asks for', () => {
    render(
      <DataTable caption="Problems" columns={['Phone', { label: 'Problem', className: 'as-table:min-w-40' }]}>
        <Row>
          <Cell label="Phone">Galaxy S21</Cell>
          <Cell label="Problem">Cracked</Cell>
        </Row>
      </DataTable>,
    );

    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Phone', 'Problem']);
    expect(headers[1]).toHaveClass('as-table:min-w-40');
  });
});

type Phone = { id: string; name: string };
const rows = (from: number, to: number): Phone[] =>
  Array.from({ length: to - from + 1 }, (_, index) => ({ id: String(from + index), name: `Phone ${from + index}` }));

const pagedQuery = (pages: Phone[][], hasNextPage: boolean, fetchNextPage = vi.fn()): PagedQuery<Phone> => ({
  data: { pages: pages.map((items) => ({ items })) },
  isPending: false,
  isError: false,
  error: null,
  refetch: vi.fn(),
  hasNextPage,
  isFetchingNextPage: false,
  isFetchNextPageError: false,
  fetchNextPage,
});

const table = (query: PagedQuery<Phone>) => (
  <PagedTable query={query} empty="Nothing" loadMoreLabel="Load more">
    {(items) => (
      <DataTable caption="Phones" columns={['Name']}>
        {items.map((item) => (
          <Row key={item.id}>
            <Cell label="Name">{item.name}</Cell>
          </Row>
        ))}
      </DataTable>
    )}
  </PagedTable>
);

const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr');

describe("a dashboard list's Load more", () => {
  it('takes the focus to the first row it brought when the last page takes the button away, and says how many came', async () => {
    const fetchNextPage = vi.fn();
    const { rerender } = render(table(pagedQuery([rows(1, 3)], true, fetchNextPage)));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(fetchNextPage).toHaveBeenCalledOnce();

    // The last page arrives: the button goes.
    rerender(table(pagedQuery([rows(1, 3), rows(4, 5)], false)));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(rowOf('Phone 4')).toHaveFocus();
    expect(screen.getByText(webTexts.moreShown(2))).toHaveAttribute('aria-live', 'polite');
  });

  it('says nothing and moves no focus when rows change without Load more (a row removed)', () => {
    const { rerender } = render(table(pagedQuery([rows(1, 3)], true)));
    rerender(table(pagedQuery([rows(1, 4)], true)));
    expect(rowOf('Phone 4')).not.toHaveFocus();
    expect(screen.queryByText(webTexts.moreShown(1))).not.toBeInTheDocument();
  });
});
