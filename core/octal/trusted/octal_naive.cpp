#include "core/octal/trusted/octal_naive.h"

#include <stdexcept>
#include <string>

namespace igv {

namespace {

Value at(const std::vector<Value>& g, std::int64_t heap) {
  return g[static_cast<std::size_t>(heap)];
}

}  // namespace

std::vector<Value> octal_values_naive(const OctalCode& code, std::int64_t n_max) {
  return mex_of_every_option("octal game " + code.canonical(), n_max,
                             [&](std::int64_t n, const std::vector<Value>& g, const auto& add) {
                               for_each_octal_option(code, n, [&](const HeapOption& o) {
                                 add(nim_sum(at(g, o.first), at(g, o.second)));
                               });
                             });
}

std::vector<Value> hex_values_naive(const HexCode& code, std::int64_t n_max) {
  return mex_of_every_option(
      "hexadecimal game " + code.canonical(), n_max,
      [&](std::int64_t n, const std::vector<Value>& g, const auto& add) {
        for_each_hex_option(code, n, [&](const HexHeapOption& o) {
          add(nim_sum(nim_sum(at(g, o.first), at(g, o.second)), at(g, o.third)));
        });
      });
}

}  // namespace igv
