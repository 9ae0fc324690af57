// The "Game facts" page (/facts): it shows, for every study, the first player's score and
// the number of games that the merged study file holds (research/facts/merged/), through
// the facts JSON that the server embeds; every plot loads; no serious accessibility
// violation and no sideways scrolling of the page at laptop and phone widths. Screenshots
// for docs/screenshots/.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { launch, newPage } from './helpers.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');
const AXE = path.join(HERE, 'node_modules/axe-core/axe.min.js');
const OUT = process.env.SCREENSHOT_DIR ?? path.join(ROOT, 'docs/screenshots');
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

const percent = (share) => `${(share * 100).toFixed(1)}%`;
const merged = (id) => JSON.parse(readFileSync(path.join(ROOT, 'research/facts/merged', `${id}.json`), 'utf8'));

let browser;
before(async () => {
  mkdirSync(OUT, { recursive: true });
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

async function openFacts(viewport) {
  // axe-core is injected as a script tag, which the page's Content-Security-Policy refuses
  // (as it should any script the page did not load itself): the audit's page bypasses it.
  const page = await newPage(browser, viewport, { bypassCSP: true });
  // Reached from every page's main navigation (issue 59), not only from the rules.
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Game facts' }).click();
  await page.waitForURL('**/facts');
  await page.locator('.facts-setup').first().waitFor();
  return page;
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  describe(`game facts at ${name} width`, () => {
    test('every study shows its score and game count from the embedded facts', async () => {
      const page = await openFacts(viewport);
      const response = await page.request.get('/static/facts/facts.json');
      assert.equal(response.status(), 200);
      const facts = await response.json();
      // The server embeds the file that research/facts/run-studies wrote.
      assert.deepEqual(facts, JSON.parse(readFileSync(path.join(ROOT, 'web/facts/facts.json'), 'utf8')));
      assert.equal(facts.setups.length, 8);
      let studies = 0;
      for (const setup of facts.setups) {
        await page.locator(`section[data-setup="${setup.id}"] h2`).waitFor();
        for (const study of setup.studies) {
          studies += 1;
          const summary = merged(study.id).summary;
          assert.equal(study.games, summary.games);
          const row = page.locator(`tr[data-study="${study.id}"]`);
          assert.equal(await row.locator('.facts-games').textContent(), summary.games.toLocaleString('en-US'));
          const score = summary.outcomes.first_player_score;
          assert.equal(
            await row.locator('.facts-score').textContent(),
            `${percent(score.value)} (${percent(score.low)}–${percent(score.high)})`,
          );
          const incomplete = await row.locator('.facts-incomplete').count();
          assert.equal(incomplete, study.complete ? 0 : 1, `${study.id}: marked as not complete`);
          // The verdict in words: the score, its range, and whether 50% lies inside it.
          const verdict = await page
            .locator(`section[data-setup="${setup.id}"] .facts-verdicts li`)
            .nth(setup.studies.indexOf(study))
            .innerText();
          assert.ok(verdict.includes(`scored ${percent(score.value)} of the points`), verdict);
          assert.ok(verdict.includes(`(${percent(score.low)}–${percent(score.high)})`), verdict);
          const inside = score.low <= 0.5 && score.high >= 0.5;
          assert.match(
            verdict,
            inside ? /neither side is measurably favoured.*includes 50%/ : /is favoured.*lies wholly/,
          );
        }
      }
      // Matches to a score (Mughrabieh): the first side's match wins and games a match.
      let matchStudies = 0;
      for (const setup of facts.setups) {
        for (const study of setup.match_studies) {
          matchStudies += 1;
          const matches = merged(study.id).summary.matches;
          const row = page.locator(`tr[data-study="${study.id}"]`);
          const w = matches.first_wins;
          assert.equal(
            await row.locator('.facts-score').textContent(),
            `${percent(w.share)} (${percent(w.low)}–${percent(w.high)})`,
          );
          assert.equal(await row.locator('.facts-games').textContent(), matches.matches.toLocaleString('en-US'));
          assert.equal(await row.locator('.facts-incomplete').count(), study.complete ? 0 : 1);
          const verdict = await page
            .locator(`section[data-setup="${setup.id}"] .facts-verdicts li`)
            .nth(setup.studies.length + setup.match_studies.indexOf(study))
            .innerText();
          assert.ok(verdict.startsWith(`Matches to ${study.match.to}`), verdict);
          assert.ok(verdict.includes(`won ${percent(w.share)} of them`), verdict);
        }
      }
      assert.ok(matchStudies >= 2, 'matches to 31 under both rule sets of Mughrabieh');
      // What is known of perfect play stands beside the figures where the facts say it.
      const theories = facts.setups.filter((setup) => setup.theory);
      assert.ok(theories.length >= 2, 'both rule sets of Order and Chaos');
      for (const setup of theories) {
        assert.equal(await page.locator(`section[data-setup="${setup.id}"] .facts-theory`).textContent(), setup.theory);
      }
      assert.equal(await page.getByText(/shards?/).count(), 0, 'no jargon of the tools');
      assert.ok(studies >= 8, 'a study for each rule set and size');
      assert.deepEqual(page.errors, []);
      await page.context().close();
    });

    test('every plot loads', async () => {
      const page = await openFacts(viewport);
      const images = page.locator('.facts-plot img');
      const n = await images.count();
      assert.ok(n >= 18, `at least three plots for each rule set and size, found ${n}`);
      for (let i = 0; i < n; i++) {
        const image = images.nth(i);
        await image.scrollIntoViewIfNeeded();
        await page.waitForFunction((img) => img.complete, await image.elementHandle());
        const width = await image.evaluate((img) => img.naturalWidth);
        assert.ok(width > 0, `${await image.getAttribute('src')} did not load`);
        // Never drawn below its own size: its smallest labels (10 px) stay 10 px on a phone.
        const shown = await image.evaluate((img) => img.getBoundingClientRect().width);
        assert.ok(shown >= width, `${await image.getAttribute('src')} drawn ${shown} px wide, under its ${width}`);
      }
      await page.context().close();
    });

    test('accessible, no sideways scrolling, and a screenshot', async () => {
      const page = await openFacts(viewport);
      await page.addScriptTag({ path: AXE });
      const violations = (await page.evaluate(async () => (await window.axe.run(document)).violations))
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map(
          (v) =>
            `${v.id}: ${v.help} — ${v.nodes
              .slice(0, 3)
              .map((n) => n.target.join(' '))
              .join(', ')}`,
        );
      assert.deepEqual(violations, []);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px`);
      await page.screenshot({ path: path.join(OUT, `facts-${name}.png`) });
      await page.context().close();
    });
  });
}
