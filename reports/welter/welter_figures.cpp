// Registers the Welter pictures (reports/welter/welter_svg.h) as figures of the report: `verify run
// --format svg --out DIR` writes them into DIR/figures when the run established (proved or
// verified) a claim they illustrate: the starting values w(n) and their fractal (002's "Starting
// positions"), and the two-coin values [a|b] behind the relations and the routes of computation.
#include "reports/base/figures.h"
#include "reports/welter/welter_svg.h"

namespace igv {
namespace {

bool starts_with(const std::string& s, const std::string& prefix) {
  return s.rfind(prefix, 0) == 0;
}

/// Claims about the starting values w(n) (the fractal), and about the values of positions.
bool about_start(const ClaimResult& r) {
  const auto& c = r.claim;
  if (starts_with(c.checker, "welter.start_")) return true;
  if (c.checker == "welter.block_values" && c.params.is_object()) {
    const auto family = c.params.value("family", std::string());
    return starts_with(family, "start");
  }
  return c.checker == "welter.proof_step" && c.params.is_object() &&
         c.params.value("step", std::string()) == "DER.fractal_copy";
}
bool about_pairs(const ClaimResult& r) {
  const auto& c = r.claim.checker;
  return starts_with(c, "welter.relation_") || c == "welter.routes_agree" ||
         c == "welter.position_value" || starts_with(c, "welter.mating_");
}

FigureWriter welter_figures() {
  return {"welter",
          "w(n) = [n+1|…|2n] for n ≤ 2047 coloured by binary length (002_ae6d722b5ea2de0c), and "
          "[a|b] over 0 ≤ a, b < 64",
          [](const Report& report) {
            Figure fractal{"welter_w_fractal.svg",
                           "Welter: the starting values w(n) = [n+1|…|2n], 1 ≤ n ≤ 2047, coloured "
                           "by the binary length of n (the document's lost fractal picture)",
                           "Every value w(n) computed by Conway's mating rule, the method the "
                           "claims' checkers compared with a naive search over every move.",
                           {},
                           ""};
            Figure pairs{"welter_pair_values.svg",
                         "Welter: the values [a|b] of two coins on squares a, b < 64 (the "
                         "diagonal left blank)",
                         "Every value computed by Conway's mating rule, the method the claims' "
                         "checkers compared with a naive search over every move.",
                         {},
                         ""};
            for (const auto& r : report.results) {
              if (!established(r)) continue;
              if (about_start(r)) fractal.claims.push_back(r.claim.id);
              if (about_pairs(r)) pairs.claims.push_back(r.claim.id);
            }
            std::vector<Figure> out;
            if (!fractal.claims.empty()) {
              fractal.svg = welter_fractal_svg(kWelterFractalMaxN);
              out.push_back(std::move(fractal));
            }
            if (!pairs.claims.empty()) {
              pairs.svg = welter_pair_values_svg(kWelterPairSide);
              out.push_back(std::move(pairs));
            }
            return out;
          }};
}
IGV_REGISTER_FIGURES(welter_figures);

}  // namespace
}  // namespace igv
