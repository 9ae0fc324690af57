// The chat of a network game in two browser contexts: a message reaches the other player
// live, markup in it is shown as text (no element is made, no script runs), and the mute
// switch hides the chat.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createGame, launch, newPage, waitForPly } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('two players chat, and markup in a message stays text', async () => {
  const created = await createGame({ mode: 'network', players: { white: 'Ann', black: 'Bob' } });
  const ann = await newPage(browser, { width: 1280, height: 800 });
  const bob = await newPage(browser, { width: 390, height: 844 });
  await ann.goto(created.links.white);
  await bob.goto(created.links.black);
  await waitForPly(ann, 0);
  await waitForPly(bob, 0);

  const markup = '<img src=x onerror="window.pwned=1"><b>bold</b> & <script>window.pwned=2</script>';
  await ann.getByRole('textbox', { name: 'Message' }).fill(markup);
  await ann.getByRole('button', { name: 'Send' }).click();
  const received = bob.locator('.chat-messages .chat-text').first();
  await received.waitFor();
  assert.equal(await received.textContent(), markup);
  assert.equal(await bob.locator('.chat-messages img, .chat-messages b, .chat-messages script').count(), 0);
  assert.equal(await bob.evaluate(() => window.pwned), undefined);
  assert.equal(await ann.evaluate(() => window.pwned), undefined);
  assert.equal(await bob.locator('.chat-messages .chat-name').first().textContent(), 'Ann: ');

  await bob.getByRole('textbox', { name: 'Message' }).fill('good luck');
  await bob.getByRole('textbox', { name: 'Message' }).press('Enter');
  await ann.locator('.chat-messages .chat-text', { hasText: 'good luck' }).waitFor();
  // The stream may show the message before the POST's answer (which clears the box) arrives.
  await bob.waitForFunction(() => document.querySelector('.chat-form input').value === '');

  // Muted: the messages and the box are hidden; unmuted, they are back.
  await ann.getByLabel('Mute chat').check();
  assert.equal(await ann.locator('.chat-messages').isVisible(), false);
  assert.equal(await ann.locator('.chat-form').isVisible(), false);
  await ann.reload();
  await waitForPly(ann, 0);
  assert.equal(await ann.getByLabel('Mute chat').isChecked(), true, 'the switch is remembered');
  await ann.getByLabel('Mute chat').uncheck();
  assert.equal(await ann.locator('.chat-messages .chat-text').count(), 2);

  // A spectator sees no messages until both players allow it.
  const watcher = await newPage(browser);
  await watcher.goto(created.links.spectator);
  await waitForPly(watcher, 0);
  assert.equal(await watcher.locator('.chat-messages .chat-text').count(), 0);
  assert.deepEqual([...ann.errors, ...bob.errors, ...watcher.errors], []);
});
