import { zodResolver } from '@hookform/resolvers/zod';
import { z } from '@recell/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { OneFieldDialog } from './one-field-dialog';

const resolver = zodResolver(
  z.object({
    colour: z.enum(['red', 'blue'], { message: 'Choose a colour' }),
    note: z.string().trim().min(1, 'Say something'),
  }),
);

const renderDialog = (send: (values: { colour: string; note: string }) => Promise<unknown>, onClose = vi.fn()) => {
  render(
    <OneFieldDialog
      title="Paint it"
      resolver={resolver}
      defaultValues={{ note: '' }}
      choice={{
        name: 'colour',
        legend: 'Colour',
        options: [
          { value: 'red', label: 'Red' },
          { value: 'blue', label: 'Blue' },
        ],
        className: 'mt-1 grid gap-1',
      }}
      field={{ name: 'note', label: 'Note', hint: 'For the painter', rows: 4, required: true, maxLength: 50 }}
      labels={{ cancel: 'Cancel', submit: 'Send', busy: 'Sending…' }}
      send={send}
      doneToast="Sent"
      onClose={onClose}
    />,
  );
  return onClose;
};

describe('OneFieldDialog', () => {
  it('asks its choice and its one labelled field, and says each message beside them on an empty submit', async () => {
    const send = vi.fn(() => Promise.resolve());
    renderDialog(send);

    const dialog = screen.getByRole('dialog', { name: 'Paint it' });
    expect(within(dialog).getByRole('group', { name: 'Colour' })).toBeInTheDocument();
    const note = within(dialog).getByRole('textbox', { name: 'Note' });
    expect(note).toHaveAccessibleDescription(/For the painter/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await within(dialog).findByText('Say something')).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'Colour' })).toHaveAccessibleDescription('Choose a colour');
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the checked values and closes', async () => {
    const send = vi.fn(() => Promise.resolve());
    const onClose = renderDialog(send);

    await userEvent.click(screen.getByRole('radio', { name: 'Blue' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Note' }), 'Two coats');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(send).toHaveBeenCalledWith({ colour: 'blue', note: 'Two coats' });
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('says a refusal inside the dialog: a field’s under its field, anything else as an alert', async () => {
    const send = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiError({ status: 400, code: 'validation', message: 'Invalid', fields: { note: 'Too rude' } }),
      )
      .mockRejectedValueOnce(new ApiError({ status: 409, code: 'conflict', message: 'Painted already' }));
    const onClose = renderDialog(send);

    await userEvent.click(screen.getByRole('radio', { name: 'Red' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Note' }), 'Rude words');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Too rude')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Painted already');
    expect(onClose).not.toHaveBeenCalled();
  });
});
