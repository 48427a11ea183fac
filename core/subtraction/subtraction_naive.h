// The naive kernel of SUB(S): values straight from the definition, nothing shared with the
// fast kernel but the rules (SubtractionRules::moves) and the mex primitive.
//
// Normal play: G(n) = mex{G(n - s) : s in S, s <= n} (001_bc98b3364103fd4a, "Sprague-Grundy
// 序列"; the slide's "max" is an OCR error for "mex", which the next line defines).
//
// Misère play: the misère Grundy value g⁻(n) = 1 when n has no move, else mex of the options'
// g⁻ (Conway, On Numbers and Games, ch. 12: the first misère number of the genus). By induction
// g⁻(n) = 0 exactly when n is not terminal and every option has g⁻ != 0, which is Ferguson's
// characterisation of misère P-positions (004_2d19be0a5059ae39, §1.3: terminal positions are
// N-positions). For a single heap only this outcome matters; the value is reported so that the
// same period machinery serves both conventions.
#pragma once

#include <cstdint>
#include <vector>

#include "core/base/trusted/primitives.h"
#include "core/subtraction/trusted/subtraction_rules.h"

namespace igv {

/// Values of heaps 0 .. count-1, bottom-up from the rules and mex. O(count) memory.
std::vector<Value> subtraction_values_naive(const SubtractionSet& set, SubtractionPlay play,
                                            std::int64_t count);

/// Value of one heap from a bottom-up table of every smaller heap.
Value subtraction_value_naive(const SubtractionSet& set, SubtractionPlay play, std::int64_t n);

}  // namespace igv
