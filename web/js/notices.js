// The page's notices (its #notices region, announced politely) and, where the player
// allowed them in Settings and the tab is in the background, the browser's own
// notifications (the Notifications API). Text from users (names) stays text.
import { element } from './dom.js';

const BROWSER_KEY = 'ordo-browser-notifications';

/** Whether the player asked for browser notifications on this browser. */
export function browserNotificationsWanted() {
  return localStorage.getItem(BROWSER_KEY) === 'on';
}

/**
 * Asks the browser for permission (from a click) and remembers the choice; resolves to
 * what the browser allows now: 'granted', 'denied', 'default' or 'unsupported'.
 */
export async function setBrowserNotifications(on) {
  if (!on) {
    localStorage.removeItem(BROWSER_KEY);
    return browserPermission();
  }
  if (!('Notification' in window)) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'granted') localStorage.setItem(BROWSER_KEY, 'on');
  return permission;
}

export function browserPermission() {
  return 'Notification' in window ? Notification.permission : 'unsupported';
}

export class Notices {
  constructor(region) {
    this.region = region;
  }

  clear() {
    this.region.replaceChildren();
  }

  /**
   * A notice of `parts` (text, links) with a Dismiss button; with `browser` ({title, body,
   * href, tag}), also a browser notification while the tab is hidden, if allowed.
   */
  show(parts, browser = null) {
    const note = element('p', 'notice');
    const close = element('button', '', 'Dismiss');
    close.type = 'button';
    close.addEventListener('click', () => note.remove());
    note.append(...parts, ' ', close);
    this.region.append(note);
    if (browser && document.hidden && browserNotificationsWanted() && browserPermission() === 'granted') {
      const shown = new Notification(browser.title, { body: browser.body, tag: browser.tag });
      shown.addEventListener('click', () => {
        window.focus();
        if (browser.href) window.location.assign(browser.href);
      });
    }
    return note;
  }
}

/** A link for a notice. */
export function noticeLink(href, text) {
  const link = element('a', '', text);
  link.href = href;
  return link;
}
