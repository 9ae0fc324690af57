// A development stand-in for `ordo-engine serve`, used only while the real server is not
// available: it follows docs/api.md closely enough to exercise the page, and asks the
// `ordo-engine` command line (moves, show, bestmove) for every rules question.
// It is not a reference: the browser tests run against the real server.
//
// Usage: node dev-server.mjs --engine PATH --web-dir DIR --port N
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, word, i, all) => {
    if (word.startsWith('--')) pairs.push([word.slice(2), all[i + 1]]);
    return pairs;
  }, []),
);
const engine = args.engine;
const webDir = args['web-dir'];
const games = new Map();
const listeners = new Map();

const START = {
  '10x8': '2bb2bb2/bbbbbbbbbb/bb2bb2bb/10/10/ww2ww2ww/wwwwwwwwww/2ww2ww2 w',
  '8x8': '1bb2bb1/bbbbbbbb/b2bb2b/8/8/w2ww2w/wwwwwwww/1ww2ww1 w',
};

function cli(command, game, extra = []) {
  const moves = game.moves.map((m) => m.move).join(' ');
  const argv = [command, '--rules', game.rules, '--position', game.start, ...extra];
  if (moves) argv.push('--moves', moves);
  return execFileSync(engine, argv, { encoding: 'utf8' });
}

function field(text, name) {
  const line = text.split('\n').find((l) => l.startsWith(name));
  return line ? line.slice(name.length).trim() : '';
}

function resultOf(text) {
  const words = field(text, 'Result');
  if (words.includes('in progress')) {
    return { score: '*', winner: null, reason: '', house_rule: false };
  }
  const winner = words.startsWith('White') ? 'white' : words.startsWith('Black') ? 'black' : null;
  const score = winner === 'white' ? '1-0' : winner === 'black' ? '0-1' : '1/2-1/2';
  const reason = words.includes(':') ? words.slice(words.indexOf(':') + 1).trim() : words;
  return { score, winner, reason, house_rule: words.includes('house rule') };
}

function boardOf(position) {
  return position
    .split(' ')[0]
    .split('/')
    .map((rank) => rank.replace(/\d+/g, (n) => '.'.repeat(Number(n))));
}

function lastOf(before, after, mover) {
  if (!before) return null;
  const a = boardOf(before);
  const b = boardOf(after);
  const enemy = mover === 'w' ? 'b' : 'w';
  const out = { from: [], to: [], captured: [], removed: [] };
  const ranks = a.length;
  a.forEach((row, r) =>
    [...row].forEach((was, f) => {
      const now = b[r][f];
      const sq = String.fromCharCode(97 + f) + (ranks - r);
      if (was === mover && now !== mover) out.from.push(sq);
      if (now === mover && was !== mover) out.to.push(sq);
      if (was === enemy && now !== enemy) (now === mover ? out.captured : out.removed).push(sq);
    }),
  );
  return out;
}

function refresh(game) {
  const shown = cli('show', game);
  game.position = field(shown, 'Position');
  game.split = field(shown, 'Split').startsWith('yes');
  game.result = resultOf(shown);
  game.legal =
    game.result.score === '*' ? cli('moves', game).split('\n').filter(Boolean) : [];
}

function stateFor(game, token) {
  const you = Object.entries(game.tokens)
    .filter(([, t]) => t && t === token)
    .map(([seat]) => seat);
  const toMove = game.position.endsWith(' w') ? 'white' : 'black';
  const previous = game.moves.length > 1 ? game.moves.at(-2).position : game.start;
  return {
    id: game.id,
    mode: game.mode,
    rules: game.rules,
    size: game.size,
    players: game.players,
    start: game.start,
    moves: game.moves,
    position: game.position,
    to_move: toMove,
    ply: game.moves.length,
    split: game.split,
    legal: game.legal,
    last: game.moves.length
      ? lastOf(previous, game.position, toMove === 'white' ? 'b' : 'w')
      : null,
    result: game.result,
    clock: clockOf(game, toMove),
    ai: game.ai,
    draw_offer: game.drawOffer,
    you,
    house_rules: ['Threefold repetition draws [house rule]'],
  };
}

