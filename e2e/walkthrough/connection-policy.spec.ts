import { expect, test } from '../fixtures';

// Store walkthrough: a connection to another MDE server that the app's page policy (connect-src) does not
// allow fails in the browser before any request leaves the device. The test button says so, and names the
// server setting that allows it, instead of 'Der Server ist nicht erreichbar'.

test.use({ viewport: { width: 360, height: 740 } });

test('testing a connection the page policy blocks names the policy, not an unreachable server', async ({ page }) => {
  const csp = (await page.request.get('/login')).headers()['content-security-policy'] ?? '';
  // The e2e server lists no other servers: a second address on this machine is not allowed.
  expect(csp).toContain("connect-src 'self';");
  await page.goto('/login/settings');
  await page.getByRole('button', { name: 'Verbindung hinzufügen' }).click();
  await page.getByLabel('Host').fill('127.0.0.2');
  await page.getByLabel('Port').fill('8999');
  await page.getByRole('button', { name: 'Speichern' }).click();
  const connection = page.getByRole('listitem').filter({ hasText: '127.0.0.2' });
  await connection.getByRole('button', { name: 'Verbindung testen' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'CONNECT_ORIGINS' });
  await expect(alert).toContainText('Die App darf http://127.0.0.2:8999 nicht ansprechen');
  await expect(page.getByText('Der Server ist nicht erreichbar')).toHaveCount(0);
});
