import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from '@recell/contract';
import { fieldOf, SelectField, TextField } from '.';

const Schema = z.object({
  price: z.string().min(1, 'price is Required'),
  condition: z.enum(['Excellent', 'Good'], { error: 'condition is Required' }),
});

function PriceForm() {
  const form = useForm<z.input<typeof Schema>>({ resolver: zodResolver(Schema), defaultValues: { price: '' } });
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(() => undefined)(event)}>
      <TextField label="Price" hint="In dollars" inputMode="decimal" {...fieldOf(form, 'price')} />
      <SelectField
        label="Condition"
        placeholder="Select a condition"
        options={[
          { value: 'Excellent', label: 'Excellent' },
          { value: 'Good', label: 'Good' },
        ]}
        {...fieldOf(form, 'condition')}
      />
      <button type="submit">Save</button>
    </form>
  );
}

describe('the shared form fields', () => {
  it("tie the label to the control and announce the hint and the schema's message with it", async () => {
    const user = userEvent.setup();
    render(<PriceForm />);

    const price = screen.getByLabelText('Price');
    expect(price).toHaveAccessibleDescription('In dollars');
    expect(screen.getByRole('combobox', { name: 'Condition' })).toHaveDisplayValue('Select a condition');

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(price).toHaveAccessibleDescription('In dollars price is Required');
    expect(screen.getByRole('combobox', { name: 'Condition' })).toHaveAccessibleDescription('condition is Required');

    await user.type(price, '120');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Condition' }), 'Good');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(price).not.toHaveAttribute('aria-invalid');
    expect(price).toHaveValue('120');
    expect(price).toHaveAccessibleDescription('In dollars');
  });
});
