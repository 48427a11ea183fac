// Digital Deletion positions valued by composing Frolov's f (the fast route), beside the naive
// game search over strings (NaiveSolver<DigitDeletionRules>, core/frolov/frolov_rules.h).
//
// Source: 000_a85f04da58584fa6 (Frolov 2012), §2: the position d_1 d_2 … d_L is the sum
// H_{d_1} : H_{d_2} : … : H_{d_L} and its value is f_{d_1} : (f_{d_2} : … (f_{d_L} : 0)).
// Worked example: 618034 has value f_6 : f_1 : f_8 : f_0 : f_3 : f_4 : 0 = 1, and the only
// winning move is to 612034.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/trusted/primitives.h"
#include "core/frolov/frolov_tables.h"

namespace igv {

/// Throws InputError unless `text` is a (possibly empty) string of decimal digits.
void require_digit_string(std::string_view text, std::string_view what);

/// Values of digit strings by f-composition, with a table of f rows 0..9 grown on demand.
class DigitDeletionEvaluator {
 public:
  /// Value of the string: f_{d_1} : (… (f_{d_L} : 0)).
  Value value(std::string_view digits);
  /// Every move of the rules (lower a digit; delete a 0 and what follows) to a position of
  /// value 0, in the order the rules list them.
  std::vector<std::string> winning_moves(std::string_view digits);
  /// The values f_{d_i} : (…) of every suffix, outermost first (the paper's upper line).
  std::vector<Value> suffix_values(std::string_view digits);

 private:
  Value f(int row, Value x);
  FrolovGrid table_;
};

}  // namespace igv
