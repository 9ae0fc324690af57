// What the settings' parts share: a panel with a heading, a form and a status line, and a
// submit handler that shows the server's answer beside its form.
import { element } from './dom.js';

/** A panel with a heading, a form built from `html`, and a status line under it. */
export function panel(title, html) {
  const section = element('section', 'panel settings-part');
  const heading = element('h2', '', title);
  heading.id = `settings-${title.toLowerCase().replace(/\W+/g, '-')}`;
  section.setAttribute('aria-labelledby', heading.id);
  const form = element('form', 'form-grid settings-form');
  form.innerHTML = html;
  const status = element('p', 'settings-status');
  status.setAttribute('role', 'status');
  section.append(heading, form, status);
  return { section, form, status };
}

/** Runs `work` for a submitted form: its button off meanwhile, the outcome in `status`. */
export function onSubmit(form, status, work) {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const button = form.querySelector('button[type=submit]');
    button.disabled = true;
    status.textContent = '';
    status.classList.remove('error-text');
    try {
      status.textContent = await work(new FormData(form));
    } catch (failure) {
      status.textContent = failure.message;
      status.classList.add('error-text');
    } finally {
      button.disabled = false;
    }
  });
}
