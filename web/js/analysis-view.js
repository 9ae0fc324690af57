// The analysis toggle: asks the engine (POST /api/analyze) about the shown position and
// shows its evaluation and best line. Answers for positions no longer shown are dropped.
import { api } from './api.js';
import { parsePosition } from './position.js';

export class AnalysisView {
  constructor(toggle, output) {
    this.toggle = toggle;
    this.output = output;
    this.query = null;
    this.asked = 0;
    toggle.addEventListener('change', () => this.refresh());
  }

  show(rules, position) {
    if (this.query?.rules === rules && this.query?.position === position) return;
    this.query = { rules, position };
    this.refresh();
  }

  async refresh() {
    this.output.hidden = !this.toggle.checked;
    if (!this.toggle.checked || !this.query) return;
    const ticket = ++this.asked;
    this.output.textContent = 'Analysing…';
    this.output.classList.add('pending');
    try {
      const answer = await api.analyze({ ...this.query, movetime_ms: 1000 });
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
    const side = parsePosition(this.query.position).toMove;
    const white = side === 'white' ? 1 : -1;
    let value;
    if (answer.mate !== null && answer.mate !== undefined) {
      const winner = (answer.mate > 0) === (side === 'white') ? 'White' : 'Black';
      value = `${winner} wins in ${Math.abs(answer.mate)}`;
    } else {
      const score = (answer.score * white) / 100;
      value = `${score > 0 ? '+' : ''}${score.toFixed(2)} (White's view)`;
    }
    const evaluation = document.createElement('p');
    evaluation.className = 'analysis-score';
    evaluation.textContent = `Evaluation ${value} · depth ${answer.depth} · ${Number(answer.nodes).toLocaleString('en')} nodes`;
    const line = document.createElement('p');
    line.className = 'analysis-line';
    line.textContent = answer.pv?.length ? `Best line: ${answer.pv.join(' ')}` : 'No best line.';
    return [evaluation, line];
  }
}
