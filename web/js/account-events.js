// The signed-in account's stream (GET /api/account/events), opened once per page: its
// challenges as they close and its games as My games lists them, pushed whenever one
// changes. The badge, the My games page and the notices listen here; nothing polls.
import { api } from './api.js';

const gamesListeners = new Set();
const closedListeners = new Set();
let source = null;
let followed = null;
let latestGames = null;

/**
 * `listener(myGames)` on every new list, and soon with the latest if there is one (after
 * the caller has put its elements on the page); returns an unsubscribe.
 */
export function onMyGames(listener) {
  gamesListeners.add(listener);
  setTimeout(() => {
    if (latestGames && gamesListeners.has(listener)) listener(latestGames);
  }, 0);
  return () => gamesListeners.delete(listener);
}

/** `listener(challenges)` with the account's challenges closed lately, as they close. */
export function onClosedChallenges(listener) {
  closedListeners.add(listener);
  return () => closedListeners.delete(listener);
}

/** Follows `account` (null: signed out, nothing to follow). */
export function followAccountEvents(account) {
  if (account?.id === followed?.id) return;
  source?.close();
  source = null;
  latestGames = null;
  followed = account;
  if (!account) return;
  source = new EventSource(api.accountEventsUrl());
  source.addEventListener('state', (event) => {
    const change = JSON.parse(event.data);
    if (change.closed?.length) for (const listener of closedListeners) listener(change.closed);
    if (change.my_games) {
      latestGames = change.my_games;
      for (const listener of gamesListeners) listener(latestGames);
    }
  });
}
