import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { UntilHydrated } from './until-hydrated';

const Controls = () => (
  <UntilHydrated>
    <label>
      Search phones <input />
    </label>
    <button type="button">Load more</button>
  </UntilHydrated>
);

describe('UntilHydrated', () => {
  it('disables its controls in HTML rendered on a server, and leaves them working once the app runs', () => {
    expect(renderToString(<Controls />)).toMatch(/^<fieldset role="presentation" disabled="" class="contents">/);
    render(<Controls />);
    expect(screen.getByRole('textbox', { name: 'Search phones' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Load more' })).toBeEnabled();
  });
});
