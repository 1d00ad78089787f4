// Which of the kernels' builds this processor runs (include/Dispatch.h).

#include "Dispatch.h"
#include "avx2.h"

#ifdef ROWDRAG_AVX2
#include <cpuid.h>

/// Whether the processor has AVX2, BMI1/2, POPCNT and PCLMUL, and the system saves
/// the vector registers.
static int has_avx2(void) {
  unsigned a, b, c, d;
  if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
  int osxsave = (c >> 27) & 1, avx = (c >> 28) & 1, pclmul = (c >> 1) & 1;
  int popcnt = (c >> 23) & 1;
  if (!osxsave || !avx || !pclmul || !popcnt) return 0;
  unsigned lo, hi;
  __asm__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
  if ((lo & 6) != 6) return 0;  // XMM and YMM registers
  if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
  return ((b >> 5) & 1) && ((b >> 3) & 1) && ((b >> 8) & 1);  // AVX2, BMI1, BMI2
}

int rowdrag_avx2_dispatched(void) {
  static int known = -1;
  int best = __atomic_load_n(&known, __ATOMIC_RELAXED);
  if (best < 0) {
    best = has_avx2();
    __atomic_store_n(&known, best, __ATOMIC_RELAXED);
  }
  return best;
}

#else

int rowdrag_avx2_dispatched(void) { return 0; }

#endif
