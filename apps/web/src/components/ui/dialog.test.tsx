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
});
