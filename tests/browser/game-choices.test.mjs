// The forms' per-game choices come from GET /api/game-types (issue 46): the start form
// offers every game the server has, with its rule sets, sizes and house rules, and starts
// a game of the chosen game and rule set; the lobby's challenge form does the same, and a
// challenge for the second game is made and accepted through the page in two browsers.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BASE, launch, newPage, register, waitForPly } from './helpers.mjs';

let browser;
let types;
before(async () => {
  browser = await launch();
  types = (await (await fetch(new URL('/api/game-types', BASE))).json()).games;
});
after(async () => {
  await browser?.close();
});

/** The game's state as the page's seat token sees it. */
async function stateOf(page) {
  const url = new URL(page.url());
  const id = decodeURIComponent(url.pathname.split('/').pop());
  return page.evaluate(
    async ([game, token]) => (await fetch(`/api/games/${game}?token=${token}`)).json(),
    [id, url.searchParams.get('token')],
  );
}

/** The second game the server offers (the first is the default), and its last rule set. */
function otherGame() {
  assert.ok(types.length >= 2, 'the server offers two games or more');
  const type = types[1];
  return { type, ruleSet: type.rule_sets.at(-1) };
}

test('the start form offers every game of /api/game-types with its own choices', async () => {
  const page = await newPage(browser);
  await page.goto('/');
  const form = page.locator('#new-game');
  const games = form.locator('fieldset[data-choices=game] input[type=radio]');
  // The choices are made once the page has the game types: wait for the last of them.
  await games.nth(types.length - 1).waitFor({ state: 'attached' });
  assert.deepEqual(
    await games.evaluateAll((inputs) => inputs.map((input) => input.value)),
    types.map((type) => type.name),
  );
  for (const type of types) {
    await form.getByRole('radio', { name: type.title, exact: true }).check();
    const rules = form.locator('fieldset[data-choices=rules]');
    assert.deepEqual(
      await rules.locator('input[type=radio]').evaluateAll((inputs) => inputs.map((input) => input.value)),
      type.rule_sets.map((set) => set.name),
    );
    for (const set of type.rule_sets) {
      const choice = rules.locator(`input[name=rules][value="${set.name}"]`);
      await choice.check();
      const label = await choice.locator('xpath=..').innerText();
      assert.ok(label.includes(set.title), `${label} names ${set.title}`);
      // The house rules in force under this rule set, and none of another's.
      assert.deepEqual(await rules.locator('.house-rules li').allInnerTexts(), set.house_rules);
    }
    const sizes = await rules.locator('select[name=size] option').evaluateAll((options) => options.map((o) => o.value));
    assert.deepEqual(sizes.length ? sizes : [type.sizes[0]], type.sizes);
    // The sides' names follow the game.
    assert.equal(await form.locator('.seat-name[data-side=black]').innerText(), type.sides.black);
    assert.equal(
      await form.locator('select[name=color] option[value=white]').innerText(),
      `${type.sides.white} (you move first)`,
    );
    assert.equal(await rules.getByRole('link').getAttribute('href'), `/rules#${type.name}`);
  }
  assert.ok(
    types.some((type) => type.rule_sets.some((set) => set.house_rules.length)),
    'some rule set has house rules',
  );
  assert.deepEqual(page.errors, []);
});

test('the start form starts a game of the second game with its chosen rule set', async () => {
  const { type, ruleSet } = otherGame();
  const page = await newPage(browser);
  await page.goto('/');
  const form = page.locator('#new-game');
  await form.getByRole('radio', { name: type.title, exact: true }).check();
  await form.getByRole('radio', { name: 'Two players on this screen' }).check();
  await form.locator(`input[name=rules][value="${ruleSet.name}"]`).check();
  await form.getByRole('button', { name: 'Start game' }).click();
  await page.waitForURL(/\/play\/[^/?]+\?token=/);
  await waitForPly(page, 0);
  const state = await stateOf(page);
  assert.equal(state.game, type.name);
  assert.equal(state.rules, ruleSet.name);
  assert.equal(state.size, type.sizes[0]);
  assert.deepEqual(page.errors, []);
});

test("a challenge for the second game, made and accepted through the lobby's form", async () => {
  const { type, ruleSet } = otherGame();
  const suffix = Math.random().toString(36).slice(2, 8);
  const creator = await newPage(browser);
  const accepter = await newPage(browser);
  await register(creator, `Cy-${suffix}`);
  await register(accepter, `Di-${suffix}`);

  await creator.getByRole('button', { name: 'Post a challenge…' }).click();
  const form = creator.locator('#challenge-form');
  assert.deepEqual(
    await form.locator('fieldset[data-choices=game] input').evaluateAll((inputs) => inputs.map((i) => i.value)),
    types.map((t) => t.name),
  );
  await form.getByRole('radio', { name: type.title, exact: true }).check();
  await form.locator(`input[name=challenge-rules][value="${ruleSet.name}"]`).check();
  // The sides are the game's own.
  await form.locator('select[name="challenge-color"]').selectOption('white');
  assert.equal(await form.locator('select[name="challenge-color"] option[value=white]').innerText(), type.sides.white);
  await form.getByRole('radio', { name: 'No clock' }).check();
  await form.getByRole('button', { name: 'Post challenge' }).click();

  const offered = accepter.locator('#challenge-list li.challenge', { hasText: `Cy-${suffix}` });
  await offered.waitFor();
  assert.match(await offered.textContent(), new RegExp(`${ruleSet.title.replace(/[()]/g, '\\$&')} ${type.sizes[0]}`));
  await offered.getByRole('button', { name: 'Accept' }).click();
  await accepter.waitForURL(/\/play\/[^/?]+\?token=/);
  await creator.waitForURL(/\/play\/[^/?]+\?token=/);
  await waitForPly(creator, 0);
  await waitForPly(accepter, 0);
  const seen = await stateOf(creator);
  assert.equal(seen.game, type.name);
  assert.equal(seen.rules, ruleSet.name);
  assert.deepEqual(seen.you, ['white']);
  assert.deepEqual((await stateOf(accepter)).you, ['black']);
  // The game is played: the creator moves first, typing a legal move; the accepter sees it.
  await creator.locator('#move-input').fill(seen.legal[0]);
  await creator.getByRole('button', { name: 'Play', exact: true }).click();
  await waitForPly(accepter, 1);
  assert.deepEqual([...creator.errors, ...accepter.errors], []);
});
