// The start page: a new game, an imported record, and the list of stored games.
import { api } from './api.js';
import { rememberToken, savedToken } from './saved-tokens.js';
import { showLobby } from './lobby.js';
import { gameLabel } from './game-types.js';
import { GameChoices } from './game-choices.js';

function showError(form, message) {
  let box = form.querySelector('.error');
  if (!box) {
    box = document.createElement('div');
    box.className = 'error';
    box.setAttribute('role', 'alert');
    form.appendChild(box);
  }
  box.textContent = message;
  box.hidden = !message;
}

function newGameRequest(form, choices) {
  const data = new FormData(form);
  const mode = data.get('mode');
  const request = { mode, ...choices.values() };
  if (mode === 'ai') {
    const human = data.get('color');
    request.ai = { level: Number(data.get('level')), color: human === 'white' ? 'black' : 'white' };
  }
  const names = { white: data.get('white-name').trim(), black: data.get('black-name').trim() };
  if (names.white || names.black) request.players = names;
  if (data.get('clock')) {
    request.clock = {
      initial_ms: Math.round(Number(data.get('minutes')) * 60000),
      increment_ms: Math.round(Number(data.get('increment')) * 1000),
    };
  }
  return request;
}

/** After creating a game: open the board, or for a network game show the seat links. */
function openCreated(page, created, mode) {
  for (const [seat, token] of Object.entries(created.tokens ?? {})) rememberToken(created.id, seat, token);
  if (mode !== 'network') {
    // The seat the creator holds: against the computer only the human's (white or black).
    const seat = Object.keys(created.tokens ?? {})[0];
    window.location.assign(created.links[seat] ?? created.links.spectator);
    return;
  }
  const box = page.querySelector('#network-links');
  const list = box.querySelector('.link-list');
  list.replaceChildren();
  const sides = created.state?.sides ?? { white: 'White', black: 'Black' };
  const entries = [
    [sides.white, created.links.white],
    [sides.black, created.links.black],
    ['Spectators', created.links.spectator],
  ];
  for (const [name, link] of entries) {
    const url = new URL(link, window.location.origin).href;
    const item = document.createElement('li');
    item.innerHTML = `<span class="link-name"></span> <input type="text" readonly class="link-url">
      <button type="button" class="copy">Copy</button> <a class="button open">Open</a>`;
    item.querySelector('.link-name').textContent = name;
    const input = item.querySelector('input');
    input.value = url;
    input.setAttribute('aria-label', `${name} link`);
    item.querySelector('.open').href = url;
    item.querySelector('.copy').addEventListener('click', async (event) => {
      input.select();
      try {
        await navigator.clipboard.writeText(url);
        event.target.textContent = 'Copied';
      } catch {
        event.target.textContent = 'Press Ctrl+C';
      }
    });
    list.appendChild(item);
  }
  box.hidden = false;
  box.scrollIntoView({ block: 'nearest' });
}

/** A stored game's time (milliseconds since 1970, or a date string) for the list. */
function formatDate(value) {
  const date = new Date(value);
  if (value === undefined || value === '' || Number.isNaN(date.getTime())) return '';
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

function describeResult(game) {
  if (!game.result || game.result === '*') return 'in progress';
  return game.reason ? `${game.result} (${game.reason})` : game.result;
}

/** "Classic 10x8", "Ordo X 8x8", "Order and Chaos (exact five) 6x6". */
function gameName(game) {
  return gameLabel(game.game, game.rules, game.size);
}

async function showStoredGames(container) {
  try {
    const { games } = await api.listGames();
    if (!games.length) {
      container.innerHTML = '<p class="muted">No games stored yet.</p>';
      return;
    }
    const table = document.createElement('table');
    table.className = 'games-table';
    table.innerHTML =
      '<thead><tr><th>Players</th><th>Game</th><th>Moves</th><th>Result</th><th>Started</th><th><span class="visually-hidden">Link</span></th></tr></thead><tbody></tbody>';
    for (const game of games) {
      const row = document.createElement('tr');
      const cells = [
        `${game.players?.white ?? 'White'} – ${game.players?.black ?? 'Black'}`,
        `${gameName(game)} · ${game.mode}`,
        String(game.plies ?? ''),
        describeResult(game),
        formatDate(game.created),
      ];
      for (const text of cells) row.insertCell().textContent = text;
      const link = document.createElement('a');
      const token = savedToken(game.id);
      link.href = `/play/${encodeURIComponent(game.id)}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
      // Each link names its game, for screen readers that list the links of a page.
      link.textContent = token ? 'Play' : 'Watch';
      const what = document.createElement('span');
      what.className = 'visually-hidden';
      what.textContent = ` ${cells[0]}, ${gameName(game)}, started ${cells[4]}`;
      link.appendChild(what);
      row.insertCell().appendChild(link);
      table.tBodies[0].appendChild(row);
    }
    container.replaceChildren(table);
  } catch (error) {
    container.innerHTML = '<p class="error" role="alert"></p>';
    container.firstChild.textContent = `The stored games could not be loaded: ${error.message}`;
  }
}

export function showStartPage(app) {
  document.title = 'Ordo — new game';
  app.replaceChildren(document.getElementById('start-template').content.cloneNode(true));
  const form = app.querySelector('#new-game');
  const level = form.elements.level;
  const computer = form.querySelector('input[name=mode][value=ai]');
  const syncMode = () => {
    const mode = new FormData(form).get('mode');
    form.querySelector('.ai-only').disabled = mode !== 'ai';
    form.querySelector('.ai-only').classList.toggle('dimmed', mode !== 'ai');
  };
  // A game without an engine is not offered against the computer; the levels are its own.
  const choices = new GameChoices(form, { game: 'game', rules: 'rules', size: 'size' }, (type) => {
    computer.disabled = !type.levels;
    if (!type.levels && computer.checked) form.querySelector('input[name=mode][value=local]').checked = true;
    if (type.levels) {
      level.min = type.levels.min;
      level.max = type.levels.max;
      level.value = Math.min(Math.max(Number(level.value), type.levels.min), type.levels.max);
      form.querySelector('#level-value').textContent = level.value;
    }
    syncMode();
  });
  form.addEventListener('change', syncMode);
  syncMode();
  level.addEventListener('input', () => (form.querySelector('#level-value').textContent = level.value));

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const request = newGameRequest(form, choices);
    const button = form.querySelector('button[type=submit]');
    button.disabled = true;
    showError(form, '');
    try {
      openCreated(app, await api.createGame(request), request.mode);
    } catch (error) {
      showError(form, `The game could not be created: ${error.message}`);
    } finally {
      button.disabled = false;
    }
  });

  const importForm = app.querySelector('#import-game');
  importForm.elements.file.addEventListener('change', async () => {
    const file = importForm.elements.file.files[0];
    if (file) importForm.elements.record.value = await file.text();
  });
  importForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    const record = importForm.elements.record.value;
    const mode = importForm.elements.mode.value;
    showError(importForm, '');
    if (!record.trim()) {
      showError(importForm, 'Paste a record or choose a file first.');
      return;
    }
    try {
      openCreated(app, await api.importGame(record, mode), mode);
    } catch (error) {
      showError(importForm, `The record could not be imported: ${error.message}`);
    }
  });

  showStoredGames(app.querySelector('#stored-games'));
  showLobby(app.querySelector('#lobby'));
}
