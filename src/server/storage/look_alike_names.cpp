#include "server/storage/look_alike_names.h"

#include <algorithm>
#include <iostream>
#include <map>
#include <set>

#include "server/common/name_skeleton.h"

namespace ordo::server {

std::vector<std::vector<StoredAccount>> look_alike_names(std::vector<StoredAccount> accounts) {
  std::sort(accounts.begin(), accounts.end(),
            [](const StoredAccount& a, const StoredAccount& b) { return a.id < b.id; });
  std::map<std::string, std::size_t> group_of;  // skeleton -> index in `groups`
  std::vector<std::vector<StoredAccount>> groups;
  for (StoredAccount& account : accounts) {
    const auto [at, fresh] = group_of.emplace(name_skeleton(account.name), groups.size());
    if (fresh) groups.emplace_back();
    groups[at->second].push_back(std::move(account));
  }
  std::erase_if(groups, [](const auto& group) { return group.size() < 2; });
  return groups;
}

std::vector<std::optional<std::string>> skeletons_to_store(
    const std::vector<StoredAccount>& accounts) {
  std::vector<std::size_t> order(accounts.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return accounts[a].id < accounts[b].id; });
  std::vector<std::optional<std::string>> skeletons(accounts.size());
  std::set<std::string> held;
  for (const std::size_t i : order) {
    std::string skeleton = name_skeleton(accounts[i].name);
    if (held.insert(skeleton).second) skeletons[i] = std::move(skeleton);
  }
  return skeletons;
}

std::string look_alikes_text(const std::vector<std::vector<StoredAccount>>& groups) {
  std::string text;
  for (const auto& group : groups) {
    for (std::size_t i = 0; i < group.size(); ++i)
      text += (i == 0 ? "'" : ", '") + group[i].name + "' (id " + std::to_string(group[i].id) + ")";
    text += '\n';
  }
  return text;
}

void warn_of_look_alikes(const std::vector<StoredAccount>& accounts) {
  if (const auto groups = look_alike_names(accounts); !groups.empty())
    std::cerr << "warning: these accounts have names that look alike (all kept; new names "
                 "may not look like any of them):\n"
              << look_alikes_text(groups);
}

}  // namespace ordo::server
