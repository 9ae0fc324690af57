// The JSON API of docs/api.md. Failures become ApiError with the server's own message,
// so that the page can show it as it is.

export class ApiError extends Error {
  /** `retryAfterS`: the server's Retry-After (a refusal for going too fast), else 0. */
  constructor(message, code, status, retryAfterS = 0) {
    super(message);
    this.code = code;
    this.status = status;
    this.retryAfterS = retryAfterS;
  }
}

// The signed-in session's CSRF token (account.js sets it): sent with every request, so
// that the server accepts a change made with the session cookie.
let csrfToken = null;
export function setCsrfToken(token) {
  csrfToken = token ?? null;
}

// A server too busy with expensive work (503 busy: password hashing, analysis) did none of
// the request, and says when to ask again: the page asks again by itself a few times
// before it shows the refusal.
const kBusyRetries = 3;
const kLongestBusyWaitS = 10;

async function request(method, path, body) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await requestOnce(method, path, body);
    } catch (error) {
      const retry = error.code === 'busy' && attempt < kBusyRetries && error.retryAfterS <= kLongestBusyWaitS;
      if (!retry) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.max(1, error.retryAfterS) * 1000));
    }
  }
}

async function requestOnce(method, path, body) {
  let response;
  const headers = body ? { 'Content-Type': 'application/json' } : {};
  if (csrfToken && method !== 'GET') headers['X-CSRF-Token'] = csrfToken;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch {
    throw new ApiError('The server cannot be reached. Check the connection and try again.', 'network', 0);
  }
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const message = data?.error ?? `The server answered ${response.status} ${response.statusText}.`;
    const retryAfterS = Number.parseInt(response.headers.get('Retry-After') ?? '', 10);
    throw new ApiError(message, data?.code ?? 'http', response.status, retryAfterS > 0 ? retryAfterS : 0);
  }
  return data;
}

const withToken = (path, token) => (token ? `${path}?token=${encodeURIComponent(token)}` : path);

export const api = {
  createGame: (options) => request('POST', '/api/games', options),
  importGame: (record, mode) => request('POST', '/api/games/import', { record, mode }),
  /** The games named by id (any mode), or with no ids the public games of `status`. */
  listGames: ({ ids, status } = {}) =>
    request(
      'GET',
      ids
        ? `/api/games?ids=${ids.map(encodeURIComponent).join(',')}`
        : `/api/games?limit=50&status=${encodeURIComponent(status ?? 'all')}`,
    ),
  gameTypes: () => request('GET', '/api/game-types'),
  state: (id, token) => request('GET', withToken(`/api/games/${encodeURIComponent(id)}`, token)),
  act: (id, action, body) => request('POST', `/api/games/${encodeURIComponent(id)}/${action}`, body),
  analyze: (query) => request('POST', '/api/analyze', query),
  recordUrl: (id) => `/api/games/${encodeURIComponent(id)}/record`,
  matchRecordUrl: (id) => `/api/games/${encodeURIComponent(id)}/match-record`,
  eventsUrl: (id, token) => withToken(`/api/games/${encodeURIComponent(id)}/events`, token),
  // Accounts and the lobby (docs/api.md).
  account: () => request('GET', '/api/account'),
  register: (name, password) => request('POST', '/api/accounts', { name, password }),
  logIn: (name, password) => request('POST', '/api/login', { name, password }),
  logOut: () => request('POST', '/api/logout', {}),
  changePassword: (password, newPassword) =>
    request('POST', '/api/account/password', { password, new_password: newPassword }),
  deleteAccount: (password) => request('POST', '/api/account/delete', { password }),
  blocks: () => request('GET', '/api/account/blocks'),
  block: (name) => request('POST', '/api/account/blocks', { name }),
  unblock: (name) => request('POST', '/api/account/blocks/remove', { name }),
  challenges: () => request('GET', '/api/challenges'),
  postChallenge: (challenge) => request('POST', '/api/challenges', challenge),
  quickPairing: (request_) => request('POST', '/api/challenges/quick', request_),
  challengeAction: (id, action) => request('POST', `/api/challenges/${encodeURIComponent(id)}/${action}`, {}),
  lobbyEventsUrl: () => '/api/lobby/events',
  accountEventsUrl: () => '/api/account/events',
  myGames: () => request('GET', '/api/my/games'),
  accountEmail: () => request('GET', '/api/account/email'),
  setAccountEmail: (address) => request('PUT', '/api/account/email', { address }),
  removeAccountEmail: () => request('DELETE', '/api/account/email'),
  resendEmailLink: () => request('POST', '/api/account/email/resend', {}),
  setEmailNotify: (notify) => request('POST', '/api/account/email/notify', { notify }),
  verifyEmail: (token) => request('POST', '/api/mail/verify', { token }),
  unsubscribe: (token) => request('POST', `/api/mail/unsubscribe?token=${encodeURIComponent(token)}`, {}),
  player: (name, rules, result) => {
    const query = new URLSearchParams();
    if (rules) query.set('rules', rules);
    if (result) query.set('result', result);
    const text = query.toString();
    return request('GET', `/api/players/${encodeURIComponent(name)}${text ? `?${text}` : ''}`);
  },
  playerHistory: (name) => request('GET', `/api/players/${encodeURIComponent(name)}/history`),
  ratings: (pool) => request('GET', `/api/ratings?${new URLSearchParams(pool)}`),
};
