// Helpers of the browser tests that act for signed-in accounts (issue 59): requests made
// from a page with its session cookie and CSRF token, logging in through the header, and a
// rated lobby game between two new accounts.
import assert from 'node:assert/strict';
import { newPage, register, waitForPly } from './helpers.mjs';

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

/**
 * Ann (white) and Bob registered in two browsers (Bob's a phone), and a rated lobby game
 * between them: { names, ann, bob, id }. `contextOptions` go to each page (a baseURL, say);
 * `challenge`'s fields to the challenge (days_per_move, say).
 */
export async function ratedLobbyGame(browser, contextOptions = undefined, challenge = {}) {
  const suffix = Math.random().toString(36).slice(2, 8);
  const names = { ann: `Ann-${suffix}`, bob: `Bob-${suffix}` };
  const ann = await newPage(browser, undefined, contextOptions);
  const bob = await newPage(browser, { width: 390, height: 844 }, contextOptions);
  for (const page of [ann, bob]) page.on('dialog', (dialog) => dialog.accept());
  await register(ann, names.ann);
  await register(bob, names.bob);
  const posted = await asAccount(ann, 'POST', '/api/challenges', { color: 'white', rated: true, ...challenge });
  assert.equal(posted.status, 201, JSON.stringify(posted.body));
  const accepted = await asAccount(bob, 'POST', `/api/challenges/${posted.body.challenge.id}/accept`, {});
  assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
  return { names, ann, bob, id: accepted.body.game };
}

/** The side to move on `page` (open at game `id`) plays the first legal move, then `ply` is shown. */
export async function playFirstLegal(page, id, ply) {
  const state = await (await page.request.get(`/api/games/${id}`)).json();
  await page.locator('#move-input').fill(state.legal[0]);
  await page.locator('#move-input').press('Enter');
  await waitForPly(page, ply);
}
