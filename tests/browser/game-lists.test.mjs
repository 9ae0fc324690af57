// Issue 59: which games the start page lists. A guest's game is listed in the browser that
// made it (it holds the seat) and in no other; the games being played between accounts are
// listed to everyone, to watch. Three browsers: the guest's, a stranger's phone, a spectator.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { playFirstLegal, ratedLobbyGame } from './account-helpers.mjs';
import { launch, newPage, waitForPly } from './helpers.mjs';

const PHONE = { width: 390, height: 844 };
let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test("a guest's game is listed in the browser that made it and in no other", async () => {
  const suffix = Math.random().toString(36).slice(2, 8);
  const names = { white: `Zoë ${suffix}`, black: `Łukasz ${suffix}` };
  const guest = await newPage(browser);
  await guest.goto('/');
  const form = guest.locator('#new-game');
  await form.getByLabel('Two players on this screen').check();
  await form.locator('input[name="white-name"]').fill(names.white);
  await form.locator('input[name="black-name"]').fill(names.black);
  await form.getByRole('button', { name: 'Start game' }).click();
  await guest.waitForURL(/\/play\//);
  const id = new URL(guest.url()).pathname.split('/').pop();
  await waitForPly(guest, 0);
  await playFirstLegal(guest, id, 1);

  await guest.goto('/');
  const row = guest.locator('#stored-games tr', { hasText: names.black });
  await row.waitFor();
  assert.equal(await row.getByRole('cell', { name: /^Classic 10x8 · on one screen$/ }).isVisible(), true);
  assert.equal(await row.getByRole('cell', { name: '1', exact: true }).count(), 1, 'one turn played');
  assert.deepEqual(await guest.locator('#stored-games th').allInnerTexts(), [
    'Players',
    'Game',
    'Turns',
    'Result',
    'Started',
    'Link',
  ]);
  assert.match(await row.getByRole('link', { name: /^Play/ }).getAttribute('href'), new RegExp(`/play/${id}\\?token=`));

  const stranger = await newPage(browser, PHONE, { isMobile: true, hasTouch: true });
  await stranger.goto('/');
  await stranger.locator('#stored-games', { hasText: 'No games in this browser yet.' }).waitFor();
  await stranger.locator('#games-playing p, #games-playing table').first().waitFor();
  assert.equal(await stranger.getByText(names.black).count(), 0, "a guest's game is nobody else's to see");
  const listed = await (await stranger.request.get('/api/games?limit=500')).json();
  assert.ok(!listed.games.some((game) => game.id === id), 'nor listed by the API');
  assert.deepEqual([...guest.errors, ...stranger.errors], []);
});

test('a game between accounts is listed to watch while it is played, and no longer once over', async () => {
  const { names, ann, bob, id } = await ratedLobbyGame(browser);
  const spectator = await newPage(browser);
  await spectator.goto('/');
  const row = spectator.locator('#games-playing tr', { hasText: names.bob });
  await row.waitFor();
  assert.match(await row.innerText(), new RegExp(`${names.ann} – ${names.bob}`));
  assert.equal(await row.getByRole('cell', { name: /^Classic 10x8 · rated$/ }).isVisible(), true);
  await row.getByRole('link', { name: /^Watch/ }).click();
  await spectator.waitForURL(new RegExp(`/play/${id}$`));
  await waitForPly(spectator, 0);
  assert.equal(await spectator.locator('#move-input').isVisible(), false, 'a spectator cannot move');

  await ann.goto(`/play/${id}`);
  await waitForPly(ann, 0);
  await ann.getByRole('button', { name: 'Abort' }).click(); // ratedLobbyGame's pages accept the question
  await ann.locator('#status[data-result="aborted"]').waitFor();
  await spectator.goto('/');
  await spectator.locator('#games-playing p, #games-playing table').first().waitFor();
  assert.equal(await spectator.locator('#games-playing tr', { hasText: names.bob }).count(), 0);
  assert.deepEqual([...ann.errors, ...bob.errors, ...spectator.errors], []);
});
