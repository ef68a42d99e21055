import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useReturnTo } from './return-to';

function ReturnTo() {
  return <output>{useReturnTo().to}</output>;
}

const returnToFor = (from: { pathname: string; search?: string; hash?: string } | undefined) => {
  render(
    <MemoryRouter
      initialEntries={[{ pathname: '/login', state: from ? { from: { search: '', hash: '', ...from } } : null }]}
    >
      <ReturnTo />
    </MemoryRouter>,
  );
  return screen.getByRole('status').textContent;
};

describe('useReturnTo: where login and sign-up send the person afterwards', () => {
  it('goes back to the page a guard sent them from', () => {
    expect(returnToFor({ pathname: '/categories/2', search: '?q=pixel', hash: '#top' })).toBe(
      '/categories/2?q=pixel#top',
    );
  });

  it('goes home without a page to go back to', () => {
    expect(returnToFor(undefined)).toBe('/');
  });

  it.each([['//evil.example/phish'], ['/\\evil.example'], ['/%09/evil.example']])(
    'goes home rather than to %s',
    (pathname) => {
      expect(returnToFor({ pathname })).toBe('/');
    },
  );
});
