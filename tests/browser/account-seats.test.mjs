// Issue 59, broken path 2: a registered player's seat belongs to her account, not to the
// browser that took the challenge. Opened from another browser (My games, her player page,
// the game's plain link) while signed in as the same account, her game seats her there:
// she moves, chats, offers a draw and resigns. Another account and a guest still watch.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { asAccount, logIn } from './account-helpers.mjs';
import { launch, newPage, register, waitForPly } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** Ann and Bob registered in two browsers, and a game between them (Ann white). */
async function lobbyGame(extra = {}) {
  const suffix = Math.random().toString(36).slice(2, 8);
  const names = { ann: `Ann-${suffix}`, bob: `Bob-${suffix}` };
  const ann = await newPage(browser);
  const bob = await newPage(browser);
  await register(ann, names.ann);
  await register(bob, names.bob);
  const posted = await asAccount(ann, 'POST', '/api/challenges', { color: 'white', ...extra });
  assert.equal(posted.status, 201, JSON.stringify(posted.body));
  const accepted = await asAccount(bob, 'POST', `/api/challenges/${posted.body.challenge.id}/accept`, {});
  assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
  return { names, ann, bob, id: accepted.body.game };
}

test('a seat follows its account to another browser: move, chat, draw offer, resign', async () => {
  const { names, ann, bob, id } = await lobbyGame();
  // Ann on a second device: no seat token, only her account.
  const laptop = await newPage(browser, { width: 390, height: 844 });
  laptop.on('dialog', (dialog) => dialog.accept());
  await logIn(laptop, names.ann);
  await laptop.goto('/my');
  await laptop.getByRole('link', { name: `vs ${names.bob}` }).click();
  await laptop.waitForURL(new RegExp(`/play/${id}$`));
  await waitForPly(laptop, 0);
  assert.equal(await laptop.getByText('You are watching this game.').count(), 0, 'not a spectator');
  assert.match(await laptop.locator('.player-bar[data-side="white"] .player-name').innerText(), /\(you\)/);

  // A move typed on the second device reaches the first.
  const state = await (await laptop.request.get(`/api/games/${id}`)).json();
  assert.deepEqual(state.you, ['white']);
  await laptop.locator('#move-input').fill(state.legal[0]);
  await laptop.locator('#move-input').press('Enter');
  await waitForPly(laptop, 1);
  await bob.goto(`/play/${id}`);
  await waitForPly(bob, 1);

  // Bob answers from his own second browser too; then chat and a draw offer.
  const bobState = await (await bob.request.get(`/api/games/${id}`)).json();
  assert.deepEqual(bobState.you, ['black']);
  await bob.locator('#move-input').fill(bobState.legal[0]);
  await bob.locator('#move-input').press('Enter');
  await waitForPly(laptop, 2);
  await laptop.locator('.chat-form input').fill('hello from my phone');
  await laptop.locator('.chat-form').getByRole('button', { name: 'Send' }).click();
  await bob.locator('.chat-messages .chat-text', { hasText: 'hello from my phone' }).waitFor();
  await laptop.getByRole('button', { name: 'Offer draw' }).click();
  await bob.getByRole('button', { name: 'Decline draw' }).waitFor();
  await laptop.getByRole('button', { name: 'Resign' }).click();
  await bob.locator('#status[data-result="0-1"]').waitFor();
  assert.deepEqual([...laptop.errors, ...bob.errors, ...ann.errors], []);
});

test('her player page links to the game; other accounts and guests only watch', async () => {
  const { names, id } = await lobbyGame();
  const laptop = await newPage(browser);
  await logIn(laptop, names.ann);
  await laptop.goto(`/players/${encodeURIComponent(names.ann)}`);
  await laptop.locator(`a[href^="/play/${id}"]`).first().click();
  await waitForPly(laptop, 0);
  assert.match(await laptop.locator('.player-bar[data-side="white"] .player-name').innerText(), /\(you\)/);

  // Another account: a spectator, and its actions are refused.
  const cat = await newPage(browser);
  await register(cat, `Cat-${Math.random().toString(36).slice(2, 8)}`);
  await cat.goto(`/play/${id}`);
  await waitForPly(cat, 0);
  await cat.getByText('You are watching this game.').waitFor();
  const refused = await asAccount(cat, 'POST', `/api/games/${id}/resign`, {});
  assert.equal(refused.status, 403);
  assert.equal(refused.body.code, 'bad_token');

  // A guest with no session: a spectator too.
  const guest = await newPage(browser);
  await guest.goto(`/play/${id}`);
  await guest.getByText('You are watching this game.').waitFor();

  // A cross-site form cannot act with Ann's cookie: no CSRF token, no seat.
  const forged = await laptop.evaluate(async (game) => {
    const response = await fetch(`/api/games/${game}/resign`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    return response.status;
  }, id);
  assert.equal(forged, 403);
});
