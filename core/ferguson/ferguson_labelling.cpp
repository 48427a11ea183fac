#include "core/ferguson/ferguson_labelling.h"

#include <deque>

namespace igv {

std::vector<PnLabel> label_positions(const GameOptions& options, PlayConvention convention) {
  const std::size_t n = options.size();
  // predecessors[j]: the nodes with a move to j (one entry per edge, duplicates kept so that
  // the counters below count edges).
  std::vector<std::vector<std::uint32_t>> predecessors(n);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::uint32_t j : options[i]) {
      if (j >= n)
        throw InputError("P/N labelling: node " + std::to_string(i) + " has a move to node " +
                         std::to_string(j) + ", beyond the graph's " + std::to_string(n) +
                         " nodes");
      predecessors[j].push_back(static_cast<std::uint32_t>(i));
    }
  }
  // options_not_yet_n[i]: edges from i whose target is not (yet) labelled N. When it reaches 0,
  // every move from i goes to an N-position, which is Step 3's condition.
  std::vector<std::size_t> options_not_yet_n(n);
  std::vector<PnLabel> label(n, PnLabel::unlabelled);
  std::deque<std::uint32_t> newly_labelled;
  // Step 1: terminal positions are P in normal play, N in misère play.
  const PnLabel terminal_label = convention == PlayConvention::normal ? PnLabel::P : PnLabel::N;
  for (std::size_t i = 0; i < n; ++i) {
    options_not_yet_n[i] = options[i].size();
    if (options[i].empty()) {
      label[i] = terminal_label;
      newly_labelled.push_back(static_cast<std::uint32_t>(i));
    }
  }
  while (!newly_labelled.empty()) {
    const std::uint32_t j = newly_labelled.front();
    newly_labelled.pop_front();
    for (std::uint32_t i : predecessors[j]) {
      if (label[j] == PnLabel::P) {
        // Step 2: i can move to a P-position, so i is an N-position.
        if (label[i] == PnLabel::unlabelled) {
          label[i] = PnLabel::N;
          newly_labelled.push_back(i);
        }
      } else {
        // Step 3: once every move from i goes to an N-position, i is a P-position.
        if (--options_not_yet_n[i] == 0 && label[i] == PnLabel::unlabelled) {
          label[i] = PnLabel::P;
          newly_labelled.push_back(i);
        }
      }
    }
  }
  return label;
}

std::optional<std::string> characteristic_property_violation(const GameOptions& options,
                                                             const std::vector<PnLabel>& labels,
                                                             PlayConvention convention) {
  if (labels.size() != options.size()) return "labelling has the wrong number of nodes";
  const PnLabel terminal_label = convention == PlayConvention::normal ? PnLabel::P : PnLabel::N;
  for (std::size_t i = 0; i < options.size(); ++i) {
    const auto node = "node " + std::to_string(i);
    if (labels[i] == PnLabel::unlabelled) return node + " is unlabelled";
    if (options[i].empty()) {
      if (labels[i] != terminal_label)
        return "(1) fails: terminal " + node + " is " + to_string(labels[i]);
      continue;
    }
    bool some_move_to_p = false;
    bool every_move_to_n = true;
    for (std::uint32_t j : options[i]) {
      if (labels[j] == PnLabel::P) some_move_to_p = true;
      if (labels[j] != PnLabel::N) every_move_to_n = false;
    }
    if (labels[i] == PnLabel::N && !some_move_to_p) {
      return "(2) fails: N-" + node + " has no move to a P-position";
    }
    if (labels[i] == PnLabel::P && !every_move_to_n) {
      return "(3) fails: P-" + node + " has a move to a position that is not N";
    }
  }
  return std::nullopt;
}

const char* to_string(PnLabel label) {
  switch (label) {
    case PnLabel::P:
      return "P";
    case PnLabel::N:
      return "N";
    case PnLabel::unlabelled:
      break;
  }
  return "unlabelled";
}

}  // namespace igv
