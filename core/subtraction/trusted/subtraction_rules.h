// Trusted: the checker library, core/subtraction/trusted/ (core/README.md, "The proof boundary").
//
// Subtraction games SUB(S): the rules, written once.
//
// A position is a heap of n chips; a move removes s chips for some s in S with s <= n
// (001_bc98b3364103fd4a, "我们将这个游戏记为 SUB(S)"; 004_2d19be0a5059ae39, §1.4). The player
// who cannot move loses (normal play, the slides' "谁不能取谁算输") or wins (misère play,
// 004 §1.3: "all terminal positions are N-positions").
//
// S is either a finite set of distinct positive integers, the infinite set of all powers of
// 2 (004, exercise 4(c)), or one of the infinite rule-defined sets `squares` {1, 4, 9, 16, …}
// (Take-a-Square, OEIS A030193 for its P-positions), `fibonacci` {1, 2, 3, 5, 8, …} (the
// distinct Fibonacci numbers) and `primes` {2, 3, 5, 7, …}. Everything else in the module
// (naive kernel, window and member kernels, period producer and certificate checker) reads
// the moves from here.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace igv {

/// Normal play: the last player to move wins. Misère play: the last player to move loses.
enum class SubtractionPlay { normal, misere };

/// The infinite sets defined by a rule (besides the powers of 2, which keep their own flag).
enum class SubtractionRuleSet {
  none,       ///< S is finite (or the powers of 2)
  squares,    ///< {1, 4, 9, 16, …}: the positive squares
  fibonacci,  ///< {1, 2, 3, 5, 8, …}: the distinct Fibonacci numbers
  primes      ///< {2, 3, 5, 7, 11, …}: the primes
};

/// The subtraction set S.
struct SubtractionSet {
  /// Sorted, distinct, positive elements; empty when S is infinite (`powers_of_two` or `rule`).
  std::vector<std::int64_t> elements;
  /// S = {1, 2, 4, 8, ...} (all powers of 2, 004 exercise 4(c)).
  bool powers_of_two = false;
  /// S = the squares, the Fibonacci numbers or the primes; `none` otherwise.
  SubtractionRuleSet rule = SubtractionRuleSet::none;

  /// True for a finite S (a list of elements).
  [[nodiscard]] bool finite() const { return !powers_of_two && rule == SubtractionRuleSet::none; }
  /// True for squares, fibonacci and primes (not for the powers of 2).
  [[nodiscard]] bool rule_defined() const { return rule != SubtractionRuleSet::none; }
  /// s_k, the largest element (finite sets only: throws InputError for an infinite S).
  [[nodiscard]] std::int64_t largest() const;
  /// k = |S| (finite sets only; 0 for an infinite S).
  [[nodiscard]] std::size_t size() const { return elements.size(); }
  /// "1,3,4", "powers-of-2", "squares", "fibonacci" or "primes".
  [[nodiscard]] std::string to_string() const;
  /// True when s is in S.
  [[nodiscard]] bool contains(std::int64_t s) const;
};

/// The members of S that are at most n, increasing (empty for n < 1). For the primes, a sieve
/// of Eratosthenes up to n (n + 1 bits). This is the rules' one description of S.
std::vector<std::int64_t> subtraction_members_up_to(const SubtractionSet& set, std::int64_t n);

/// Parses the parameter part of `subtraction:S`: a comma list of distinct positive integers
/// (ranges `a..b` allowed), `powers-of-2`, `squares`, `fibonacci` or `primes`. Throws
/// InputError naming `text` when the list is empty, malformed, has a non-positive element or
/// a repeated element.
SubtractionSet parse_subtraction_set(std::string_view text);

/// Builds a finite set from elements (any order); throws InputError as above.
SubtractionSet make_subtraction_set(std::vector<std::int64_t> elements);

/// The rules of SUB(S) on a single heap, in the shape NaiveSolver expects.
struct SubtractionRules {
  using Position = std::int64_t;
  SubtractionSet set;
  /// Every heap reachable in one move: n - s for s in S, s <= n (in increasing order of s).
  [[nodiscard]] std::vector<Position> moves(Position n) const;
  /// The same moves written into `out` (cleared first), for loops that reuse one buffer.
  void moves(Position n, std::vector<Position>& out) const;
};

/// The game specification of a set and a play convention: "subtraction:1,3,4",
/// "subtraction-misere:1,2,3", "subtraction:powers-of-2", "subtraction:squares".
std::string subtraction_spec(const SubtractionSet& set, SubtractionPlay play);

}  // namespace igv
