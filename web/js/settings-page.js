// The settings (/settings, docs/api.md "Accounts"): the colour theme (this browser's), the
// notifications, and for a signed-in account its password, the players it blocks, and deleting it. Each form
// says what the server answered beside it; a name from the server is set as text.
import { api } from './api.js';
import { accountChanged, onAccountChange } from './account.js';
import { chooseTheme, themeChoice } from './theme.js';
import { element } from './dom.js';
import { panel, onSubmit } from './settings-forms.js';
import { notificationsParts } from './notification-settings.js';

/** The colour theme, kept in this browser (signed in or not). */
function themePart() {
  const { section, form } = panel(
    'Appearance',
    `<fieldset><legend>Theme</legend>
       <label><input type="radio" name="theme" value="system"> Follow the system</label>
       <label><input type="radio" name="theme" value="light"> Light</label>
       <label><input type="radio" name="theme" value="dark"> Dark</label>
     </fieldset>`,
  );
  form.elements.theme.value = themeChoice();
  form.addEventListener('change', () => chooseTheme(form.elements.theme.value));
  return section;
}

function passwordPart() {
  const { section, form, status } = panel(
    'Password',
    `<label>Current password <input type="password" name="password" autocomplete="current-password" required maxlength="256"></label>
     <label>New password <input type="password" name="new" autocomplete="new-password" required minlength="8" maxlength="256"></label>
     <label>New password again <input type="password" name="again" autocomplete="new-password" required maxlength="256"></label>
     <div class="actions"><button type="submit" class="primary">Change password</button></div>`,
  );
  onSubmit(form, status, async (data) => {
    if (data.get('new') !== data.get('again')) throw new Error('The new password and its repetition differ.');
    // Every other session of the account ends; this page gets a new one.
    accountChanged(await api.changePassword(data.get('password'), data.get('new')));
    form.reset();
    return 'Password changed. You are logged out everywhere else.';
  });
  return section;
}

function blocksPart() {
  const { section, form, status } = panel(
    'Blocked players',
    `<label>Block a player <input type="text" name="name" autocomplete="off" required maxlength="40"></label>
     <div class="actions"><button type="submit">Block</button></div>`,
  );
  const intro = element(
    'p',
    'muted',
    'A blocked player cannot challenge you, take your challenges, offer you a rematch or chat with you, nor you them.',
  );
  const list = element('ul', 'blocked-list');
  list.setAttribute('aria-label', 'Blocked players');
  const show = ({ blocks }) => {
    list.replaceChildren(
      ...blocks.map((account) => {
        const item = element('li', 'blocked-player');
        const name = element('a', '', account.name);
        name.href = `/players/${encodeURIComponent(account.name)}`;
        const lift = element('button', '', 'Unblock');
        lift.type = 'button';
        lift.setAttribute('aria-label', `Unblock ${account.name}`);
        lift.addEventListener('click', async () => {
          try {
            show(await api.unblock(account.name));
            status.textContent = `${account.name} is no longer blocked.`;
          } catch (failure) {
            status.textContent = failure.message;
          }
        });
        item.append(name, ' ', lift);
        return item;
      }),
    );
    if (!blocks.length) list.append(element('li', 'muted', 'You block nobody.'));
  };
  onSubmit(form, status, async (data) => {
    const name = data.get('name').trim();
    show(await api.block(name));
    form.reset();
    return `${name} is blocked.`;
  });
  form.before(intro, list);
  api.blocks().then(show, (failure) => {
    status.textContent = failure.message;
  });
  return section;
}

function deletePart(onDeleted) {
  const { section, form, status } = panel(
    'Delete the account',
    `<p class="wide muted">Your games stay, with your seat named "Deleted player"; your ratings and sessions go. This cannot be undone.</p>
     <label>Password <input type="password" name="password" autocomplete="current-password" required maxlength="256"></label>
     <label><input type="checkbox" name="sure" required> I want to delete my account</label>
     <div class="actions"><button type="submit" class="danger">Delete my account</button></div>`,
  );
  onSubmit(form, status, async (data) => {
    await api.deleteAccount(data.get('password'));
    onDeleted();
    accountChanged(null);
    return '';
  });
  return section;
}

/** Shows the settings in `app`; signed out, it asks to log in first. */
export function showSettingsPage(app) {
  document.title = 'Settings — Ordo';
  const heading = element('h1', '', 'Settings');
  const intro = element('section', 'panel');
  intro.append(heading);
  app.replaceChildren(intro);
  let shownFor = null;
  let deleted = false;
  onAccountChange((account) => {
    // A new session after a password change is the same account: the page stays.
    if (account?.id === shownFor?.id && account) return;
    shownFor = account;
    const note = account
      ? element('p', '', `Signed in as ${account.name}.`)
      : element(
          'p',
          deleted ? '' : 'muted',
          deleted ? 'Your account is deleted.' : 'Log in at the top to change your password and blocked players.',
        );
    if (deleted) note.setAttribute('role', 'status');
    intro.replaceChildren(heading, note);
    const parts = [
      themePart(),
      ...notificationsParts(Boolean(account)),
      ...(account ? [passwordPart(), blocksPart(), deletePart(() => (deleted = true))] : []),
    ];
    app.replaceChildren(intro, ...parts);
  });
}
