// Issue 59 ("confusing"): the challenge form's clock is chosen kind first, then its
// settings from the usual presets or "Other…", and only the chosen kind reaches the
// challenge (before, "minutes each" and "days per move" silently overrode each other).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launch, newPage, register } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

async function postedChallenge(page, name) {
  await page.locator('#challenge-form').getByRole('button', { name: 'Post challenge' }).click();
  const shown = page.locator('#challenge-list li.challenge', { hasText: name });
  await shown.getByRole('button', { name: 'Cancel' }).waitFor();
  const { challenges } = await (await page.request.get('/api/challenges')).json();
  const posted = challenges.filter((c) => c.creator.name === name);
  assert.equal(posted.length, 1);
  return { text: await shown.textContent(), challenge: posted[0], shown };
}

test('the clock is chosen kind first, from presets or any value, and only that kind is sent', async () => {
  const name = `Cal-${Math.random().toString(36).slice(2, 8)}`;
  const page = await newPage(browser, { width: 1366, height: 800 });
  await register(page, name);
  await page.getByRole('button', { name: 'Post a challenge…' }).click();
  const form = page.locator('#challenge-form');
  const live = form.locator('[data-pace="live"]'),
    slow = form.locator('[data-pace="correspondence"]');
  // Live is the default, at 10+5; the other kind's settings are not shown.
  assert.equal(await form.getByRole('radio', { name: 'Live, on a clock' }).isChecked(), true);
  assert.equal(await form.locator('select[name="challenge-time"]').inputValue(), '10+5');
  assert.equal(await slow.isVisible(), false);
  assert.equal(await form.locator('input[name="challenge-minutes"]').isVisible(), false);

  await form.locator('select[name="challenge-time"]').selectOption('3+2');
  let posted = await postedChallenge(page, name);
  assert.match(posted.text, /3\+2/);
  assert.deepEqual(posted.challenge.clock, { initial_ms: 180000, increment_ms: 2000 });
  assert.equal(posted.challenge.days_per_move ?? null, null);
  await posted.shown.getByRole('button', { name: 'Cancel' }).click();
  await posted.shown.waitFor({ state: 'detached' });

  // Correspondence: the live settings go away; "Other…" opens a field for any value.
  await form.getByRole('radio', { name: 'Correspondence' }).check();
  assert.equal(await live.isVisible(), false);
  assert.equal(await form.locator('select[name="challenge-days-preset"]').inputValue(), '3');
  await form.locator('select[name="challenge-days-preset"]').selectOption('other');
  await form.locator('input[name="challenge-days"]').fill('5');
  posted = await postedChallenge(page, name);
  assert.match(posted.text, /5 days per move/);
  assert.equal(posted.challenge.days_per_move, 5);
  assert.equal(posted.challenge.clock ?? null, null, 'no clock beside the days');
  await posted.shown.getByRole('button', { name: 'Cancel' }).click();
  await posted.shown.waitFor({ state: 'detached' });

  // A live "Other…" with a bad value, then No clock: the hidden field blocks nothing.
  await form.getByRole('radio', { name: 'Live, on a clock' }).check();
  await form.locator('select[name="challenge-time"]').selectOption('other');
  await form.locator('input[name="challenge-minutes"]').fill('0');
  await form.getByRole('radio', { name: 'No clock' }).check();
  posted = await postedChallenge(page, name);
  assert.match(posted.text, /no clock/);
  await posted.shown.getByRole('button', { name: 'Cancel' }).click();
  assert.deepEqual(page.errors, []);
});

test("a player's page offers to challenge that player: the lobby's form opens addressed to them", async () => {
  const suffix = Math.random().toString(36).slice(2, 8);
  const [dee, eve] = [`Dee-${suffix}`, `Eve-${suffix}`];
  const deePage = await newPage(browser);
  const evePage = await newPage(browser, { width: 390, height: 844 });
  await register(deePage, dee);
  await register(evePage, eve);
  // Nobody is offered to challenge themselves.
  await evePage.goto(`/players/${encodeURIComponent(eve)}`);
  await evePage.getByRole('heading', { name: eve }).waitFor();
  assert.equal(await evePage.getByRole('link', { name: `Challenge ${eve}` }).isVisible(), false);

  await deePage.goto(`/players/${encodeURIComponent(eve)}`);
  await deePage.getByRole('link', { name: `Challenge ${eve}` }).click();
  const form = deePage.locator('#challenge-form');
  await form.waitFor();
  assert.equal(await form.locator('input[name="challenge-to"]').inputValue(), eve);
  await form.getByRole('radio', { name: 'No clock' }).check();
  const posted = await postedChallenge(deePage, dee);
  assert.equal(posted.challenge.to?.name, eve);
  // Eve's lobby shows it, addressed to her.
  await evePage.goto('/');
  await evePage
    .locator('#challenge-list li.challenge', { hasText: dee })
    .getByRole('button', { name: 'Accept' })
    .waitFor();
  await posted.shown.getByRole('button', { name: 'Cancel' }).click();
  assert.deepEqual([...deePage.errors, ...evePage.errors], []);
});
