// The game-family and kernel registries (function-local statics, so registration from other
// translation units' static initialisers is safe whatever the initialisation order).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>
#include <mutex>
#include <stdexcept>

#include "core/base/fault.h"
#include "core/base/game_family.h"
#include "core/base/kernel_registry.h"
#include "core/base/lazy_registry.h"
#include "core/base/trusted/errors.h"

namespace igv {

namespace {
// Static registration (IGV_REGISTER_GAME, IGV_REGISTER_KERNEL) stores the maker functions only;
// the tables make every pending entry, in registration order, the first time they are used, so
// that start-up builds nothing a command does not ask for.
struct PendingFamily {
  const char* name;
  GameFamily (*make)();
};
std::vector<PendingFamily>& pending_families() {
  static std::vector<PendingFamily> pending;
  return pending;
}
std::vector<Kernel (*)()>& pending_kernels() {
  static std::vector<Kernel (*)()> pending;
  return pending;
}
std::map<std::string, GameFamily>& made_families() {
  static std::map<std::string, GameFamily> table;
  return table;
}
std::vector<Kernel>& made_kernels() {
  static std::vector<Kernel> table;
  return table;
}
// The lock under which the pending families and kernels are made (make_pending).
std::recursive_mutex& pending_mutex() {
  static std::recursive_mutex m;
  return m;
}
[[noreturn]] void registry_abort(const std::string& what) {
  std::fprintf(stderr, "verify: internal error: %s\n", what.c_str());
  std::abort();
}
void add_game_family(GameFamily family) {
  auto name = family.name;
  // What the shared report code reads must be declared with the shape that needs it.
  if (family.plot.shape == PlotHints::Shape::boards &&
      (family.plot.board_symbols.size() < 2 || family.plot.board_positions.empty()))
    registry_abort("game family '" + name +
                   "' is drawn as boards but declares no board_symbols or board_positions");
  if (!made_families().emplace(name, std::move(family)).second) {
    registry_abort("game family '" + name + "' registered twice");
  }
}
void add_kernel(Kernel kernel);
/// Makes the pending families named `name` (every pending one when `name` is null), in
/// registration order; a family whose maker returns another name is a programming error.
void make_pending_families(const char* name) {
  make_pending_if(
      pending_mutex(), pending_families(),
      [name](const PendingFamily& e) { return name == nullptr || std::strcmp(e.name, name) == 0; },
      [](const PendingFamily& e) {
        GameFamily family = e.make();
        if (family.name != e.name) {
          registry_abort("game family registered as '" + std::string(e.name) + "' is named '" +
                         family.name + "'");
        }
        add_game_family(std::move(family));
      });
}
std::map<std::string, GameFamily>& family_table() {
  make_pending_families(nullptr);
  return made_families();
}
/// The family called `name`, made if it is pending (and no other); null when there is none.
const GameFamily* family_named(const std::string& name) {
  make_pending_families(name.c_str());
  const std::lock_guard guard(pending_mutex());
  const auto it = made_families().find(name);
  return it == made_families().end() ? nullptr : &it->second;
}
std::vector<Kernel>& kernel_table() {
  make_pending(pending_mutex(), pending_kernels(), add_kernel);
  return made_kernels();
}
}  // namespace

Position GameInstance::parse_position(std::string_view text) const {
  return parse_int_list(text, spec() + " position");
}

std::string GameInstance::format_position(const Position& p) const {
  return format_int_list(p);
}

ValueAnswer GameInstance::value_limited(const Position& p, const ValueRequest& request) const {
  ValueAnswer a = value(p);
  limit_winning_moves(a, request);
  return a;
}

void GameInstance::limit_winning_moves(ValueAnswer& answer, const ValueRequest& request,
                                       std::optional<std::size_t> total) {
  if (!answer.winning_moves) return;
  auto& moves = *answer.winning_moves;
  const std::size_t count = total.value_or(moves.size());
  if (moves.size() > request.max_moves)
    moves.erase(moves.begin() + static_cast<std::ptrdiff_t>(request.max_moves), moves.end());
  answer.winning_moves_count = count;
}

nlohmann::json to_json(const ValueAnswer& a) {
  nlohmann::json j = a.details;
  j["game"] = a.game;
  j["position"] = a.position;
  if (a.value) {
    j["value"] = *a.value;
  } else if (a.value_not_computed) {
    j["value"] = nullptr;
  }
  if (a.outcome) j["outcome"] = *a.outcome;
  if (a.winning_moves) j["winning_moves"] = *a.winning_moves;
  if (a.winning_moves_count) {
    j["winning_moves_count"] = *a.winning_moves_count;
    j["winning_moves_listed"] = a.winning_moves ? a.winning_moves->size() : std::size_t{0};
  }
  if (!a.kernel.empty()) j["kernel"] = a.kernel;
  if (!a.how.empty()) j["how"] = a.how;
  if (a.heap_values) j["heap_values"] = *a.heap_values;
  return j;
}

PeriodAnswer PeriodAnswer::from_checked(nlohmann::json document, CertificateVerdict verdict,
                                        std::optional<std::size_t> asked_index) {
  const std::size_t n = verdict.proved().size();
  const std::size_t i = asked_index.value_or(n == 0 ? 0 : n - 1);
  if (!verdict.accepted() || i >= n)
    throw std::logic_error("a period answer needs an accepted verdict that proved the sequence");
  PeriodAnswer a;
  const ProvedPeriod& asked = verdict.proved()[i];
  a.preperiod = asked.preperiod;
  a.period = asked.period;
  a.saltus = asked.saltus;
  a.asked = i;
  a.document = std::move(document);
  a.verdict = std::move(verdict);
  return a;
}

PeriodAnswer GameInstance::period() const {
  throw InputError("game '" + spec() + "' has no period to compute");
}

PeriodAnswer GameInstance::period_limited(const PeriodRequest&) const {
  return period();
}

void refuse_column_budget(const CertificateCheckRequest& request, const std::string& spec) {
  if (request.max_columns) {
    throw InputError("--max-columns: the certificates of " + spec + " have no column budget");
  }
}

CertificateCheck GameInstance::check_certificate(const nlohmann::json&,
                                                 const CertificateCheckRequest&) const {
  throw InputError("game '" + spec() + "' has no period certificates to check");
}

std::vector<Position> GameInstance::domain(std::int64_t) const {
  throw InputError("game '" + spec() + "' has no exhaustive domain for cross-checks");
}

Position GameInstance::sample(std::uint64_t, std::int64_t) const {
  throw InputError("game '" + spec() + "' has no random positions for cross-checks");
}

void register_game_family(GameFamily family) {
  (void)family_table();  // the pending ones first
  add_game_family(std::move(family));
}

void register_game_family_maker(const char* name, GameFamily (*make)()) {
  pending_families().push_back({name, make});
}

std::vector<const GameFamily*> game_families() {
  std::vector<const GameFamily*> out;
  for (const auto& [name, fam] : family_table()) out.push_back(&fam);
  return out;
}

GameSpec parse_game_spec(std::string_view spec) {
  const auto colon = spec.find(':');
  if (colon == std::string_view::npos) return {std::string(spec), {}};
  return {std::string(spec.substr(0, colon)), std::string(spec.substr(colon + 1))};
}

namespace {
/// The family `parsed` (the parts of `spec`) names; throws InputError naming `spec` otherwise.
const GameFamily& family_of(const GameSpec& parsed, std::string_view spec) {
  if (const GameFamily* family = family_named(parsed.family)) return *family;
  std::string known;
  for (const auto& [n, f] : family_table()) known += (known.empty() ? "" : ", ") + n;
  throw InputError("unknown game '" + std::string(spec) + "' (known families: " + known + ")");
}
}  // namespace

const GameFamily& find_game_family(std::string_view spec) {
  return family_of(parse_game_spec(spec), spec);
}

InstanceShape instance_position_shape(const GameInstance& game) {
  if (auto own = game.instance_shape()) return *own;
  InstanceShape shape;
  try {
    shape.shape = find_game_family(game.spec()).position_shape;
  } catch (const InputError&) {
    // An instance of no registered family (a test's own game): nothing is declared.
  }
  return shape;
}

std::unique_ptr<GameInstance> make_game(std::string_view spec) {
  const GameSpec parsed = parse_game_spec(spec);
  return family_of(parsed, spec).make(parsed.argument);
}

void register_kernel(Kernel kernel) {
  (void)kernel_table();  // the pending ones first
  add_kernel(std::move(kernel));
}

void register_kernel_maker(Kernel (*make)()) {
  pending_kernels().push_back(make);
}

namespace {
void add_kernel(Kernel kernel) {
  for (const auto& k : made_kernels()) {
    if (k.family == kernel.family && k.name == kernel.name) {
      registry_abort("kernel '" + kernel.family + "/" + kernel.name + "' registered twice");
    }
  }
#if IGV_FAULT_INJECTION
  // A fault build: the armed fast kernel reports a wrong value at the armed position, whoever
  // calls it through the registry (its internal fault points cover the direct callers).
  if (!kernel.reference && !fault::has_inner_points(kernel.family + "/" + kernel.name)) {
    const std::string id = kernel.family + "/" + kernel.name;
    kernel.values = [id, inner = std::move(kernel.values)](const GameInstance& game,
                                                           std::span<const Position> ps) {
      auto values = inner(game, ps);
      if (fault::armed_for(id)) {
        for (std::size_t i = 0; i < values.size() && i < ps.size(); ++i)
          values[i] = fault::at(id, game.format_position(ps[i]), values[i]);
      }
      return values;
    };
    if (kernel.range_values) {
      kernel.range_values = [id, inner = std::move(kernel.range_values)](
                                const GameInstance& game, std::int64_t first, std::int64_t last,
                                const RangeEmit& emit, const std::function<void()>& tick) {
        if (!fault::armed_for(id)) return inner(game, first, last, emit, tick);
        inner(
            game, first, last,
            [&](std::int64_t n, Value v) {
              emit(n,
                   fault::at(id, game.format_position(game.parse_position(std::to_string(n))), v));
            },
            tick);
      };
    }
  }
#endif
  made_kernels().push_back(std::move(kernel));
}
}  // namespace

std::vector<const Kernel*> kernels(std::string_view family) {
  std::vector<const Kernel*> out;
  for (const auto& k : kernel_table()) {
    if (family.empty() || k.family == family) out.push_back(&k);
  }
  std::stable_sort(out.begin(), out.end(), [](const Kernel* a, const Kernel* b) {
    if (a->family != b->family) return a->family < b->family;
    return a->reference > b->reference;
  });
  return out;
}

const Kernel& find_kernel(std::string_view family, std::string_view name) {
  std::string known;
  for (const Kernel* k : kernels(family)) {
    if (k->name == name) return *k;
    known += (known.empty() ? "" : ", ") + k->name;
  }
  throw InputError("no kernel '" + std::string(name) + "' for game family '" + std::string(family) +
                   "'" + (known.empty() ? "" : " (known: " + known + ")"));
}

bool streams_ranges(const Kernel& kernel) {
  return static_cast<bool>(kernel.range_values) || kernel.independent_positions;
}

void stream_range_values(const Kernel& kernel, const GameInstance& game, std::int64_t first,
                         std::int64_t last, const RangeEmit& emit,
                         const std::function<void()>& tick) {
  if (first < 0 || last < first)
    throw std::logic_error("stream_range_values: expected 0 <= first <= last");
  if (kernel.range_values) {
    kernel.range_values(game, first, last, emit, tick);
    return;
  }
  if (!kernel.independent_positions)
    throw std::logic_error("kernel " + kernel.family + "/" + kernel.name +
                           " has no streamed route for a range");
  // Counted from first, never compared with last + 1 (a range may end at 2^63 - 1).
  const auto count = static_cast<std::uint64_t>(last - first) + 1;
  std::vector<Position> batch;
  for (std::uint64_t done = 0; done < count;) {
    const auto size = std::min<std::uint64_t>(count - done, kRangeBatch);
    batch.clear();
    for (std::uint64_t i = 0; i < size; ++i)
      batch.push_back(
          game.parse_position(std::to_string(first + static_cast<std::int64_t>(done + i))));
    const auto values = kernel.values(game, batch);
    if (values.size() != batch.size())
      throw std::logic_error("kernel " + kernel.family + "/" + kernel.name + " gave " +
                             std::to_string(values.size()) + " values for " +
                             std::to_string(batch.size()) + " positions");
    for (std::uint64_t i = 0; i < size; ++i)
      emit(first + static_cast<std::int64_t>(done + i), values[static_cast<std::size_t>(i)]);
    done += size;
    if (tick) tick();
  }
}

decltype(Kernel::range_values) range_values_from_prefix(
    std::function<std::vector<Value>(const GameInstance&, std::int64_t count)> prefix) {
  return
      [prefix = std::move(prefix)](const GameInstance& game, std::int64_t first, std::int64_t last,
                                   const RangeEmit& emit, const std::function<void()>&) {
        if (last == std::numeric_limits<std::int64_t>::max())
          throw BudgetExceeded("a prefix of 2^63 values");
        const auto values = prefix(game, last + 1);
        if (static_cast<std::int64_t>(values.size()) != last + 1)
          throw std::logic_error("a sequence kernel gave " + std::to_string(values.size()) +
                                 " values for a prefix of " + std::to_string(last + 1));
        for (std::int64_t n = first; n <= last; ++n) emit(n, values[static_cast<std::size_t>(n)]);
      };
}

}  // namespace igv
