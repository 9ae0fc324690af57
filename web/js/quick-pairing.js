// Quick pairing in the lobby (docs/api.md, "Quick pairing"): a grid of common time
// controls; a click pairs the player with someone of the same game and clock within the
// chosen rating range, or leaves a quick challenge in the lobby list until someone fits.
import { api } from './api.js';
import { gameLabel, gameTypes } from './game-types.js';

// Minutes each + seconds added per move, as lobbies of board games offer them.
const kTimeControls = [
  [1, 0],
  [3, 0],
  [3, 2],
  [5, 0],
  [5, 3],
  [10, 0],
  [10, 5],
  [15, 10],
  [30, 0],
];

export class QuickPairing {
  /**
   * `onWaiting(posted)`: a quick challenge was posted ({challenge, token});
   * `onPaired(seat)`: a game was made ({game, color, token, link}).
   */
  constructor(root, { run, onWaiting, onPaired }) {
    this.root = root;
    this.status = root.querySelector('.quick-status');
    const games = root.querySelector('select[name="quick-game"]');
    for (const type of gameTypes())
      for (const rules of type.rule_sets) {
        const option = document.createElement('option');
        option.value = JSON.stringify({ game: type.name, rules: rules.name, size: type.sizes[0] });
        option.textContent = `${type.title}: ${gameLabel(type.name, rules.name, type.sizes[0])}`;
        games.append(option);
      }
    const grid = root.querySelector('.quick-grid');
    for (const [minutes, increment] of kTimeControls) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = `${minutes}+${increment}`;
      button.addEventListener('click', () =>
        run(async () => {
          const request = this.request(minutes, increment);
          const answer = await api.quickPairing(request);
          if (answer.paired) return onPaired(answer);
          this.status.textContent = `Waiting for an opponent: ${minutes}+${increment}, ${
            request.range ? `rated within ${request.range}` : 'anyone'
          }. Your quick challenge is in the list below; cancel it there.`;
          return onWaiting(answer);
        }),
      );
      grid.append(button);
    }
  }

  request(minutes, increment) {
    const game = JSON.parse(this.root.querySelector('select[name="quick-game"]').value);
    const range = this.root.querySelector('select[name="quick-range"]').value;
    return {
      ...game,
      rated: this.root.querySelector('input[name="quick-rated"]').checked,
      range: range ? Number(range) : null,
      clock: { initial_ms: minutes * 60000, increment_ms: increment * 1000 },
    };
  }

  show(visible) {
    this.root.hidden = !visible;
    if (!visible) this.status.textContent = '';
  }
}
