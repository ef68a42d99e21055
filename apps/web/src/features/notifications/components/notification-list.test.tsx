import type { Notification } from '@recell/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { jsonResponse, pageOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { NotificationList } from './notification-list';

const handedOver: Notification = {
  id: '0b9f1c2e-3d4a-4b5c-8d6e-7f8091a2b3c4',
  kind: 'order_handed_over',
  title: 'Galaxy S22 was handed over to you',
  body: 'Please confirm receipt in My Orders.',
  link: '/dashboard/my-orders',
  // 3:06 in the morning, 6 Jan 2025, in the test machine's own time zone
  createdAt: new Date(2025, 0, 6, 3, 6).toISOString(),
  readAt: null,
};

describe('the notifications page', () => {
  it('says when each came as every other time on the site: "Jan 6, 2025, 3:06 am"', async () => {
    mockApi({ 'GET /api/me/notifications': () => jsonResponse(pageOf([handedOver])) });
    renderWithProviders(<NotificationList />);

    const time = await screen.findByText('Jan 6, 2025, 3:06 am');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('dateTime', handedOver.createdAt);
    expect(screen.queryByText(/AM|PM/)).not.toBeInTheDocument();
  });
});
