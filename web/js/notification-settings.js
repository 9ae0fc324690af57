// Settings, "Notifications": browser notifications (this browser's choice; they show while
// the tab is in the background) and, signed in, the e-mail address that gets the
// correspondence news once verified (docs/api.md, "E-mail").
import { api } from './api.js';
import { element } from './dom.js';
import { panel, onSubmit } from './settings-forms.js';
import { browserNotificationsWanted, browserPermission, setBrowserNotifications } from './notices.js';

const PERMISSION_WORDS = {
  granted: '',
  denied: 'This browser blocks notifications from this site: allow them in its site settings first.',
  default: 'The browser did not allow notifications.',
  unsupported: 'This browser has no notifications.',
};

function browserPart() {
  const { section, form, status } = panel(
    'Notifications',
    `<label class="wide"><input type="checkbox" name="browser"> Notify me in this browser (your turn, a game over, time running out in correspondence games, a challenge taken) while the tab is in the background</label>`,
  );
  const box = form.elements.browser;
  box.checked = browserNotificationsWanted() && browserPermission() === 'granted';
  box.addEventListener('change', async () => {
    const permission = await setBrowserNotifications(box.checked);
    box.checked = browserNotificationsWanted() && permission === 'granted';
    status.textContent = box.checked ? 'On in this browser.' : PERMISSION_WORDS[permission] || 'Off in this browser.';
  });
  return section;
}

function emailPart() {
  const { section, form, status } = panel(
    'E-mail',
    `<label>Address <input type="email" name="address" autocomplete="email" required maxlength="254"></label>
     <div class="actions"><button type="submit">Save and send a link</button></div>`,
  );
  const standing = element('p', 'email-standing');
  const options = element('div', 'email-options');
  form.after(standing, options);
  const show = (email) => {
    options.replaceChildren();
    if (!email.mail_enabled) {
      form.hidden = true;
      standing.textContent = 'This server sends no e-mail.';
      return;
    }
    form.elements.address.value = email.address ?? '';
    if (!email.address) {
      standing.textContent = 'No address: the server mails you nothing.';
      return;
    }
    standing.textContent = email.verified
      ? `${email.address} is verified.`
      : `${email.address} is not verified yet: open the link sent to it.`;
    if (!email.verified) {
      const again = element('button', '', 'Send the link again');
      again.type = 'button';
      again.addEventListener('click', () => act(() => api.resendEmailLink(), 'A new link is on its way.'));
      options.append(again);
    } else {
      const label = element('label');
      const notify = element('input');
      notify.type = 'checkbox';
      notify.name = 'notify';
      notify.checked = email.notify;
      notify.addEventListener('change', () =>
        act(() => api.setEmailNotify(notify.checked), notify.checked ? 'Mail is on.' : 'Mail is off.'),
      );
      label.append(notify, ' E-mail me about my correspondence games');
      options.append(label);
    }
    const remove = element('button', '', 'Remove the address');
    remove.type = 'button';
    remove.addEventListener('click', () => act(() => api.removeAccountEmail(), 'The address is removed.'));
    options.append(' ', remove);
  };
  const act = async (work, done) => {
    status.classList.remove('error-text');
    try {
      show(await work());
      status.textContent = done;
    } catch (failure) {
      status.textContent = failure.message;
      status.classList.add('error-text');
    }
  };
  onSubmit(form, status, async (data) => {
    show(await api.setAccountEmail(data.get('address').trim()));
    return 'Saved. A link to verify it is on its way.';
  });
  api.accountEmail().then(show, (failure) => {
    status.textContent = failure.message;
  });
  return section;
}

/** The notification settings' panels; the e-mail one for a signed-in player only. */
export function notificationsParts(signedIn) {
  return [browserPart(), ...(signedIn ? [emailPart()] : [])];
}
