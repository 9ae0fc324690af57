// A server too busy with expensive work answers 503 busy with Retry-After and does none of
// the request (docs/api.md, "Limits"); the page asks again by itself when told, a few
// times, and shows the refusal only if the server stays busy.
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

const busy = {
  status: 503,
  headers: { 'Retry-After': '1', 'Content-Type': 'application/json' },
  body: JSON.stringify({ error: 'the server has too many log-ins and registrations waiting', code: 'busy' }),
};

test('a registration refused as busy is asked again after Retry-After, and goes through', async () => {
  const page = await newPage(browser);
  const asked = [];
  await page.route('**/api/accounts', async (route) => {
    asked.push(Date.now());
    if (asked.length <= 2) await route.fulfill(busy);
    else await route.continue();
  });
  const name = `Büsy ${Date.now() % 100000}`;
  await register(page, name);
  assert.equal(asked.length, 3);
  // Each time after the second the server asked for.
  assert.ok(asked[1] - asked[0] >= 900 && asked[2] - asked[1] >= 900, asked.join(' '));
  assert.deepEqual(page.errors, []);
});

test('a server that stays busy: the page gives up after a few tries and shows why', async () => {
  const page = await newPage(browser);
  let asked = 0;
  await page.route('**/api/accounts', async (route) => {
    asked += 1;
    await route.fulfill(busy);
  });
  await assert.rejects(register(page, `Never ${Date.now() % 100000}`), /too many log-ins and registrations/);
  assert.equal(asked, 4); // the first try and three more
  assert.deepEqual(page.errors, []);
});
