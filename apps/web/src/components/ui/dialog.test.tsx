import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from './dialog';

/** A button that opens a dialog whose action closes it by taking it off the page (a booking). */
function Opener() {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true);
        }}
      >
        Book now
      </button>
      {isOpen && (
        <Dialog
          title="Book"
          onClose={() => {
            setOpen(false);
          }}
        >
          <button
            type="button"
            onClick={() => {
              setOpen(false);
            }}
          >
            Submit Order
          </button>
        </Dialog>
      )}
    </>
  );
}

describe('a dialog', () => {
  it('gives the focus back to the button that opened it when its action takes it away', async () => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Book now' });
    await userEvent.click(opener);
    const submit = screen.getByRole('button', { name: 'Submit Order' });
    await userEvent.click(submit);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('gives the focus to the place the button was in when its action took the button away', async () => {
    render(
      <table>
        <tbody>
          <tr>
            <th scope="row">Galaxy S22</th>
            <td>
              <ShipCell />
            </td>
          </tr>
        </tbody>
      </table>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Mark shipped' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark shipped' })).not.toBeInTheDocument();
    // The cell that held the button, now with the new status, has the focus.
    expect(screen.getByRole('cell', { name: 'Shipped' })).toHaveFocus();
  });
});

/** A cell whose button opens a dialog whose action replaces the button with a status (Mark shipped). */
function ShipCell() {
  const [state, setState] = useState<'waiting' | 'asking' | 'shipped'>('waiting');
  if (state === 'shipped') return <span>Shipped</span>;
  return (
    <>
      <button type="button" onClick={() => setState('asking')}>
        Mark shipped
      </button>
      {state === 'asking' && (
        <Dialog title="Ship" onClose={() => setState('waiting')}>
          <button type="button" onClick={() => setState('shipped')}>
            Confirm
          </button>
        </Dialog>
      )}
    </>
  );
}
