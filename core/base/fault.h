// Fault injection: a test build (-DIGV_FAULT_INJECTION=ON) in which one fast kernel, chosen at
// run time, reports a wrong value at one chosen position, so that a test can show that no
// verdict turns wrong when a producer is wrong (tests/e2e/fault_injection.py, core/README.md
// "The proof boundary"). In every other build the fault points compile to nothing.
//
// The fault is armed by the environment: IGV_FAULT="FAMILY/KERNEL@POSITION", e.g.
// "octal/sparse@1234" or "wythoff/table@3,5". A fault point names its kernel as the kernel
// registry does (`verify kernels`); POSITION is the position as the family writes it (a heap
// for one-heap games). The wrong value is the right one with its lowest bit flipped. Each time
// the armed fault fires, one line "igv-fault: fired KERNEL@POSITION" goes to stderr, so the test
// knows which claims the fault touched.
//
// The checker library (igv_checkers) has no fault points: it is what catches them.
#pragma once

#include <cstdint>
#include <string_view>

#include "core/base/trusted/primitives.h"
#include "igv_fault_config.h"

namespace igv::fault {

#if IGV_FAULT_INJECTION
/// True when the armed fault is this kernel's (then position() is where it fires).
bool armed_for(std::string_view kernel);
/// The armed position's text.
std::string_view position();
/// `value`, or the wrong value when the armed fault is (kernel, position_text).
Value at(std::string_view kernel, std::string_view position_text, Value value);
/// `value`, or the wrong value when the armed fault is (kernel, heap n).
Value at_heap(std::string_view kernel, std::int64_t n, Value value);
/// The heap of the armed position when it is a single integer and the fault is this kernel's;
/// -1 otherwise (for kernels that fill a table: they flip that one entry).
std::int64_t armed_heap(std::string_view kernel);
/// Flips the value (and reports that the fault fired).
Value flip(std::string_view kernel, Value value);
/// True for the kernels whose fault points sit inside their code (their producers' loops), so
/// that the registry does not flip their values a second time.
bool has_inner_points(std::string_view kernel);
#else
inline Value at(std::string_view, std::string_view, Value value) {
  return value;
}
inline Value at_heap(std::string_view, std::int64_t, Value value) {
  return value;
}
inline std::int64_t armed_heap(std::string_view) {
  return -1;
}
inline Value flip(std::string_view, Value value) {
  return value;
}
#endif

}  // namespace igv::fault
