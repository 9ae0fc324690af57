// Page timings against a running server (not a test): median of N runs of
//   load    — opening /play/{id} until the board is drawn,
//   move    — clicking a destination until the board shows the new position,
//   relay   — the same click until the other seat's page shows the move.
// Usage: ORDO_URL=http://127.0.0.1:PORT node bench.mjs [RUNS]
import { performance } from 'node:perf_hooks';
import { clickSquare, createGame, launch, newPage, waitForPly } from './helpers.mjs';

const runs = Number(process.argv[2] ?? 15);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const browser = await launch();
const timings = { load: [], move: [], relay: [] };

for (let i = 0; i < runs; i++) {
  const created = await createGame({ mode: 'network' });
  const white = await newPage(browser);
  const black = await newPage(browser);
  let start = performance.now();
  await white.goto(created.links.white);
  await waitForPly(white, 0);
  timings.load.push(performance.now() - start);
  await black.goto(created.links.black);
  await waitForPly(black, 0);
  await clickSquare(white, 'c2');
  start = performance.now();
  await clickSquare(white, 'c3');
  await waitForPly(white, 1);
  timings.move.push(performance.now() - start);
  await waitForPly(black, 1);
  timings.relay.push(performance.now() - start);
  await white.context().close();
  await black.context().close();
}
await browser.close();
for (const [name, values] of Object.entries(timings)) {
  console.log(
    `${name.padEnd(6)} median ${median(values).toFixed(1)} ms  (min ${Math.min(...values).toFixed(1)}, max ${Math.max(...values).toFixed(1)}, ${values.length} runs)`,
  );
}
