// Every registered kernel of every game family against the family's reference kernel, on each
// example specification: exhaustively on the family's domain and on random positions beyond.
// A new kernel is cross-checked here without any change to this file.
#include <boost/test/unit_test.hpp>
#include <random>
#include <set>

#include "core/base/game_family.h"
#include "core/base/kernel_registry.h"
#include "core/base/trusted/errors.h"
#include "properties/kernels/cross_check.h"

using namespace igv;

BOOST_AUTO_TEST_CASE(every_registered_kernel_agrees_with_its_reference) {
  CrossCheckOptions options;
  options.range = 1'000'000;  // each family's cross_check_range decides
  options.random_cases = 100;
  const auto results = cross_check_all_registered(options);
  BOOST_TEST(!results.empty());
  std::size_t kernels_checked = 0;
  for (const auto& r : results) {
    kernels_checked += r.kernels.size();
    BOOST_TEST(r.agree(), r.game << ": " << r.disagreement.dump());
    BOOST_TEST(r.exhaustive_positions > 0U, r.game);
  }
  BOOST_TEST_MESSAGE(results.size()
                     << " games, " << kernels_checked << " kernel runs cross-checked");
}

BOOST_AUTO_TEST_CASE(every_family_with_kernels_has_a_reference) {
  for (const auto* f : game_families()) {
    const auto ks = kernels(f->name);
    if (ks.empty()) continue;
    BOOST_TEST(ks.front()->reference, f->name << " has no reference kernel");
    int refs = 0;
    for (const auto* k : ks) refs += k->reference ? 1 : 0;
    BOOST_TEST(refs == 1, f->name << " has " << refs << " reference kernels");
  }
}

namespace {
/// The spec's integer positions 0..n, or empty when the family does not take a bare integer.
std::vector<Position> integer_positions(const GameInstance& game, std::int64_t n) {
  std::vector<Position> out;
  try {
    for (std::int64_t i = 0; i <= n; ++i) out.push_back(game.parse_position(std::to_string(i)));
  } catch (const InputError&) {
    out.clear();
  }
  return out;
}
}  // namespace

BOOST_AUTO_TEST_CASE(every_streamed_range_equals_the_kernels_values) {
  // `verify values GAME a..b` streams a range (stream_range_values) when the kernel offers it:
  // the streamed values must be those of the kernel's ordinary route, position for position, on
  // every example of its family, on 0..N and on random sub-ranges a..b (a window or a prefix
  // started elsewhere than 0, a batch boundary crossed).
  std::size_t ranges = 0;
  std::set<std::string> streaming;
  for (const auto* f : game_families()) {
    // A family without examples is its bare name (nim, welter).
    const auto specs = f->examples.empty() ? std::vector<std::string>{f->name} : f->examples;
    for (const auto& spec : specs) {
      const auto game = make_game(spec);
      for (const auto* k : kernels(f->name)) {
        if (!streams_ranges(*k)) continue;
        // Batches of independent positions: past the first batch's end; the others: the
        // family's cross-check range (at least 64).
        const std::int64_t n =
            k->independent_positions
                ? kRangeBatch + 100
                : std::min<std::int64_t>(std::max<std::int64_t>(f->cross_check_range, 64), 5000);
        const auto positions = integer_positions(*game, n);
        if (positions.empty()) continue;
        streaming.insert(f->name + "/" + k->name);
        std::vector<Value> held;
        try {
          held = k->values(*game, positions);
        } catch (const BudgetExceeded&) {
          continue;  // beyond this kernel's reach at this spec (its own refusal)
        }
        const auto streamed = [&](std::int64_t a, std::int64_t b) {
          std::vector<Value> out;
          stream_range_values(*k, *game, a, b, [&](std::int64_t i, Value v) {
            BOOST_REQUIRE_EQUAL(i, a + static_cast<std::int64_t>(out.size()));
            out.push_back(v);
          });
          return out;
        };
        BOOST_TEST(streamed(0, n) == held, spec << " / " << k->name << " 0.." << n);
        std::mt19937_64 rng(std::hash<std::string>{}(spec + k->name));
        for (int t = 0; t < 5; ++t) {
          const auto a = static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(n + 1));
          const auto b =
              a + static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(n + 1 - a));
          const std::vector<Value> want(held.begin() + a, held.begin() + b + 1);
          BOOST_TEST(streamed(a, b) == want, spec << " / " << k->name << " " << a << ".." << b);
        }
        ++ranges;
      }
    }
  }
  BOOST_TEST_MESSAGE(ranges << " kernel x spec ranges streamed");
  // The fast kernels that stream: a new one of a family of integer positions decides here.
  for (const char* name : {"nim/xor",
                           "misere-nim/bouton",
                           "subtraction/window",
                           "subtraction/members",
                           "subtraction/bitset",
                           "subtraction-misere/window",
                           "subtraction-misere/members",
                           "subtraction-misere/bitset",
                           "hex/sets",
                           "welter/conway",
                           "welter/relations",
                           "rook-misere/g2-formula",
                           "rook-misere/sweep",
                           "rook-misere/row-window",
                           "digital-deletion/formula-1",
                           "digital-deletion/row-window",
                           "digital-deletion/sweep",
                           "octal/sparse",
                           "octal/periodic",
                           "grundy/sparse",
                           "digits/f-composition"})
    BOOST_TEST(streaming.count(name) == 1U, name << " streams a range");
}
