// The account bar in the header: log in, register or log out. The session is an HttpOnly
// cookie the page never sees; the page keeps only the CSRF token the server gives it, and
// tells the rest of the page (the lobby) who is signed in through onAccountChange.
import { api, setCsrfToken } from './api.js';
import { myGamesLink } from './my-games.js';
import { followAccountEvents } from './account-events.js';
import { Notices } from './notices.js';
import { tellClosedChallenges } from './challenge-notices.js';
import { GameNotices } from './game-notices.js';

let current = null; // { id, name } or null
const listeners = [];

export function currentAccount() {
  return current;
}

export function onAccountChange(listener) {
  listeners.push(listener);
  listener(current);
}

/** After a change the server answered with the account (a new session) or null (deleted). */
export function accountChanged(answer) {
  setAccount(answer);
}

function setAccount(answer) {
  current = answer?.account ?? null;
  setCsrfToken(current ? answer.csrf_token : null);
  for (const listener of listeners) listener(current);
}

function signedOutView(bar) {
  bar.innerHTML = `<form class="account-form" novalidate>
      <label><span class="visually-hidden">Name</span>
        <input name="name" type="text" placeholder="Name" autocomplete="username" maxlength="40" required></label>
      <label><span class="visually-hidden">Password</span>
        <input name="password" type="password" placeholder="Password" autocomplete="current-password" maxlength="256" required></label>
      <button type="submit" name="login" class="primary">Log in</button>
      <button type="submit" name="register">Register</button>
      <span class="account-error" role="alert"></span>
    </form>`;
  const form = bar.querySelector('form');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const registering = event.submitter?.name === 'register';
    const name = form.elements.name.value.trim();
    const password = form.elements.password.value;
    const error = form.querySelector('.account-error');
    error.textContent = '';
    try {
      setAccount(registering ? await api.register(name, password) : await api.logIn(name, password));
    } catch (failure) {
      error.textContent = failure.message;
    }
  });
}

function signedInView(bar) {
  bar.innerHTML = `<a class="account-name" href="/settings" title="Settings"></a> <button type="button" class="log-out">Log out</button>`;
  bar.querySelector('.account-name').textContent = current.name;
  bar.prepend(myGamesLink(), ' ');
  bar.querySelector('.log-out').addEventListener('click', async () => {
    try {
      await api.logOut();
    } finally {
      setAccount(null);
    }
  });
}

/** Fills the header's account bar and keeps it current. */
export async function showAccountBar(bar) {
  if (!bar) return;
  onAccountChange((account) => (account ? signedInView(bar) : signedOutView(bar)));
  onAccountChange(followAccountEvents);
  const region = document.getElementById('notices');
  if (region) {
    const notices = new Notices(region);
    let stops = [];
    let told = null;
    onAccountChange((account) => {
      if (account?.id === told?.id) return;
      for (const stop of stops) stop();
      notices.clear();
      told = account;
      stops = account ? [tellClosedChallenges(notices, account), new GameNotices(notices).follow()] : [];
    });
  }
  try {
    setAccount(await api.account());
  } catch {
    // A server without accounts (or unreachable): the bar stays a log-in form.
  }
}
