// The analysis toggle: asks the server (POST /api/games/{id}/analyze) about the shown
// position and shows its evaluation and best line. The server decides who may see it
// (never a player of a live network game; spectators only if both players allow it);
// the page hides the toggle where the state says no. Answers for positions no longer
// shown are dropped.
import { api } from './api.js';

export class AnalysisView {
  /** `root` holds the toggle, the output, the note and the spectators' switch. */
  constructor(root, { id, token }) {
    this.root = root;
    this.toggle = root.querySelector('#analysis-toggle');
    this.output = root.querySelector('#analysis-output');
    this.consent = root.querySelector('#spectator-analysis');
    this.id = id;
    this.token = token;
    this.query = null;
    this.asked = 0;
    this.allowed = false;
    this.toggle.addEventListener('change', () => this.refresh());
    this.consent.addEventListener('change', () => this.sendConsent());
  }

  /** The game's state and the shown ply: whether analysis is allowed, and of what. */
  show(state, ply, position) {
    const allowed = Boolean(state.analysis?.allowed);
    this.sides = state.sides;
    // The engine's score as the game reads it (Ordo: pieces; Mughrabieh: equity).
    this.score = state.about?.score ?? { name: 'Evaluation', scale: 100 };
    const seat = state.you.length === 1 ? state.you[0] : null;
    const live = state.result.score === '*';
    this.root.querySelector('.analysis-controls').hidden = !allowed;
    this.root.querySelector('.analysis-off').hidden = allowed;
    this.root.querySelector('.spectator-consent').hidden = !(state.mode === 'network' && seat && live);
    if (seat) this.consent.checked = Boolean(state.analysis?.spectators?.[seat]);
    const changed = allowed !== this.allowed || this.query?.position !== position;
    this.allowed = allowed;
    this.query = { ply, position };
    if (changed) this.refresh();
  }

  async sendConsent() {
    try {
      await api.act(this.id, 'spectator-analysis', { token: this.token, allow: this.consent.checked });
    } catch (error) {
      this.consent.checked = !this.consent.checked;
      this.output.hidden = false;
      this.output.textContent = `The switch was not changed: ${error.message}`;
    }
  }

  async refresh() {
    const on = this.allowed && this.toggle.checked;
    this.output.hidden = !on;
    const ticket = ++this.asked;
    if (!on || !this.query) return;
    this.output.textContent = 'Analysing…';
    this.output.classList.add('pending');
    try {
      const answer = await api.act(this.id, 'analyze', { token: this.token, ply: this.query.ply, movetime_ms: 1000 });
      if (ticket !== this.asked) return;
      this.output.replaceChildren(...this.describe(answer));
    } catch (error) {
      if (ticket !== this.asked) return;
      this.output.textContent = `No analysis: ${error.message}`;
    } finally {
      if (ticket === this.asked) this.output.classList.remove('pending');
    }
  }

  describe(answer) {
    // The server says whose turn it is in the analysed position; the first side's view.
    const side = answer.to_move;
    const sides = this.sides;
    const first = side === 'white' ? 1 : -1;
    let value;
    if (answer.mate !== null && answer.mate !== undefined) {
      const winner = answer.mate > 0 === (side === 'white') ? sides.white : sides.black;
      value = `${winner} wins in ${Math.abs(answer.mate)}`;
    } else {
      value = `${this.firstView(answer.score, first)} (${sides.white}'s view)`;
    }
    const evaluation = document.createElement('p');
    evaluation.className = 'analysis-score';
    evaluation.textContent = `${this.score.name} ${value} · depth ${answer.depth} · ${Number(answer.nodes).toLocaleString('en')} nodes`;
    // Each move of the best line stays whole when the line wraps.
    const line = document.createElement('p');
    line.className = 'analysis-line';
    if (answer.pv?.length) {
      line.append('Best line: ');
      answer.pv.forEach((move, index) => {
        const span = document.createElement('span');
        span.className = 'pv-move';
        span.textContent = move;
        line.append(...(index ? [' ', span] : [span]));
      });
    } else line.textContent = 'No best line.';
    return [evaluation, line, ...this.rankedList(answer, first)];
  }

  /** A score from the side to move's view, shown from the first side's. */
  firstView(score, first) {
    const { scale } = this.score;
    const value = (score * first) / scale;
    return `${value > 0 ? '+' : ''}${value.toFixed(Math.round(Math.log10(scale)))}`;
  }

  /** Where the engine scored every move (a dice game's turns for the roll), the best few. */
  rankedList(answer, first) {
    if (!(answer.ranked?.length > 1)) return [];
    const list = document.createElement('ol');
    list.className = 'analysis-ranked';
    list.setAttribute('aria-label', 'Best moves');
    for (const { move, score } of answer.ranked) {
      const item = document.createElement('li');
      const span = document.createElement('span');
      span.className = 'pv-move';
      span.textContent = move;
      item.append(span, ` ${this.firstView(score, first)}`);
      list.append(item);
    }
    return [list];
  }
}
