// Pictures of the Welter function, as SVG (002_ae6d722b5ea2de0c: "As a function of n, they limit
// to a beautiful fractal: The points are colored according to the lengths of their binary
// representations").
//
//   welter_w_fractal.svg  — the points (n, w(n)), w(n) = [n+1|…|2n], coloured by the binary
//                           length of n;
//   welter_pair_values.svg — [a|b] over a square of coin pairs (a, b), the diagonal left blank.
//
// Every plotted value is computed by Conway's mating. To get PNG files:
//   rsvg-convert -o welter_w_fractal.png welter_w_fractal.svg   (librsvg), or
//   convert welter_w_fractal.svg welter_w_fractal.png           (ImageMagick).
#pragma once

#include <cstdint>
#include <string>

namespace igv {

/// The sizes of the report's figures (reports/welter/welter_figures.cpp).
inline constexpr std::int64_t kWelterFractalMaxN = 2047;
inline constexpr std::int64_t kWelterPairSide = 64;

/// The SVG document of the points (n, w(n)) for 1 ≤ n ≤ max_n.
std::string welter_fractal_svg(std::int64_t max_n);

/// The SVG document of [a|b] for 0 ≤ a, b < side.
std::string welter_pair_values_svg(std::int64_t side);

/// Writes welter_w_fractal.svg (n ≤ 2047, binary lengths 1–11) and welter_pair_values.svg
/// (a, b < 64) into `dir` (created if missing), each atomically (temporary file, rename).
/// Throws std::runtime_error when a file cannot be written.
void write_welter_pictures(const std::string& dir);

}  // namespace igv
