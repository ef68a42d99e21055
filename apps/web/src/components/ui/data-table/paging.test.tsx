import { webTexts } from '@recell/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Cell, DataTable, Row } from './table';
import { PagedTable, type PagedQuery } from './paging';

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
