// Any UTF-8 string as LaTeX text (the text of the LaTeX report, latex_writer.cpp).
#pragma once

#include <string>

namespace igv {

/// A UTF-8 string as LaTeX text that pdflatex and lualatex compile: ASCII with TeX's specials
/// escaped, math symbols in math mode (⊕ → $\oplus$), accents, Cyrillic runs in \igvru{…} (T2A
/// letter commands), Chinese and Japanese runs in \igvzh{…} / \igvja{…}, anything else as
/// \igvU{code point}; line breaks allowed after punctuation and inside long words.
std::string latex_text(const std::string& utf8);

}  // namespace igv
