import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Cell, DataTable, Row } from '@/components/ui/data-table/table';
import { RowButton } from '@/components/ui/data-table/cells';
import { renderWithProviders } from '@/test/render';
import { ListingCells } from './listing-cells';

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

describe('A listing’s cells in a DataTable', () => {
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
