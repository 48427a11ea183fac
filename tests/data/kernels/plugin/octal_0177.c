/* A kernel of octal:0.177 as a plugin (core/base/igv_kernel.h), in C: the values from the rules up
 * to a period proved by the Guy–Smith theorem, the period beyond; sums by nim-sum.
 *
 * Built once right and once per deliberate bug (IGV_BUG, tests/tests.cmake), the same bugs as the
 * Python kernels beside it (tests/e2e/e2e_kernel_regression.py requires the default
 * `verify cross-check octal:0.177 --plugin LIB` to catch each one):
 *   1 wrong at heap 54321        2 the period applied from 0 past the table (not from e)
 *   3 wrong on heaps >= 2^18 with (n - e) mod p == 3                 4 wrong on n >= 3000, n mod 7
 * == 3 5 no split into equal halves (off by one)                        6 sums add instead of
 * nim-sum 7 crashes (SIGSEGV) at heap 43210   8 hangs at heap 7777         9 returns an error at
 * heap 500
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "igv_kernel.h"

#ifndef IGV_BUG
#define IGV_BUG 0
#endif

#define N 4096
static const int digits[3] = {1, 7, 7};
static int64_t g[N], buggy[2048];
static int64_t size_, pre, per;

static int64_t mex_of(const int64_t* g, int64_t n, int split_offset) {
  unsigned char seen[256];
  memset(seen, 0, sizeof seen);
  for (int k = 1; k <= 3; ++k) {
    const int d = digits[k - 1];
    if ((d & 1) && n == k) seen[0] = 1;
    if ((d & 2) && n > k) seen[g[n - k] & 255] = 1;
    if ((d & 4) && n >= k + 2)
      for (int64_t a = 1; a <= (n - k) / 2 + split_offset; ++a)
        seen[(g[a] ^ g[n - k - a]) & 255] = 1;
  }
  int64_t m = 0;
  while (seen[m]) ++m;
  return m;
}

static void build(void) {
  for (int64_t n = 0; n < N; ++n) g[n] = mex_of(g, n, 0);
  for (int64_t n = 0; n < 2048; ++n) buggy[n] = mex_of(buggy, n, -1);
  size_ = N;
  /* The least period p, and its preperiod e, with 2e + 2p + 3 <= N (Guy–Smith, t = 3). */
  for (int64_t p = 1; p < N / 2; ++p) {
    int64_t e = N - p;
    while (e > 0 && g[e - 1] == g[e - 1 + p]) --e;
    if (2 * e + 2 * p + 3 <= N) {
      pre = e;
      per = p;
      return;
    }
  }
  abort();
}

static int64_t heap(int64_t n) {
  if (IGV_BUG == 7 && n == 43210) raise(SIGSEGV);
  if (IGV_BUG == 8 && n == 7777)
    for (;;) pause();
  int64_t v;
  if (IGV_BUG == 5 && n < 2048) {
    v = buggy[n];
  } else if (n < 2048 || (n < size_ && IGV_BUG != 2)) {
    v = g[n];
  } else if (IGV_BUG == 2) {
    v = g[pre + n % per];
  } else {
    v = g[pre + (n - pre) % per];
  }
  if (IGV_BUG == 1 && n == 54321) v += 1;
  if (IGV_BUG == 3 && n >= (1 << 18) && (n - pre) % per == 3) v ^= 1;
  if (IGV_BUG == 4 && n >= 3000 && n % 7 == 3) v += 2;
  return v;
}

static int value(const int64_t* coords, size_t count, int64_t* out) {
  int64_t v = 0;
  for (size_t i = 0; i < count; ++i) {
    if (coords[i] < 0) return 1;
    if (IGV_BUG == 9 && coords[i] == 500) return 7;
    v = (IGV_BUG == 6 && i > 0) ? v + heap(coords[i]) : (v ^ heap(coords[i]));
  }
  *out = v;
  return 0;
}

static const igv_kernel kernel = {IGV_KERNEL_ABI_VERSION,
                                  "octal-0.177-c",
                                  "mex from the rules to 4096, the Guy-Smith period beyond",
                                  0,
                                  1,
                                  value};

const igv_kernel* igv_kernel_describe(const char* game) {
  if (strcmp(game, "octal:0.177") != 0) return NULL;
  if (size_ == 0) build();
  return &kernel;
}
