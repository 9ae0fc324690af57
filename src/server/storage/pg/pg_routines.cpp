// The functions PostgreSQL runs for this program (PL/pgSQL), so that a move is one round
// trip: made at start under the migration lock if missing. They are not part of the
// versioned schema: a function's name carries its own number, and a changed function is
// a new name, never a new body under an old name, so that an older and a newer program on
// one database each call their own.
#include <pqxx/pqxx>

#include "server/storage/pg/pg_storage.h"

namespace ordo::server {

namespace {

struct PgRoutine {
  const char* name;
  const char* sql;
};

// append_move's whole transaction (pg_storage.cpp): 'stored', 'stale' (nothing stored:
// the game changed since the caller read it) or 'missing'. The game's row lock serialises
// its moves across every instance; the moves are counted by a statement of their own after
// the lock (a function's statements each take a new snapshot), which then holds every move
// committed by whoever held the lock before. The flag is as update_result sets it.
constexpr PgRoutine kRoutines[] = {
    {"ordo_append_move_1",
     R"(CREATE FUNCTION ordo_append_move_1(
          p_game TEXT, p_ply INTEGER, p_notation TEXT, p_by TEXT, p_think_ms BIGINT,
          p_clock_after_ms BIGINT, p_turn_was BIGINT, p_result TEXT, p_reason TEXT,
          p_now_ms BIGINT, p_flag_at_ms BIGINT, p_event TEXT) RETURNS TEXT
        LANGUAGE plpgsql AS $$
        DECLARE
          stored RECORD;
          plies INTEGER;
        BEGIN
          SELECT result, turn_started_ms INTO stored FROM games WHERE id = p_game FOR UPDATE;
          IF NOT FOUND THEN
            RETURN 'missing';
          END IF;
          SELECT COUNT(*) INTO plies FROM moves WHERE game_id = p_game;
          IF stored.result <> '*' OR plies <> p_ply OR
             (p_turn_was IS NOT NULL AND stored.turn_started_ms <> p_turn_was) THEN
            RETURN 'stale';
          END IF;
          INSERT INTO moves (game_id, ply, notation, "by", think_ms, clock_after_ms)
            VALUES (p_game, p_ply, p_notation, p_by, p_think_ms, p_clock_after_ms);
          UPDATE games SET result = p_result, reason = p_reason, updated_ms = p_now_ms,
            turn_started_ms = p_now_ms,
            flag_at_ms = CASE WHEN p_result = '*' THEN p_flag_at_ms ELSE 0 END,
            draw_offer = '' WHERE id = p_game;
          PERFORM pg_notify('ordo_games', p_event);
          RETURN 'stored';
        END $$)"},
};

}  // namespace

void install_pg_routines(pqxx::transaction_base& t) {
  for (const auto& routine : kRoutines) {
    const auto found = t.exec_params("SELECT to_regproc($1) IS NOT NULL", routine.name);
    if (!found[0][0].as<bool>()) t.exec(routine.sql);
  }
}

}  // namespace ordo::server
