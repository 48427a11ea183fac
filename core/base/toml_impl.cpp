// toml++'s implementation, compiled into the program (CMakeLists.txt, "Dependencies") instead of
// loaded from Debian's libtomlplusplus.so: with it, `verify` needs no C++ shared library at all
// (libstdc++ and libgcc are linked statically), which is most of its start-up (issue 28). Every
// other file includes <toml++/toml.h> with TOML_HEADER_ONLY=0 and gets the definitions from here.
#define TOML_IMPLEMENTATION
#include "core/base/toml.h"
