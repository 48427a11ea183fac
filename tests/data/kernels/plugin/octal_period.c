/* A kernel of an octal game with a known period, as a plugin (core/base/igv_kernel.h), in C,
 * the way an author of a fast kernel writes one: a table of the values through the preperiod and
 * one period, read at start-up, and the period beyond; sums by nim-sum. The game and the table
 * come from the environment (IGV_GAME, e.g. "octal:0.07"; IGV_TABLE, a file "e p" then the values
 * of the heaps 0..e+p-1, one a line: tests/e2e/e2e_kernel_hidden.py writes it).
 *
 * Built once right and once per deliberate bug (IGV_BUG), each a class of issue 34 that the
 * default `verify cross-check GAME --plugin LIB` must catch in every run, at its least wrong
 * position or with the right cause:
 *   1 wrong at heap 987,654 only               2 the heap read into a 32-bit int (past 2^31)
 *   3 a sum counts its first four heaps only   4 a cache that is stale when a heap is below the
 *   5 wrong once in 1,000 answers, at random     previous one (order dependence)
 *   6 prints on stdout at heap 5,000           7 (n - e) mod p by a multiply-shift reciprocal
 *   8 the exception at heap IGV_AT lost          too short for large heaps
 *     (its value taken one period later)       9 preperiod IGV_AT instead of e (a wrong
 *                                                 preperiod: the table ends at IGV_AT + p)
 *  10 answers -2^63 at heap 5,000 (the least 64-bit value, which marks a position the kernel
 *     did not answer in the harness's tables: once taken for "not answered", and passed)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "igv_kernel.h"

#ifndef IGV_BUG
#define IGV_BUG 0
#endif
#ifndef IGV_AT
#define IGV_AT 0
#endif

static int64_t* g;
static int64_t pre, per, size_, table_end;
static char game_[64];

static int load(void) {
  const char* path = getenv("IGV_TABLE");
  FILE* f = path ? fopen(path, "r") : NULL;
  if (!f) return 0;
  long long e = 0, p = 0;
  if (fscanf(f, "%lld %lld", &e, &p) != 2 || e < 0 || p <= 0) return fclose(f), 0;
  pre = e;
  per = p;
  size_ = e + p;
  g = malloc((size_t)size_ * sizeof *g);
  for (int64_t n = 0; n < size_; ++n) {
    long long v;
    if (fscanf(f, "%lld", &v) != 1) return fclose(f), 0;
    g[n] = v;
  }
  fclose(f);
  table_end = size_;
  return 1;
}

static int64_t heap(int64_t n) {
  if (IGV_BUG == 2) n = (int32_t)n < 0 ? -(int64_t)(int32_t)n : (int32_t)n;
  if (IGV_BUG == 6 && n == 5000) printf("debug: heap %lld\n", (long long)n);
  if (IGV_BUG == 8 && n == IGV_AT) return g[n + per];
  if (IGV_BUG == 9 && n >= IGV_AT + per) return g[IGV_AT + (n - IGV_AT) % per];
  if (n < table_end) return g[n];
  if (IGV_BUG == 7) {
    /* q = floor((n - e) / p) by a reciprocal of 40 bits: one too large on some large heaps, and
     * then the index falls before the period's window (a wrong value, not a crash). */
    const unsigned __int128 m = ((unsigned __int128)1 << 40) / (unsigned __int128)per + 1;
    const int64_t q = (int64_t)(((unsigned __int128)(n - pre) * m) >> 40);
    return g[pre + (n - pre) - q * per];
  }
  return g[pre + (n - pre) % per];
}

static int64_t last_n = -1, last_v;

static int value(const int64_t* heaps, size_t count, int64_t* out) {
  int64_t v = 0;
  for (size_t i = 0; i < count; ++i) {
    if (heaps[i] < 0) return 1;
    if (IGV_BUG == 3 && i >= 4) break;
    int64_t h;
    if (IGV_BUG == 4 && count == 1 && heaps[i] < last_n) {
      h = last_v; /* the cache was meant for increasing heaps only */
    } else {
      h = heap(heaps[i]);
    }
    if (IGV_BUG == 4 && count == 1) last_n = heaps[i], last_v = h;
    v ^= h;
  }
  if (IGV_BUG == 1 && count == 1 && heaps[0] == 987654) v ^= 1;
  if (IGV_BUG == 5 && rand() % 1000 == 0) v ^= 1;
  if (IGV_BUG == 10 && count == 1 && heaps[0] == 5000) v = INT64_MIN;
  *out = v;
  return 0;
}

static igv_kernel kernel = {IGV_KERNEL_ABI_VERSION,
                            "octal-period-c",
                            "a table to e + p read at start-up, the period beyond",
                            0,
                            1,
                            value};

const igv_kernel* igv_kernel_describe(const char* game) {
  const char* want = getenv("IGV_GAME");
  if (!want || strcmp(game, want) != 0) return NULL;
  if (!g) {
    if (!load()) return NULL;
    snprintf(game_, sizeof game_, "%s", want);
    if (IGV_BUG == 5) srand((unsigned)time(NULL) ^ (unsigned)getpid());
  }
  return &kernel;
}
