// The chat of a network game in two browser contexts: a message reaches the other player
// live with the time it was sent, markup in it is shown as text (no element is made, no
// script runs), the mute switch hides the opponent's messages but not one's own box, and a
// refusal for writing too fast is told under the chat, counting down (issue 59).
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

  // Each message says when it was sent: a machine-readable time, shown as hours and minutes.
  const sent = Date.parse(await received.locator('xpath=..').locator('time').getAttribute('datetime'));
  assert.ok(Math.abs(Date.now() - sent) < 60_000, `sent at ${new Date(sent).toISOString()}`);
  assert.match(await received.locator('xpath=..').locator('time').innerText(), /\d{1,2}[:.]\d{2}/);

  // Muted: the opponent's messages are hidden; one's own box and messages stay.
  await ann.getByLabel('Mute chat').check();
  assert.equal(await ann.getByRole('textbox', { name: 'Message' }).isVisible(), true);
  assert.deepEqual(await ann.locator('.chat-messages .chat-text').allTextContents(), [markup]);
  await bob.getByRole('textbox', { name: 'Message' }).fill('are you there?');
  await bob.getByRole('textbox', { name: 'Message' }).press('Enter');
  await bob.locator('.chat-messages .chat-text', { hasText: 'are you there?' }).waitFor();
  await ann.getByRole('textbox', { name: 'Message' }).fill('still here');
  await ann.getByRole('textbox', { name: 'Message' }).press('Enter');
  // Ann's answer carries Bob's message too (it was sent first); muted, it stays hidden.
  await ann.locator('.chat-messages .chat-text', { hasText: 'still here' }).waitFor();
  assert.deepEqual(await ann.locator('.chat-messages .chat-text').allTextContents(), [markup, 'still here']);
  await ann.reload();
  await waitForPly(ann, 0);
  assert.equal(await ann.getByLabel('Mute chat').isChecked(), true, 'the switch is remembered');
  await ann.getByLabel('Mute chat').uncheck();
  assert.equal(await ann.locator('.chat-messages .chat-text').count(), 4);

  // A spectator sees no messages until both players allow it.
  const watcher = await newPage(browser);
  await watcher.goto(created.links.spectator);
  await waitForPly(watcher, 0);
  assert.equal(await watcher.locator('.chat-messages .chat-text').count(), 0);
  assert.deepEqual([...ann.errors, ...bob.errors, ...watcher.errors], []);
});

test('writing too fast is told under the chat, the wait counts down, and then the box sends again', async () => {
  const created = await createGame({ mode: 'network', players: { white: 'Ann', black: 'Bob' } });
  const ann = await newPage(browser, { width: 390, height: 844 });
  await ann.goto(created.links.white);
  await waitForPly(ann, 0);
  const box = ann.getByRole('textbox', { name: 'Message' });
  for (let i = 1; i <= 5; i += 1) {
    await box.fill(`message ${i}`);
    await box.press('Enter');
    await ann.locator('.chat-messages .chat-text', { hasText: `message ${i}` }).waitFor();
  }
  await box.fill('one too many');
  await box.press('Enter');
  const error = ann.locator('.chat .chat-error');
  await error.filter({ hasText: /Too many messages: you may write again in \d+ s\./ }).waitFor();
  assert.equal(await ann.locator('#error').isVisible(), false, 'not in the move box, far from the chat');
  assert.equal(await ann.getByRole('button', { name: 'Send' }).isDisabled(), true);
  assert.equal(await box.inputValue(), 'one too many', 'the text is kept');
  const seconds = (text) => Number(/in (\d+) s/.exec(text)?.[1]);
  const first = seconds(await error.innerText());
  await ann.waitForFunction(
    (start) => Number(/in (\d+) s/.exec(document.querySelector('.chat .chat-error').textContent)?.[1]) < start,
    first,
  );
  // The wait ends by itself: the line clears and the kept text goes.
  await ann.getByRole('button', { name: 'Send' }).and(ann.locator(':enabled')).waitFor({ timeout: 15_000 });
  assert.equal(await error.innerText(), '');
  await ann.getByRole('button', { name: 'Send' }).click();
  await ann.locator('.chat-messages .chat-text', { hasText: 'one too many' }).waitFor();
  assert.deepEqual(ann.errors, []);
});
