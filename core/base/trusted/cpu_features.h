// Trusted: the checker library, core/base/trusted/ (core/README.md, "The proof boundary").
//
// Which vector instructions the processor runs, for kernels and checkers that have an AVX2 build
// of a loop beside the baseline one (header only: the checker library uses it too).
//
// The answer is glibc's (<sys/platform/x86.h>), which glibc worked out once at start-up: asking
// it costs no CPUID instruction. (GCC's target_clones would link libgcc's CPU detection, which
// runs a dozen CPUIDs at every start-up, each a trap to the hypervisor on a virtual machine:
// about a tenth of a small `verify period`, issue 28.)
#pragma once

#if defined(__x86_64__) && defined(__GNUC__) && defined(__ELF__) && __has_include(<sys/platform/x86.h>)
// The header is C: its _Bool is spelled bool for C++ (GCC accepts _Bool in C++, clang does not).
#define _Bool bool
#include <sys/platform/x86.h>
#undef _Bool
/// Compiles a function for AVX2 (call it only when cpu_has_avx2()).
#define IGV_AVX2_TARGET __attribute__((target("avx2")))
#define IGV_HAS_AVX2_BUILD 1
#else
#define IGV_AVX2_TARGET
#define IGV_HAS_AVX2_BUILD 0
#endif

namespace igv {

/// Whether the AVX2 build of a loop may run here (false where there is none).
inline bool cpu_has_avx2() {
#if IGV_HAS_AVX2_BUILD
  static const bool has = CPU_FEATURE_ACTIVE(AVX2);
  return has;
#else
  return false;
#endif
}

}  // namespace igv
