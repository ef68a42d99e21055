import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Page } from './page';

/** A page whose link goes away as it is followed (a row's Pay link, a card's name). */
function Start() {
  return (
    <Page title="Start">
      <Link to="/next">Next</Link>
    </Page>
  );
}

/** A page whose button stays (a search box, a menu that stays open) and moves on in place. */
function Stay() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate('/next')}>
      Go
    </button>
  );
}

const renderAt = (route: string) =>
  render(
    <MemoryRouter initialEntries={[route]}>
      <Stay />
      <Routes>
        <Route path="/start" element={<Start />} />
        <Route path="/next" element={<Page title="Next page" />} />
      </Routes>
    </MemoryRouter>,
  );

describe('a page heading on arrival', () => {
  it('takes the focus after a link that went with the last page', async () => {
    renderAt('/start');
    await userEvent.click(screen.getByRole('link', { name: 'Next' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Next page' });
    expect(heading).toHaveFocus();
  });

  it('leaves the focus alone on the first page and where the person put it', async () => {
    renderAt('/next');
    expect(screen.getByRole('heading', { level: 1, name: 'Next page' })).not.toHaveFocus();
    expect(document.body).toHaveFocus();

    renderAt('/start');
    const go = screen.getAllByRole('button', { name: 'Go' })[1]!;
    await userEvent.click(go);
    expect(screen.getAllByRole('heading', { level: 1, name: 'Next page' })).toHaveLength(2);
    expect(go).toHaveFocus();
  });
});
