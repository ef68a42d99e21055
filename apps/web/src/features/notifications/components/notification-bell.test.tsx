import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { NotificationBell } from './notification-bell';

describe('NotificationBell', () => {
  it('is a link to the notifications named with the unread count', async () => {
    mockApi({ 'GET /api/me/notifications/unread-count': () => jsonResponse({ unread: 3 }) });
    renderWithProviders(<NotificationBell />);

    expect(await screen.findByRole('link', { name: 'Notifications, 3 unread' })).toHaveAttribute(
      'href',
      '/notifications',
    );
  });

  it('says "Notifications" in words beside the bell, for the small screens’ menu of named items', async () => {
    renderWithProviders(<NotificationBell />);

    const bell = await screen.findByRole('link', { name: 'Notifications' });
    // The word is text of the link (the wide header hides it visually; the 360 px menu shows it:
    // e2e/browse-search.spec.ts), not only its accessible name.
    expect(bell).toHaveTextContent('Notifications');
  });
});