// The clock runs for the side to move from the first move on, as a server might do it.
function clockOf(game, toMove) {
  if (!game.clock) return null;
  const now = Date.now();
  const running = game.moves.length && game.result.score === '*' ? toMove : null;
  const left = { ...game.clock.left };
  if (running) left[running] -= now - game.clock.since;
  return {
    white_ms: left.white, black_ms: left.black, increment_ms: game.clock.increment,
    running, server_time_ms: now,
  };
}

function publish(game) {
  for (const [res, token] of listeners.get(game.id) ?? []) {
    res.write(`event: state\ndata: ${JSON.stringify(stateFor(game, token))}\n\n`);
  }
}

function play(game, move) {
  const before = game.moves.length;
  const mover = game.position.endsWith(' w') ? 'white' : 'black';
  if (game.clock) {
    const now = Date.now();
    if (before) game.clock.left[mover] -= now - game.clock.since;
    game.clock.left[mover] += game.clock.increment;
    game.clock.since = now;
  }
  game.moves.push({ move, by: game.position.endsWith(' w') ? 'white' : 'black', ms: 0 });
  try {
    refresh(game);
  } catch (e) {
    game.moves.length = before;
    refresh(game);
    throw e;
  }
  game.moves.at(-1).position = game.position;
}

function engineTurn(game) {
  if (!game.ai || game.result.score !== '*') return;
  const toMove = game.position.endsWith(' w') ? 'white' : 'black';
  if (toMove !== game.ai.color) return;
  game.ai.thinking = true;
  publish(game);
  setTimeout(() => {
    if (!game.ai.thinking) return;
    const out = cli('bestmove', game, ['--movetime', '150']);
    game.ai.thinking = false;
    play(game, field(out, 'bestmove'));
    publish(game);
  }, 300);
}

const token = () => randomBytes(18).toString('base64url');

function create(body) {
  const size = body.size ?? '10x8';
  const game = {
    id: randomBytes(6).toString('base64url'),
    mode: body.mode,
    rules: body.rules ?? 'classic',
    size,
    start: body.position ?? START[size],
    moves: [],
    players: body.players ?? { white: 'White', black: 'Black' },
    ai: body.mode === 'ai' ? { ...body.ai, thinking: false } : null,
    drawOffer: null,
    clock: body.clock
      ? {
          left: { white: body.clock.initial_ms, black: body.clock.initial_ms },
          increment: body.clock.increment_ms,
          since: Date.now(),
        }
      : null,
  };
  const shared = token();
  game.tokens =
    body.mode === 'local'
      ? { white: shared, black: shared }
      : body.mode === 'ai'
        ? { white: body.ai.color === 'white' ? null : shared, black: body.ai.color === 'black' ? null : shared }
        : { white: token(), black: token() };
  refresh(game);
  games.set(game.id, game);
  engineTurn(game);
  const link = (t) => `/play/${game.id}${t ? `?token=${t}` : ''}`;
  const tokens = Object.fromEntries(Object.entries(game.tokens).filter(([, t]) => t));
  return {
    id: game.id,
    tokens,
    links: { white: link(game.tokens.white), black: link(game.tokens.black), spectator: link(null) },
    state: stateFor(game, shared),
  };
}

class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    Object.assign(this, { status, code });
  }
}

function act(game, action, body) {
  const seats = stateFor(game, body.token).you;
  if (!seats.length) throw new ApiError(403, 'bad_token', 'this token holds no seat of the game');
  if (action === 'moves') {
    if (body.ply !== undefined && body.ply !== game.moves.length) {
      throw new ApiError(409, 'stale', 'the game has moved on');
    }
    const toMove = game.position.endsWith(' w') ? 'white' : 'black';
    if (!seats.includes(toMove)) throw new ApiError(409, 'not_your_turn', 'it is not your turn');
    try {
      play(game, body.move);
    } catch (e) {
      throw new ApiError(422, 'illegal_move', `illegal move '${body.move}': ${e.stderr}`.trim());
    }
    engineTurn(game);
  } else if (action === 'undo') {
    if (game.ai) game.ai.thinking = false;
    game.moves.pop();
    if (game.ai && game.moves.length && game.moves.at(-1).by !== game.ai.color) game.moves.pop();
    refresh(game);
  } else if (action === 'resign') {
    const loser = game.mode === 'local' ? stateFor(game, body.token).to_move : seats[0];
    game.result = {
      score: loser === 'white' ? '0-1' : '1-0',
      winner: loser === 'white' ? 'black' : 'white',
      reason: `${loser} resigned`,
      house_rule: false,
    };
    game.legal = [];
  } else if (action === 'draw') {
    if (body.action === 'offer') game.drawOffer = seats[0];
    else if (body.action === 'decline') game.drawOffer = null;
    else {
      game.result = { score: '1/2-1/2', winner: null, reason: 'draw agreed', house_rule: false };
      game.legal = [];
      game.drawOffer = null;
    }
  } else if (action === 'move-now') {
    if (!game.ai?.thinking) throw new ApiError(409, 'ai_thinking', 'the engine is not thinking');
  } else {
    throw new ApiError(404, 'not_found', 'no such action');
  }
  publish(game);
  return stateFor(game, body.token);
}

