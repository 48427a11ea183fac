/* igv_kernel.h: the C ABI of a kernel loaded by `verify cross-check GAME --plugin LIB.so`.
 *
 * A kernel is a shared library that exports one function, igv_kernel_describe. The harness calls
 * it with the game's specification (e.g. "octal:0.177"); the library returns NULL when it does
 * not compute that game, else a description that stays valid while the library is loaded. The
 * harness then asks `value` for the value of each position it checks, in a separate process
 * (`verify kernel-host`), so a kernel that crashes or hangs is reported, not fatal.
 *
 * A position is a list of integers in the family's coordinates: for heap games (octal, hex,
 * grundy, nim, subtraction) the heap sizes, one for a single heap, several for a sum.
 * Documentation and a worked example: verify/CROSS_CHECK.md; an example kernel:
 * verify/plugin/example/. In the source tree it is core/base/igv_kernel.h; it is installed as
 * include/igv_kernel.h (beside igv_kernel.hpp), the name plugins include.
 */
#ifndef IGV_KERNEL_H
#define IGV_KERNEL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define IGV_KERNEL_ABI_VERSION 1

typedef struct igv_kernel {
  /* IGV_KERNEL_ABI_VERSION of the header the library was built with. */
  uint32_t abi_version;
  /* A short name and one line on how it computes (shown in the output; may be NULL). */
  const char* name;
  const char* description;
  /* The largest position it computes: the largest heap (0: the harness's default). */
  int64_t max_position;
  /* Nonzero when it takes sums of several heaps; zero: one heap per position. */
  int sums;
  /* The value of the position coords[0..count-1] in *value. Returns 0, or nonzero when it cannot
   * compute it (the harness reports that as a defect of the kernel at that position). May be
   * called from one thread only; positions come in any order (increasing, decreasing, shuffled),
   * and each position is asked more than once, in separate runs: the answer must not depend on it.
   */
  int (*value)(const int64_t* coords, size_t count, int64_t* value);
} igv_kernel;

/* The one function a kernel library exports. */
typedef const igv_kernel* (*igv_kernel_describe_fn)(const char* game_spec);
#define IGV_KERNEL_DESCRIBE_SYMBOL "igv_kernel_describe"

#ifdef __cplusplus
}
#endif

#endif /* IGV_KERNEL_H */
