// Routes on the path: `/` the start page, `/play/{id}` the board, `/rules` the rules,
// `/facts` the game facts, `/settings` the account's settings, `/mail/…` the mail's links.
import { showStartPage } from './start-page.js';
import { showGamePage } from './game-page.js';
import { showRulesPage } from './rules-page.js';
import { showFactsPage } from './facts-page.js';
import { showAccountBar } from './account.js';
import { showMyGamesPage } from './my-games.js';
import { showPlayerPage, showRatingsPage } from './player-page.js';
import { loadGameTypes } from './game-types.js';
import { showSettingsPage } from './settings-page.js';
import { startTheme } from './theme.js';
import { showMailLinkPage } from './mail-link-page.js';

startTheme();
const app = document.getElementById('app');
showAccountBar(document.getElementById('account-bar'));
await loadGameTypes();
const path = window.location.pathname;
const play = /^\/play\/([^/]+)\/?$/.exec(path);
const player = /^\/players\/([^/]+)\/?$/.exec(path);

if (play) {
  const token = new URLSearchParams(window.location.search).get('token');
  showGamePage(app, decodeURIComponent(play[1]), token);
} else if (player) {
  showPlayerPage(app, decodeURIComponent(player[1]));
} else if (path === '/ratings' || path === '/ratings/') {
  showRatingsPage(app);
} else if (path === '/my' || path === '/my/') {
  showMyGamesPage(app);
} else if (path === '/rules' || path === '/rules/') {
  showRulesPage(app);
} else if (path === '/facts' || path === '/facts/') {
  showFactsPage(app);
} else if (path === '/settings' || path === '/settings/') {
  showSettingsPage(app);
} else if (path === '/mail/verify' || path === '/mail/unsubscribe') {
  showMailLinkPage(app, path.slice('/mail/'.length));
} else {
  showStartPage(app);
}