function send(res, status, body, type = 'application/json') {
  res.writeHead(status, { 'Content-Type': type });
  res.end(type === 'application/json' ? JSON.stringify(body) : body);
}

const TYPES = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml' };

async function handle(req, res) {
  const url = new URL(req.url, 'http://localhost');
  const parts = url.pathname.split('/').filter(Boolean);
  let body = {};
  if (req.method === 'POST') {
    let text = '';
    for await (const chunk of req) text += chunk;
    try {
      body = JSON.parse(text || '{}');
    } catch {
      throw new ApiError(400, 'bad_json', 'the body is not JSON');
    }
  }
  if (url.pathname === '/' || parts[0] === 'play' || url.pathname === '/rules') {
    return send(res, 200, readFileSync(path.join(webDir, 'index.html')), 'text/html');
  }
  if (parts[0] === 'static') {
    const file = path.join(webDir, ...parts.slice(1));
    if (!file.startsWith(webDir) || !existsSync(file)) throw new ApiError(404, 'not_found', 'no such file');
    return send(res, 200, readFileSync(file), TYPES[path.extname(file)] ?? 'application/octet-stream');
  }
  if (url.pathname === '/api/games' && req.method === 'POST') return send(res, 201, create(body));
  if (url.pathname === '/api/games' && req.method === 'GET') {
    const list = [...games.values()].reverse().map((g) => ({
      id: g.id, mode: g.mode, rules: g.rules, size: g.size, players: g.players,
      result: g.result.score, reason: g.result.reason, plies: g.moves.length,
      created: '', updated: '',
    }));
    return send(res, 200, { games: list });
  }
  if (url.pathname === '/api/analyze') {
    const game = { rules: body.rules ?? 'classic', start: body.position, moves: [] };
    const out = cli('bestmove', game, ['--movetime', String(body.movetime_ms ?? 500)]);
    const info = out.split('\n').filter((l) => l.startsWith('info')).at(-1) ?? '';
    const word = (name) => info.split(' ')[info.split(' ').indexOf(name) + 1];
    return send(res, 200, {
      depth: Number(word('depth')), score: Number(word('cp')), mate: null,
      pv: info.split(' pv ')[1]?.split(' ') ?? [], nodes: Number(word('nodes')),
    });
  }
  const game = games.get(parts[2]);
  if (parts[0] !== 'api' || !game) throw new ApiError(404, 'no_such_game', 'no such game');
  if (parts.length === 3) return send(res, 200, stateFor(game, url.searchParams.get('token')));
  if (parts[3] === 'record') {
    return send(res, 200, `[Rules "${game.rules}"]\n\n${game.moves.map((m) => m.move).join(' ')} *\n`, 'text/plain');
  }
  if (parts[3] === 'events') {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
    const entry = [res, url.searchParams.get('token')];
    if (!listeners.has(game.id)) listeners.set(game.id, new Set());
    listeners.get(game.id).add(entry);
    req.on('close', () => listeners.get(game.id).delete(entry));
    res.write(`event: state\ndata: ${JSON.stringify(stateFor(game, entry[1]))}\n\n`);
    return;
  }
  return send(res, 200, act(game, parts[3], body));
}

http
  .createServer((req, res) =>
    handle(req, res).catch((e) =>
      send(res, e.status ?? 500, { error: e.message, code: e.code ?? 'internal' }),
    ),
  )
  .listen(Number(args.port ?? 0), '127.0.0.1', function listening() {
    console.log(`listening on http://127.0.0.1:${this.address().port}`);
  });
