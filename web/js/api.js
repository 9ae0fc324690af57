// The JSON API of docs/api.md. Failures become ApiError with the server's own message,
// so that the page can show it as it is.

export class ApiError extends Error {
  constructor(message, code, status) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

async function request(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body ? { 'Content-Type': 'application/json' } : {},
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
    throw new ApiError(message, data?.code ?? 'http', response.status);
  }
  return data;
}

const withToken = (path, token) => (token ? `${path}?token=${encodeURIComponent(token)}` : path);

export const api = {
  createGame: (options) => request('POST', '/api/games', options),
  importGame: (record, mode) => request('POST', '/api/games/import', { record, mode }),
  listGames: () => request('GET', '/api/games?limit=50'),
  state: (id, token) => request('GET', withToken(`/api/games/${encodeURIComponent(id)}`, token)),
  act: (id, action, body) => request('POST', `/api/games/${encodeURIComponent(id)}/${action}`, body),
  analyze: (query) => request('POST', '/api/analyze', query),
  recordUrl: (id) => `/api/games/${encodeURIComponent(id)}/record`,
  eventsUrl: (id, token) => withToken(`/api/games/${encodeURIComponent(id)}/events`, token),
};
