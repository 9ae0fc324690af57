// Tells a signed-in player, on whatever page is open, when one of her challenges is taken,
// or a direct one declined (docs/api.md, GET /api/account/events): a correspondence
// challenge stays open after she leaves the lobby, so the news must reach her elsewhere.
// Each challenge is told once per browser (remembered in localStorage).
import { onClosedChallenges } from './account-events.js';
import { noticeLink } from './notices.js';
import { ToldOnce } from './told-once.js';

const told = new ToldOnce('ordo-told-challenges');

/** Tells `notices` of `account`'s challenges as they close; returns an unsubscribe. */
export function tellClosedChallenges(notices, account) {
  return onClosedChallenges((challenges) => {
    for (const c of challenges) {
      if (c.creator.id !== account.id) continue;
      const taken = c.state === 'accepted' && c.game_id;
      const declined = c.state === 'declined' && c.to;
      if ((!taken && !declined) || !told.first(c.id)) continue;
      if (taken) {
        const what = c.days_per_move ? 'correspondence challenge' : 'challenge';
        const href = `/play/${encodeURIComponent(c.game_id)}`;
        notices.show([`Your ${what} was taken. `, noticeLink(href, 'Open the game')], {
          title: `Your ${what} was taken`,
          body: 'Open the game to play.',
          href,
          tag: `challenge-${c.id}`,
        });
      } else {
        notices.show([`Your challenge to ${c.to.name} was declined.`]);
      }
    }
  });
}
