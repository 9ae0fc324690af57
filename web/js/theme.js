// The page's colour theme: the system's (light or dark, followed as it changes) unless the
// player chose one in the settings; kept in this browser. It sets data-theme on the root,
// which the style sheet's dark colours key on.
const KEY = 'ordo-theme';
const THEMES = ['system', 'light', 'dark'];
const systemDark = window.matchMedia('(prefers-color-scheme: dark)');

/** The choice: 'system', 'light' or 'dark'. */
export function themeChoice() {
  try {
    const stored = localStorage.getItem(KEY);
    return THEMES.includes(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

function apply() {
  const choice = themeChoice();
  const dark = choice === 'dark' || (choice === 'system' && systemDark.matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
}

/** Keeps `choice` in this browser and shows it at once. */
export function chooseTheme(choice) {
  try {
    localStorage.setItem(KEY, THEMES.includes(choice) ? choice : 'system');
  } catch {
    // Storage disabled: the choice lasts for this page.
  }
  apply();
}

/** Applies the theme now and whenever the system's changes. */
export function startTheme() {
  apply();
  systemDark.addEventListener('change', apply);
}
