// A notification inserted on the server (service role) appears in the open page without a reload.
import { test, expect } from '@playwright/test';
import { createConfirmedUser, enableHooks, hooksReady, serviceRest, signInUi, waitForLeader } from './sync-helpers';

test('a server-side notification shows up live in the bell', async ({ page, context }) => {
  const user = await createConfirmedUser('sync-rt');
  await enableHooks(context);
  await signInUi(page, user.email);
  await hooksReady(page);
  await waitForLeader(page);
  const bell = page.getByRole('button', { name: /Notifications/ });
  await expect(bell).toBeVisible();
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);
  // Let the realtime channel finish joining (its catch-up pull would also bring the row; the
  // second insert below can only arrive through realtime or a later catch-up we don't trigger).
  await page.waitForTimeout(1500);

  const insert = (title: string) =>
    serviceRest('/notifications', {
      method: 'POST',
      body: JSON.stringify({ user_id: user.id, type: 'other', title, message: 'Hello from the server' }),
    });
  await insert('First live notification');
  await expect(page.getByTestId('unread-badge')).toHaveText(/^1\b/, { timeout: 10_000 });
  const before = Date.now();
  await insert('Second live notification');
  await expect(page.getByTestId('unread-badge')).toHaveText(/^2\b/, { timeout: 10_000 });
  expect(Date.now() - before).toBeLessThan(10_000);
});
