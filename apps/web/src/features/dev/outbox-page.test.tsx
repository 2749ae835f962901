import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, renderRoutes } from '../../test/auth-test-utils';
import { DevOutboxPage, NO_OUTBOX_MESSAGE } from './outbox-page';

const renderOutbox = () =>
  renderRoutes([{ path: '/dev/outbox', element: <DevOutboxPage /> }], '/dev/outbox', null);

describe('development outbox page', () => {
  it('lists the messages with their links', async () => {
    mockApi({
      'GET /api/dev/outbox': {
        body: {
          messages: [
            {
              id: 'm2',
              from: 'Sneaker Shop <shop@sneakershop.test>',
              to: 'sam@example.com',
              subject: 'Verify your e-mail',
              date: '2024-05-01T10:00:00.000Z',
              text: 'Hi sam,\nfollow this link: http://shop.test/api/auth/verify-email?token=abc',
              html: '<p>Hi</p>',
              links: ['http://shop.test/api/auth/verify-email?token=abc'],
            },
            {
              id: 'm1',
              from: 'Sneaker Shop <shop@sneakershop.test>',
              to: 'ada@example.com',
              subject: 'Restore your password',
              date: '2024-04-30T10:00:00.000Z',
              text: 'Reset',
              html: '',
              links: [],
            },
          ],
        },
      },
    });
    renderOutbox();
    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((heading) => heading.textContent)).toEqual([
      'Verify your e-mail',
      'Restore your password',
    ]);
    expect(screen.getByText('sam@example.com')).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'http://shop.test/api/auth/verify-email?token=abc' }),
    ).toHaveAttribute('href', 'http://shop.test/api/auth/verify-email?token=abc');
    expect(screen.getByText(/follow this link/).tagName).toBe('PRE');
  });

  it('says there is no local outbox when mail goes over SMTP', async () => {
    mockApi({ 'GET /api/dev/outbox': apiError(404, 'NOT_FOUND', 'Route GET:/api/dev/outbox not found') });
    renderOutbox();
    expect(await screen.findByText(NO_OUTBOX_MESSAGE)).toBeInTheDocument();
  });
});
