// The pages the server's mail links to (docs/api.md, "E-mail"): /mail/verify#TOKEN
// verifies the address at once; /mail/unsubscribe#TOKEN stops the mail with one button
// (a mail scanner that opens the link does not press it). The token stays after '#', so
// it never reaches a server's or proxy's log.
import { api } from './api.js';
import { element } from './dom.js';

function tokenOfPage() {
  return decodeURIComponent(window.location.hash.slice(1));
}

/** Shows the page for `kind` ('verify' or 'unsubscribe') in `app`. */
export function showMailLinkPage(app, kind) {
  const verifying = kind === 'verify';
  document.title = `${verifying ? 'Verify your address' : 'Stop the mail'} — Ordo`;
  const section = element('section', 'panel mail-link');
  const heading = element('h1', '', verifying ? 'Verify your e-mail address' : 'Stop the mail');
  const status = element('p', 'mail-link-status');
  status.setAttribute('role', 'status');
  section.append(heading, status);
  app.replaceChildren(section);
  const token = tokenOfPage();
  if (!token) {
    status.textContent = 'This link is incomplete: open it from the mail as it is.';
    return;
  }
  const fail = (failure) => {
    status.textContent = failure.message;
    status.classList.add('error-text');
  };
  if (verifying) {
    status.textContent = 'Verifying…';
    api
      .verifyEmail(token)
      .then(
        ({ address }) =>
          (status.textContent = `${address} is verified. Mail about your correspondence games can now reach it; Settings turns it off.`),
        fail,
      );
    return;
  }
  status.textContent = 'No more mail about your games will reach this address.';
  const stop = element('button', 'primary', 'Stop the mail');
  stop.type = 'button';
  stop.addEventListener('click', async () => {
    stop.disabled = true;
    try {
      const { address } = await api.unsubscribe(token);
      status.textContent = `Done: ${address} gets no more mail from this server. Settings turns it on again.`;
      stop.remove();
    } catch (failure) {
      stop.disabled = false;
      fail(failure);
    }
  });
  section.append(stop);
}
