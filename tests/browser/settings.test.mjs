// Issue 59: the settings page (/settings, from the account bar): a password change with its
// refusals told beside the form, the block list (block by name, unblock), and deleting the
// account. One player on a laptop, her opponent on a phone.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { asAccount } from './account-helpers.mjs';
import { launch, newPage, register } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('a player changes her password, blocks and unblocks a player, and deletes her account', async () => {
  const suffix = Math.random().toString(36).slice(2, 8);
  const ann = `Ann-${suffix}`;
  const zoe = `Zoë-${suffix}`;
  const page = await newPage(browser);
  const phone = await newPage(browser, { width: 390, height: 844 });
  await register(page, ann);
  await register(phone, zoe);

  await page.goto('/');
  await page.locator('#account-bar').getByRole('link', { name: ann }).click();
  await page.waitForURL('**/settings');
  const password = page.getByRole('region', { name: 'Password' });
  await password.getByLabel('Current password').fill('not my password');
  await password.getByLabel('New password', { exact: true }).fill('a better password 2');
  await password.getByLabel('New password again').fill('a better password 2');
  await password.getByRole('button', { name: 'Change password' }).click();
  await password
    .getByRole('status')
    .filter({ hasText: /password/i })
    .waitFor();
  assert.match(await password.getByRole('status').innerText(), /password/i);
  await password.getByLabel('Current password').fill('a good password');
  await password.getByRole('button', { name: 'Change password' }).click();
  await password.getByRole('status').filter({ hasText: 'Password changed' }).waitFor();
  // The page's new session acts: a block is a change (CSRF token and cookie both new).
  const blocks = page.getByRole('region', { name: 'Blocked players' });
  await blocks.getByLabel('Block a player').fill(zoe);
  await blocks.getByRole('button', { name: 'Block' }).click();
  await blocks.getByRole('link', { name: zoe }).waitFor();
  const challenge = await asAccount(phone, 'POST', '/api/challenges', { to: ann });
  assert.equal(challenge.status, 403, JSON.stringify(challenge.body));
  await blocks.getByRole('button', { name: `Unblock ${zoe}` }).click();
  await blocks.getByText('You block nobody.').waitFor();
  await blocks.getByLabel('Block a player').fill('Nobody-at-all');
  await blocks.getByRole('button', { name: 'Block' }).click();
  await blocks
    .getByRole('status')
    .filter({ hasText: /no player/i })
    .waitFor();

  // The new password logs in on another device; the old one does not.
  const other = await newPage(browser, { width: 390, height: 844 });
  const old = await other.request.post('/api/login', { data: { name: ann, password: 'a good password' } });
  assert.equal(old.status(), 401);
  const fresh = await other.request.post('/api/login', { data: { name: ann, password: 'a better password 2' } });
  assert.equal(fresh.status(), 200);

  const removal = page.getByRole('region', { name: 'Delete the account' });
  await removal.getByLabel('Password').fill('a better password 2');
  await removal.getByLabel('I want to delete my account').check();
  await removal.getByRole('button', { name: 'Delete my account' }).click();
  await page.getByRole('status').filter({ hasText: 'Your account is deleted.' }).waitFor();
  await page.locator('#account-bar input[name="name"]').waitFor();
  assert.equal((await page.request.get(`/api/players/${encodeURIComponent(ann)}`)).status(), 404);
  assert.deepEqual([...page.errors, ...phone.errors], []);
});

test('the theme follows the system until one is chosen, and the choice is kept', async () => {
  const page = await newPage(browser, { width: 390, height: 844 }, { colorScheme: 'dark' });
  const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
  await page.goto('/settings');
  const appearance = page.getByRole('region', { name: 'Appearance' });
  assert.equal(await appearance.getByLabel('Follow the system').isChecked(), true);
  assert.equal(await theme(), 'dark');
  await page.emulateMedia({ colorScheme: 'light' }); // the system changes under the page
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
  await appearance.getByLabel('Dark').check();
  assert.equal(await theme(), 'dark');
  await page.reload();
  await page.getByRole('region', { name: 'Appearance' }).getByLabel('Dark').waitFor();
  assert.equal(await theme(), 'dark', 'kept in this browser');
  assert.equal(await page.getByRole('region', { name: 'Appearance' }).getByLabel('Dark').isChecked(), true);
  // Signed out, the account's parts are not offered.
  assert.equal(await page.getByRole('region', { name: 'Password' }).count(), 0);
  assert.deepEqual(page.errors, []);
});
