// Ordo's reference bot (uct.h) behind the registry's bot seam (engine/any_bot.h), so the
// match runner plays it as kind=uct without naming Ordo.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "engine/any_bot.h"

namespace games {

// kind "uct"; options as in GameSpec (rules). Throws GameError for another kind.
std::unique_ptr<AnyBot> make_ordo_bot(std::string_view kind,
                                      const std::map<std::string, std::string>& options,
                                      const BotSettings& settings);

// Checks Ordo's evaluation weights ("material=100,..."): every rule set names them alike.
void check_ordo_weights(const std::string& text);

}  // namespace games
