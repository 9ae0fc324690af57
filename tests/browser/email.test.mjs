// Issue 59, e-mail: on a server given a relay (serve --smtp-url, here a real SMTP server on
// loopback), a player sets her address in Settings, verifies it with the link mailed to
// her, gets "your turn" by mail when her correspondence opponent moves, and stops the mail
// with the link in it, which Settings then shows off.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { asAccount, ratedLobbyGame } from './account-helpers.mjs';
import { launch } from './helpers.mjs';
import { OwnServer } from './own-server.mjs';
import { SmtpSink } from './smtp-sink.mjs';

let browser;
let sink;
let server;
let data;

function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

before(async () => {
  browser = await launch();
  sink = await SmtpSink.start();
  data = mkdtempSync(path.join(tmpdir(), 'ordo-email-'));
  const port = await freePort();
  const args = [
    '--smtp-url',
    sink.url,
    '--smtp-from',
    'games@ordo.example',
    '--public-url',
    `http://127.0.0.1:${port}`,
  ];
  server = await OwnServer.start(data, { port, args });
});
after(async () => {
  await browser?.close();
  await server?.stop();
  sink?.stop();
  if (data) rmSync(data, { recursive: true, force: true });
});

function linkIn(mail, start) {
  const found = new RegExp(`${start.replace(/[.?/]/g, '\\$&')}[#?=A-Za-z0-9_-]+`).exec(mail.body);
  assert.ok(found, mail.body);
  return found[0];
}

test('an address verified by its mailed link gets "your turn", and the link in that mail stops it', async () => {
  const { names, ann, bob, id } = await ratedLobbyGame(browser, { baseURL: server.url }, { days_per_move: 3 });
  const address = `ann-${Date.now()}@example.org`;
  await ann.goto('/settings');
  const email = ann.locator('section', { has: ann.getByRole('heading', { name: 'E-mail' }) });
  await email.getByLabel('Address').fill(address);
  await email.getByRole('button', { name: 'Save and send a link' }).click();
  await email.getByText(`${address} is not verified yet`).waitFor();

  const verification = await sink.mailTo(address);
  assert.equal(verification.subject, 'Verify your e-mail address for Ordo');
  assert.match(verification.body, new RegExp(`Hello ${names.ann}`));
  await ann.goto(linkIn(verification, `${server.url}/mail/verify#`));
  await ann.getByText(`${address} is verified.`).waitFor();
  await ann.goto('/settings');
  await email.getByText(`${address} is verified.`).waitFor();
  assert.equal(await email.getByLabel('E-mail me about my correspondence games').isChecked(), true);

  // Ann (White) moves; Bob answers from his phone: Ann's turn comes by mail.
  for (const page of [ann, bob]) {
    const state = await (await page.request.get(`/api/games/${id}`)).json();
    const played = await asAccount(page, 'POST', `/api/games/${id}/moves`, { move: state.legal[0] });
    assert.equal(played.status, 200, JSON.stringify(played.body));
  }
  const turn = await sink.mailTo(address, (m) => m.subject.startsWith('Your turn'));
  assert.equal(turn.subject, `Your turn against ${names.bob}`);
  assert.match(turn.body, new RegExp(`${server.url}/play/${id}`));
  assert.equal(turn.headers['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');

  await ann.goto(linkIn(turn, `${server.url}/mail/unsubscribe#`));
  await ann.getByRole('button', { name: 'Stop the mail' }).click();
  await ann.getByText(`Done: ${address} gets no more mail`).waitFor();
  await ann.goto('/settings');
  await email.getByText(`${address} is verified.`).waitFor();
  assert.equal(await email.getByLabel('E-mail me about my correspondence games').isChecked(), false);
  assert.deepEqual([...ann.errors, ...bob.errors], []);
});
