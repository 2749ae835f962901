import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { ERROR_ALERT_TITLE } from '../components/alert-error';

/**
 * A load failed: the red alert says so with `reason`; once `recover` lets the API answer again, the alert's
 * 'Try again' is clicked.
 */
export async function retryFailedLoad(reason: string, recover: () => void) {
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(ERROR_ALERT_TITLE);
  expect(alert).toHaveTextContent(reason);
  recover();
  await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
}
