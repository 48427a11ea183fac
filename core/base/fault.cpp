#include "core/base/fault.h"

#if IGV_FAULT_INJECTION
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace igv::fault {

namespace {

struct Armed {
  std::string kernel;
  std::string position;
  std::int64_t heap = -1;
};

const Armed& armed() {
  static const Armed a = [] {
    Armed out;
    const char* spec = std::getenv("IGV_FAULT");
    if (spec == nullptr) return out;
    const std::string s(spec);
    const auto at_sign = s.rfind('@');
    if (at_sign == std::string::npos) return out;
    out.kernel = s.substr(0, at_sign);
    out.position = s.substr(at_sign + 1);
    std::int64_t n = -1;
    const char* end = out.position.data() + out.position.size();
    const auto [p, ec] = std::from_chars(out.position.data(), end, n);
    if (ec == std::errc() && p == end && n >= 0) out.heap = n;
    return out;
  }();
  return a;
}

}  // namespace

bool has_inner_points(std::string_view kernel) {
  return kernel == "subtraction/window" || kernel == "subtraction-misere/window" ||
         kernel == "octal/sparse";
}

bool armed_for(std::string_view kernel) {
  return !armed().kernel.empty() && armed().kernel == kernel;
}

std::string_view position() {
  return armed().position;
}

Value flip(std::string_view kernel, Value value) {
  std::fprintf(stderr, "igv-fault: fired %.*s@%s\n", static_cast<int>(kernel.size()), kernel.data(),
               armed().position.c_str());
  return value ^ 1;
}

Value at(std::string_view kernel, std::string_view position_text, Value value) {
  if (armed_for(kernel) && position_text == armed().position) return flip(kernel, value);
  return value;
}

Value at_heap(std::string_view kernel, std::int64_t n, Value value) {
  if (n == armed().heap && armed_for(kernel)) return flip(kernel, value);
  return value;
}

std::int64_t armed_heap(std::string_view kernel) {
  return armed_for(kernel) ? armed().heap : -1;
}

}  // namespace igv::fault
#endif
