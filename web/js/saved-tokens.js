// Seat tokens of games created in this browser, so that the list of this browser's games can
// reopen them as a player. Kept in localStorage only; losing them just makes one a spectator.
const KEY = 'ordo-seat-tokens';

function load() {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? '{}');
  } catch {
    return {};
  }
}

export function rememberToken(id, seat, token) {
  const all = load();
  all[id] = { ...(all[id] ?? {}), [seat]: token };
  try {
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // Storage full or disabled: the game still works through its link.
  }
}

export function savedToken(id) {
  const seats = load()[id];
  return seats ? (seats.white ?? seats.black ?? null) : null;
}

/** The game's page: as a player where this browser keeps a seat's token, else as a spectator. */
export function playHref(id) {
  const token = savedToken(id);
  return `/play/${encodeURIComponent(id)}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
}

/** The ids of the games this browser holds a seat of, the most recently remembered `limit`. */
export function savedGameIds(limit = 100) {
  return Object.keys(load()).slice(-limit);
}
