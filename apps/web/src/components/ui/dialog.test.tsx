import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useRef, useState } from 'react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { isFocusLost } from '@/lib/focus';
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
    await waitFor(() => {
      expect(screen.getByRole('cell', { name: 'Shipped' })).toHaveFocus();
    });
  });

  it('follows the button to its place when the list it is in reloads after the dialog has closed', async () => {
    let reloaded = () => {};
    const reload = new Promise<void>((resolve) => {
      reloaded = resolve;
    });
    render(
      <table>
        <tbody>
          <tr>
            <th scope="row">Galaxy S22</th>
            <td>
              <ShipCell reload={reload} />
            </td>
          </tr>
        </tbody>
      </table>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Mark shipped' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Back on the button while the list reloads…
    expect(screen.getByRole('button', { name: 'Mark shipped' })).toHaveFocus();
    // …which then gives way to the status: the focus follows to its place.
    await act(async () => {
      reloaded();
      await reload;
    });
    await waitFor(() => {
      expect(screen.getByRole('cell', { name: 'Shipped' })).toHaveFocus();
    });
  });

  it('leaves the focus where the page put it when the opener gave way to another control', async () => {
    // The return of the focus waits a frame and watches the opener for a while: a fake clock runs
    // through all of it at once.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    render(<BookNow />);
    await user.click(screen.getByRole('button', { name: 'Book now' }));
    await user.click(screen.getByRole('button', { name: 'Submit Order' }));
    const booked = screen.getByRole('link', { name: 'Booked' });
    await waitFor(() => {
      expect(booked).toHaveFocus();
    });
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(booked).toHaveFocus();
  });
});

/**
 * A cell whose button opens a dialog whose action replaces the button with a status (Mark shipped):
 * at once, or once the list has reloaded after the dialog closed (when `reload` settles).
 */
function ShipCell({ reload }: { reload?: Promise<void> }) {
  const [state, setState] = useState<'waiting' | 'asking' | 'shipped'>('waiting');
  if (state === 'shipped') return <span>Shipped</span>;
  const confirm = () => {
    if (!reload) {
      setState('shipped');
      return;
    }
    setState('waiting');
    void reload.then(() => {
      setState('shipped');
    });
  };
  return (
    <>
      <button type="button" onClick={() => setState('asking')}>
        Mark shipped
      </button>
      {state === 'asking' && (
        <Dialog title="Ship" onClose={() => setState('waiting')}>
          <button type="button" onClick={confirm}>
            Confirm
          </button>
        </Dialog>
      )}
    </>
  );
}

/** Book now gives way to a Booked link, which takes the focus itself (as a phone card does). */
function BookNow() {
  const [state, setState] = useState<'open' | 'asking' | 'booked'>('open');
  const bookedRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (state === 'booked' && isFocusLost()) bookedRef.current?.focus();
  }, [state]);
  return (
    <ul>
      <li>
        {state === 'booked' ? (
          <a ref={bookedRef} href="/dashboard/my-orders">
            Booked
          </a>
        ) : (
          <button type="button" onClick={() => setState('asking')}>
            Book now
          </button>
        )}
        {state === 'asking' && (
          <Dialog title="Book" onClose={() => setState('open')}>
            <button type="button" onClick={() => setState('booked')}>
              Submit Order
            </button>
          </Dialog>
        )}
      </li>
    </ul>
  );
}
