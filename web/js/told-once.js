// What this browser has already told the player (a challenge taken, a turn, a game's end),
// so that a notice shows once however many pages or reloads follow: the latest keys in
// localStorage, the oldest forgotten.
const KEPT = 200;

export class ToldOnce {
  constructor(storageKey) {
    this.storageKey = storageKey;
  }

  keys() {
    try {
      const keys = JSON.parse(localStorage.getItem(this.storageKey) ?? '[]');
      return Array.isArray(keys) ? keys : [];
    } catch {
      return [];
    }
  }

  has(key) {
    return this.keys().includes(key);
  }

  /** True the first time `key` is asked about (and remembers it), false after. */
  first(key) {
    const keys = this.keys();
    if (keys.includes(key)) return false;
    localStorage.setItem(this.storageKey, JSON.stringify([key, ...keys].slice(0, KEPT)));
    return true;
  }
}
