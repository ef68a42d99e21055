import { messages } from '@recell/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { SiteHeader } from '@/app/layouts/site-header';
import { mockApi } from '@/test/api-mock';
import { FakeXhr } from '@/test/fake-xhr';
import { jsonResponse, makeMe, makeSession } from '@/test/fixtures';
import { renderWithSession } from '@/test/render';
import ProfilePage from './profile';

const me = makeMe({ name: 'Ada Buyer', email: 'ada@example.com', role: 'seller', imageUrl: '/uploads/old.webp' });
const imageId = 'b'.repeat(64);

function ProfileWithHeader() {
  return (
    <>
      <SiteHeader />
      <ProfilePage />
    </>
  );
}

describe('the profile page', () => {
  beforeEach(() => {
    FakeXhr.install();
  });

  const api = () =>
    mockApi({
      'POST /api/auth/refresh': () => jsonResponse({ ...makeSession(), user: me }),
      'PATCH /api/me': ({ body }) => {
        const update = body as { name?: string; imageId?: string };
        return jsonResponse({
          ...me,
          name: update.name ?? me.name,
          imageUrl: update.imageId ? `/uploads/${update.imageId}.webp` : me.imageUrl,
        });
      },
    });

  it("shows the user's photo, name, email and role", async () => {
    api();
    renderWithSession(<ProfilePage />, { route: '/profile' });

    expect(await screen.findByRole('img', { name: 'Ada Buyer' })).toHaveAttribute('src', '/uploads/old.webp');
    expect(screen.getByRole('heading', { name: 'Ada Buyer' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText('Seller')).toBeInTheDocument();
  });

  it('changes the name; the header and the page show it at once', async () => {
    const { callsTo } = api();
    renderWithSession(<ProfileWithHeader />, { route: '/profile' });

    const name = await screen.findByLabelText('Full name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Ada King');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(callsTo('PATCH /api/me')[0]?.body).toEqual({ name: 'Ada King' });
    expect(await screen.findByRole('heading', { name: 'Ada King' })).toBeInTheDocument();
    expect(callsTo('PATCH /api/me')[0]?.headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('refuses an empty name', async () => {
    const { callsTo } = api();
    renderWithSession(<ProfilePage />, { route: '/profile' });

    await userEvent.clear(await screen.findByLabelText('Full name'));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await screen.findByText(messages.nameRequired);
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription(messages.nameRequired);
    expect(callsTo('PATCH /api/me')).toHaveLength(0);
  });

  it('uploads a new photo with progress, then saves it by its id', async () => {
    const { callsTo } = api();
    renderWithSession(<ProfileWithHeader />, { route: '/profile' });

    await userEvent.upload(
      await screen.findByLabelText('New photo'),
      new File(['x'], 'new.jpg', { type: 'image/jpeg' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    const xhr = await FakeXhr.next();
    expect(xhr.url).toBe('/api/uploads');
    xhr.progress(0.5);
    expect(await screen.findByRole('progressbar', { name: 'Uploading… 50%' })).toHaveValue(50);
    xhr.respond(201, { id: imageId, url: `/uploads/${imageId}.webp`, width: 800, height: 800 });

    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(callsTo('PATCH /api/me')[0]?.body).toEqual({ name: 'Ada Buyer', imageId });
    const main = screen.getByRole('heading', { name: 'Ada Buyer' }).closest('section')!;
    await waitFor(() => {
      expect(within(main).getByRole('img', { name: 'Ada Buyer' })).toHaveAttribute('src', `/uploads/${imageId}.webp`);
    });
    // the header's Dashboard link shows the new photo too
    const dashboardLink = screen.getByRole('link', { name: 'Dashboard' });
    expect(dashboardLink.querySelector('img')).toHaveAttribute('src', `/uploads/${imageId}.webp`);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
