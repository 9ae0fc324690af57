// GameService::tell_news: what a change stored here means to a game's players (game_news.h).
#include "server/games/game_service.h"

namespace ordo::server {

void GameService::set_news_listener(GameNewsListener listener) {
  std::lock_guard lock(news_mutex_);
  news_listener_ = std::move(listener);
}

void GameService::tell_news(const Match& match) {
  const StoredGame& row = match.row;
  if (row.white_account == 0 && row.black_account == 0) return;
  std::lock_guard lock(news_mutex_);
  if (!news_listener_) return;
  GameNews news;
  news.id = row.id;
  news.game = row.game;
  news.rules = row.rules;
  news.size = row.size;
  news.days_per_move = row.days_per_move;
  news.plies = static_cast<int>(match.facts.size());
  news.white_account = row.white_account;
  news.black_account = row.black_account;
  news.white_name = row.white_name;
  news.black_name = row.black_name;
  if (match.over()) {
    news.kind = GameNews::Kind::ended;
    news.result = stored_score(match);
    news.description = match.aborted ? "The game was aborted: it counts for nobody."
                                     : match.game->result().description;
  } else {
    news.kind = GameNews::Kind::turn;
    news.to_move_account =
        match.to_move() == games::Side::First ? row.white_account : row.black_account;
    news.deadline_ms = row.flag_at_ms;
  }
  news_listener_(news);
}

}  // namespace ordo::server
