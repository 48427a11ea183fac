#include "core/ferguson/ferguson_family.h"

namespace igv {

ValueAnswer ferguson_value_report(const std::string& game, const std::string& position, Value value,
                                  const std::vector<std::string>& winning_moves,
                                  const std::string& kernel, const std::string& how) {
  ValueAnswer a;
  a.game = game;
  a.position = position;
  a.value = value;
  a.outcome = value == 0 ? "P" : "N";
  a.winning_moves = winning_moves;
  a.kernel = kernel;
  a.how = how;
  return a;
}

}  // namespace igv
