// The start page: a new game, an imported record, this browser's games and the games being
// played (game-lists.js), and the lobby.
import { api } from './api.js';
import { rememberToken } from './saved-tokens.js';
import { showBrowserGames, showGamesBeingPlayed } from './game-lists.js';
import { showLobby } from './lobby.js';
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
    const delay = Math.round(Number(data.get('delay')) * 1000);
    if (delay > 0) request.clock.delay_ms = delay;
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
  const choices = new GameChoices(form, { game: 'game', rules: 'rules', size: 'size', match: 'match' }, (type) => {
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

  showBrowserGames(app.querySelector('#stored-games'));
  showGamesBeingPlayed(app.querySelector('#games-playing'));
  showLobby(app.querySelector('#lobby'));
}
