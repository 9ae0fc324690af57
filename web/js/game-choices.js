// The per-game choices of a form (the start page's new game, the lobby's challenge), made
// from GET /api/game-types so that the page names no game: one radio per game in the
// form's [data-choices=game] fieldset; the chosen game's rule sets (with what sets each
// apart), board sizes, house rules (ours, shown as such) and a link to its rules in the
// [data-choices=rules] fieldset; and its sides' names wherever the form shows a side
// ([data-side], [data-first] adding "you move first").
import { gameType, gameTypes } from './game-types.js';

const sizeText = (size) => size.replace('x', ' × ');

function radio(name, value, text, checked) {
  const label = document.createElement('label');
  const input = document.createElement('input');
  input.type = 'radio';
  input.name = name;
  input.value = value;
  input.checked = checked;
  label.append(input, ` ${text}`);
  return label;
}

function paragraph(text, className = 'muted') {
  const p = document.createElement('p');
  p.className = className;
  p.textContent = text;
  return p;
}

export class GameChoices {
  /**
   * `names`: the form's field names for the game, rule set and size ({ game, rules, size });
   * `onGame(type)` runs whenever another game is chosen (and once at the start).
   */
  constructor(form, names, onGame = () => {}) {
    this.form = form;
    this.names = names;
    this.onGame = onGame;
    this.gameSet = form.querySelector('fieldset[data-choices=game]');
    this.rulesSet = form.querySelector('fieldset[data-choices=rules]');
    const types = gameTypes();
    if (!types.length) {
      this.gameSet.append(paragraph('The games could not be loaded; reload the page.', 'error'));
      return;
    }
    types.forEach((type, i) => this.gameSet.append(radio(names.game, type.name, type.title, i === 0)));
    form.addEventListener('change', (event) => {
      if (event.target.name === names.game) this.showGame();
      else if (event.target.name === names.rules) this.showHouseRules();
    });
    this.showGame();
  }

  /** The chosen game's entry of /api/game-types (null if none could be loaded). */
  get type() {
    return gameType(this.form.querySelector(`input[name="${this.names.game}"]:checked`)?.value);
  }

  /**
   * { game, rules, size } as chosen, with match_to where a match is chosen; size is the
   * game's only one where it has one.
   */
  values() {
    const type = this.type;
    const checked = (name) => this.form.querySelector(`input[name="${name}"]:checked`)?.value;
    const size = this.form.querySelector(`select[name="${this.names.size}"]`)?.value ?? type?.sizes[0];
    const values = { game: type?.name, rules: checked(this.names.rules), size };
    const match = this.names.match && this.form.querySelector(`select[name="${this.names.match}"]`)?.value;
    if (match) values.match_to = Number(match);
    return values;
  }

  showGame() {
    const type = this.type;
    const legend = this.rulesSet.querySelector('legend');
    this.rulesSet.replaceChildren(legend);
    type.rule_sets.forEach((set, i) =>
      this.rulesSet.append(
        radio(this.names.rules, set.name, set.note ? `${set.title}: ${set.note}` : set.title, i === 0),
      ),
    );
    if (type.sizes.length > 1) {
      const label = document.createElement('label');
      const select = document.createElement('select');
      select.name = this.names.size;
      type.sizes.forEach((size, i) =>
        select.add(new Option(i === 0 ? `${sizeText(size)} (standard)` : sizeText(size), size)),
      );
      label.append('Board ', select);
      this.rulesSet.append(label);
    }
    this.showMatchChoice(type);
    const about = paragraph(
      `${type.sizes.length > 1 ? '' : `A ${sizeText(type.sizes[0])} board. `}${type.sides.white} moves first. `,
    );
    const link = document.createElement('a');
    link.href = `/rules#${encodeURIComponent(type.name)}`;
    link.textContent = `The rules of ${type.title}`;
    about.append(link);
    this.houseRules = document.createElement('div');
    this.houseRules.className = 'house-rules muted';
    this.rulesSet.append(this.houseRules, about);
    this.showHouseRules();
    for (const node of this.form.querySelectorAll('[data-side]'))
      node.textContent = type.sides[node.dataset.side] + (node.dataset.first ? ' (you move first)' : '');
    this.onGame(type);
  }

  /**
   * For a game played in matches to a score (and a form that offers them: `names.match`):
   * a single game or a match, the game's own length chosen first.
   */
  showMatchChoice(type) {
    if (!this.names.match || !type.match_target) return;
    const label = document.createElement('label');
    const select = document.createElement('select');
    select.name = this.names.match;
    select.add(new Option('a single game', ''));
    const lengths = [...new Set([3, 5, 7, 11, 15, 21, type.match_target])].sort((a, b) => a - b);
    for (const points of lengths)
      select.add(
        new Option(
          `a match to ${points} points${points === type.match_target ? ' (the game’s own)' : ''}`,
          String(points),
          points === type.match_target,
          points === type.match_target,
        ),
      );
    label.append('Play ', select);
    this.rulesSet.append(label);
  }

  /** The house rules in force under the chosen rule set, each marked as ours. */
  showHouseRules() {
    const rules = this.type.rule_sets.find((set) => set.name === this.values().rules)?.house_rules ?? [];
    this.houseRules.replaceChildren();
    if (!rules.length) return;
    const list = document.createElement('ul');
    for (const rule of rules) list.append(Object.assign(document.createElement('li'), { textContent: rule }));
    this.houseRules.append(paragraph('House rules (ours, not the game’s):', ''), list);
  }
}
