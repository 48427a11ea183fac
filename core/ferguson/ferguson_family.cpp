#include "core/ferguson/ferguson_family.h"

namespace igv {

nlohmann::json ferguson_value_report(const std::string& game, const std::string& position,
                                     Value value, const std::vector<std::string>& winning_moves,
                                     const std::string& kernel, const std::string& how) {
  return {{"game", game},
          {"position", position},
          {"value", value},
          {"outcome", value == 0 ? "P" : "N"},
          {"winning_moves", winning_moves},
          {"kernel", kernel},
          {"how", how}};
}

}  // namespace igv
