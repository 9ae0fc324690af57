// Tells a signed-in player of her correspondence games' news on whatever page is open,
// from the account's stream (account-events.js): her turn came, a game ended, her time for
// a move is running out (a quarter of it left). Live games need none of this: their
// player is on the game's page. A game's own page tells nothing of itself. Each piece of
// news is told once per browser (told-once.js), so that another tab or the next page does
// not tell it again; a page's first list tells what changed in the last minute (it
// happened while the player went from page to page).
import { onMyGames } from './account-events.js';
import { noticeLink } from './notices.js';
import { ToldOnce } from './told-once.js';
import { outcomeText } from './my-games.js';
import { formatClock } from './clock.js';

const DAY_MS = 24 * 3600 * 1000;
const LONGEST_TIMER_MS = 2 ** 31 - 1;
const RECENT_MS = 60 * 1000;
const toldTimeRunningOut = new ToldOnce('ordo-told-time-running-out');
const toldNews = new ToldOnce('ordo-told-game-news');

function opponentOf(game) {
  return game.players[game.you === 'white' ? 'black' : 'white'].name;
}

function gameHref(game) {
  return `/play/${encodeURIComponent(game.id)}`;
}

function onItsPage(game) {
  return window.location.pathname === gameHref(game);
}

/** When a quarter of the turn's time is left. */
function warnAt(game) {
  return game.deadline_ms - (game.days_per_move * DAY_MS) / 4;
}

export class GameNotices {
  constructor(notices) {
    this.notices = notices;
    this.previous = null; // id -> the game as last listed
    this.timers = [];
  }

  /** Follows the account's games; returns an unsubscribe. */
  follow() {
    const stop = onMyGames((mine) => this.changed(mine));
    return () => {
      stop();
      this.clearTimers();
    };
  }

  changed(mine) {
    const ongoing = new Map(mine.games.map((game) => [game.id, game]));
    // What is news: a change since the last list, or at first one of the last minute.
    const isNew = (game, changedSinceLast) =>
      this.previous ? changedSinceLast : Date.now() - game.updated <= RECENT_MS;
    for (const game of mine.games) {
      const before = this.previous?.get(game.id);
      const cameNow = !before || !before.your_turn || before.plies !== game.plies;
      if (!game.days_per_move || !game.your_turn || game.plies === 0 || onItsPage(game)) continue;
      if (isNew(game, cameNow) && toldNews.first(`turn:${game.id}:${game.plies}`)) this.yourTurn(game);
    }
    for (const game of mine.finished ?? []) {
      if (!game.days_per_move || onItsPage(game)) continue;
      if (isNew(game, Boolean(this.previous?.has(game.id))) && toldNews.first(`end:${game.id}`)) this.ended(game);
    }
    this.previous = ongoing;
    this.watchDeadlines(mine.games);
  }

  yourTurn(game) {
    const opponent = opponentOf(game);
    this.notices.show([`Your turn against ${opponent}. `, noticeLink(gameHref(game), 'Open the game')], {
      title: 'Your turn',
      body: `${opponent} has moved.`,
      href: gameHref(game),
      tag: `turn-${game.id}`,
    });
  }

  ended(game) {
    const opponent = opponentOf(game);
    const how = outcomeText(game);
    this.notices.show([`Your game against ${opponent} is over: ${how}. `, noticeLink(gameHref(game), 'See it')], {
      title: 'Game over',
      body: `Against ${opponent}: ${how}.`,
      href: gameHref(game),
      tag: `end-${game.id}`,
    });
  }

  timeRunningOut(game) {
    if (!toldTimeRunningOut.first(`${game.id}:${game.plies}`)) return;
    const left = formatClock(game.deadline_ms - Date.now(), true);
    const opponent = opponentOf(game);
    this.notices.show(
      [
        `Your time is running out against ${opponent}: ${left} left to move. `,
        noticeLink(gameHref(game), 'Open the game'),
      ],
      {
        title: 'Your time is running out',
        body: `Against ${opponent}: ${left} left.`,
        href: gameHref(game),
        tag: `time-${game.id}`,
      },
    );
  }

  watchDeadlines(games) {
    this.clearTimers();
    const now = Date.now();
    for (const game of games) {
      if (!game.your_turn || !game.days_per_move || !game.deadline_ms || game.deadline_ms <= now) continue;
      if (onItsPage(game)) continue;
      const wait = warnAt(game) - now;
      if (wait <= 0) this.timeRunningOut(game);
      else if (wait <= LONGEST_TIMER_MS) this.timers.push(setTimeout(() => this.timeRunningOut(game), wait));
    }
  }

  clearTimers() {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
  }
}
