// Helpers of the browser tests that act for signed-in accounts (issue 59): requests made
// from a page with its session cookie and CSRF token, and logging in through the header.

/** A request from the page with its session cookie and CSRF token, as the page sends it. */
export async function asAccount(page, method, path, body) {
  return page.evaluate(
    async ([method, path, body]) => {
      const who = await (await fetch('/api/account')).json();
      const response = await fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': who.csrf_token ?? '' },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: response.status, body: await response.json() };
    },
    [method, path, body],
  );
}

/** Logs in as `name` (registered by helpers.mjs's register) through the account bar. */
export async function logIn(page, name) {
  await page.goto('/');
  const bar = page.locator('#account-bar');
  await bar.locator('input[name="name"]').fill(name);
  await bar.locator('input[name="password"]').fill('a good password');
  await bar.locator('button[name="login"]').click();
  await bar.locator('.account-name', { hasText: name }).waitFor();
}
