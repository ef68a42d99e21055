import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BreakAtPunctuation, DateTime } from './cells';
import { Cell, DataTable, Row } from './table';

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
