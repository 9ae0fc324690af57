// Issue 59: the account bar's My games badge follows a move at once (it counted on a 30 s
// poll before): the mover's badge goes as she moves, the opponent's comes as the move
// arrives. Two players, a laptop and a phone.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { playFirstLegal, ratedLobbyGame } from './account-helpers.mjs';
import { launch, waitForPly } from './helpers.mjs';

// Well under the badge's 30 s poll: only the move itself can bring the change this soon.
const SOON = { timeout: 5000 };
let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test("the badge follows each move in both players' account bars", async () => {
  const { ann, bob, id } = await ratedLobbyGame(browser);
  for (const page of [ann, bob]) {
    await page.goto(`/play/${id}`);
    await waitForPly(page, 0);
  }
  const badge = (page) => page.locator('#account-bar .my-games-link .badge');
  await badge(ann).filter({ hasText: '1' }).waitFor(SOON); // White to move
  assert.equal(await badge(bob).isVisible(), false);

  await playFirstLegal(ann, id, 1);
  await badge(ann).waitFor({ state: 'hidden', ...SOON });
  await waitForPly(bob, 1);
  await badge(bob).filter({ hasText: '1' }).waitFor(SOON);

  await playFirstLegal(bob, id, 2);
  await badge(bob).waitFor({ state: 'hidden', ...SOON });
  await badge(ann).filter({ hasText: '1' }).waitFor(SOON);
  assert.deepEqual([...ann.errors, ...bob.errors], []);
});
