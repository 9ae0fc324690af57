// The rules page: our own summaries of the games (Ordo, Order and Chaos, Mughrabieh) with
// small diagrams. The text lives in web/rules.html; each <figure data-position> (and
// data-oc-position, data-tables-position) there becomes a diagram.
import { drawBoard } from './board-svg.js';
import { OcBoardInput } from './oc-board.js';
import { parsePosition } from './position.js';
import { drawTables } from './tables-svg.js';
import { diceOf, parseTablesPosition } from './tables-position.js';

const NS = 'http://www.w3.org/2000/svg';
const list = (text) => (text ? text.split(/\s+/).filter(Boolean) : []);

export async function showRulesPage(app) {
  document.title = 'Ordo, Order and Chaos and Mughrabieh — rules';
  try {
    const response = await fetch('/static/rules.html');
    if (!response.ok) throw new Error(`the server answered ${response.status}`);
    app.innerHTML = await response.text();
  } catch (error) {
    app.textContent = `The rules could not be loaded: ${error.message}`;
    return;
  }
  for (const figure of app.querySelectorAll('figure[data-position]')) {
    const svg = document.createElementNS(NS, 'svg');
    svg.classList.add('board', 'diagram');
    figure.prepend(svg);
    const marks = {
      from: list(figure.dataset.from),
      to: list(figure.dataset.to),
      captured: list(figure.dataset.captured),
      removed: list(figure.dataset.removed),
      arrows: list(figure.dataset.arrows).map((pair) => pair.split('>')),
      numbered: 'numbered' in figure.dataset,
    };
    drawBoard(svg, parsePosition(figure.dataset.position), {
      marks,
      label: figure.querySelector('figcaption')?.textContent ?? 'Diagram',
    });
  }
  // Order and Chaos diagrams: its own 6 × 6 board, read-only.
  for (const figure of app.querySelectorAll('figure[data-oc-position]')) {
    const svg = document.createElementNS(NS, 'svg');
    svg.classList.add('board', 'diagram');
    figure.prepend(svg);
    const board = new OcBoardInput(svg, document.createElement('div'), { onTurn: () => {} });
    board.show({
      position: figure.dataset.ocPosition,
      legal: [],
      canMove: false,
      flipped: false,
      last: null,
      line: list(figure.dataset.line),
      label: figure.querySelector('figcaption')?.textContent ?? 'Diagram',
    });
  }
  // Tables diagrams (Mughrabieh): the position's dice shown, White at the bottom.
  for (const figure of app.querySelectorAll('figure[data-tables-position]')) {
    const svg = document.createElementNS(NS, 'svg');
    svg.classList.add('board', 'diagram');
    figure.prepend(svg);
    const position = parseTablesPosition(figure.dataset.tablesPosition);
    drawTables(svg, {
      position,
      bottom: 'white',
      sides: { white: 'White', black: 'Black' },
      dice: diceOf(position.roll).map((value) => ({ value, used: false })),
      marks: { from: list(figure.dataset.from).map(Number), to: list(figure.dataset.to).map(Number) },
      label: figure.querySelector('figcaption')?.textContent ?? 'Diagram',
    });
  }
  if (window.location.hash) document.getElementById(window.location.hash.slice(1))?.scrollIntoView();
}
