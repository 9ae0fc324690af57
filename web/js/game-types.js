// What the server says about each game (GET /api/game-types): its rule sets and their
// titles, board sizes, sides, pieces, how a move is made and whether it has draws. The
// page names no game itself; it asks here.
import { api } from './api.js';

let types = [];

/** Loads the list once, before any page is shown (main.js). */
export async function loadGameTypes() {
  try {
    types = (await api.gameTypes()).games;
  } catch {
    types = []; // labels then fall back to the plain names
  }
}

export function gameTypes() {
  return types;
}

export function gameType(name) {
  return types.find((type) => type.name === name) ?? null;
}

/** The game's own name of a seat ("white" → "Order" in Order and Chaos), lower case. */
export function seatLabel(game, seat) {
  return (gameType(game)?.sides?.[seat] ?? seat).toLowerCase();
}

/** "Classic 10x8", "Ordo X 8x8", "Order and Chaos (exact five) 6x6". */
export function gameLabel(game, rules, size) {
  const type = gameType(game);
  const ruleSet = type?.rule_sets.find((set) => set.name === rules);
  return `${ruleSet?.title ?? `${game} ${rules}`} ${size}`;
}
