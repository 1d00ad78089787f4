// JSON Lines' stretch kernel (include/JSONLinesKernel.h): one body (jsonl_step.h),
// compiled for every processor of the architecture and, on x86-64, again for AVX2,
// BMI1/2, POPCNT and PCLMUL (32-byte comparisons, the prefix XORs as carry-less
// multiplications, `andn`, `popcnt`), chosen with `cpuid` at the first call.

#include "CByteMasks.h"
#include "JSONLinesKernel.h"

#define KERNEL rowdrag_jsonl_baseline
#define ATTRIBUTES
#define LOAD(w)
#define EQ(w, c) rowdrag_mask_eq((w), (c))
#define RANGE(w, lo, hi) rowdrag_mask_range((w), (lo), (hi))
#define ANY_STOP(w) rowdrag_any_json_stop(w)
#define PREFIX_XOR(m) rowdrag_prefix_xor(m)
#define COUNT(m) __builtin_popcountll(m)
#include "jsonl_step.h"
#undef KERNEL
#undef ATTRIBUTES
#undef LOAD
#undef EQ
#undef RANGE
#undef ANY_STOP
#undef PREFIX_XOR
#undef COUNT

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <cpuid.h>
#include <immintrin.h>

#define FAST __attribute__((target("avx2,bmi,bmi2,popcnt,pclmul")))

/// Bit k set when byte k of the 64 in `lo` and `hi` is c.
FAST static inline uint64_t eq_avx2(__m256i lo, __m256i hi, char c) {
  __m256i k = _mm256_set1_epi8(c);
  uint32_t a = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(lo, k));
  uint32_t b = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(hi, k));
  return (uint64_t)b << 32 | a;
}

/// Bit k set when lo <= byte k <= hi, for bytes below 0x80 (signed comparisons).
FAST static inline uint64_t range_avx2(__m256i v0, __m256i v1, char lo, char hi) {
  __m256i below = _mm256_set1_epi8((char)(lo - 1)), above = _mm256_set1_epi8((char)(hi + 1));
  __m256i in0 = _mm256_and_si256(_mm256_cmpgt_epi8(v0, below), _mm256_cmpgt_epi8(above, v0));
  __m256i in1 = _mm256_and_si256(_mm256_cmpgt_epi8(v1, below), _mm256_cmpgt_epi8(above, v1));
  uint32_t a = (uint32_t)_mm256_movemask_epi8(in0);
  uint32_t b = (uint32_t)_mm256_movemask_epi8(in1);
  return (uint64_t)b << 32 | a;
}

/// Nonzero when a byte is a backslash, a control byte other than a line feed, or not
/// ASCII (signed, those are below 0x20 too).
FAST static inline int stop_avx2(__m256i v0, __m256i v1) {
  __m256i space = _mm256_set1_epi8(0x20), newline = _mm256_set1_epi8(10);
  __m256i backslash = _mm256_set1_epi8(0x5C);
  __m256i low0 = _mm256_andnot_si256(_mm256_cmpeq_epi8(v0, newline), _mm256_cmpgt_epi8(space, v0));
  __m256i low1 = _mm256_andnot_si256(_mm256_cmpeq_epi8(v1, newline), _mm256_cmpgt_epi8(space, v1));
  __m256i any = _mm256_or_si256(_mm256_or_si256(low0, low1),
                                _mm256_or_si256(_mm256_cmpeq_epi8(v0, backslash),
                                                _mm256_cmpeq_epi8(v1, backslash)));
  return !_mm256_testz_si256(any, any);
}

/// The prefix XOR as a carry-less multiplication by all ones.
FAST static inline uint64_t prefix_xor_clmul(uint64_t m) {
  __m128i product = _mm_clmulepi64_si128(_mm_cvtsi64_si128((long long)m), _mm_set1_epi8(-1), 0);
  return (uint64_t)_mm_cvtsi128_si64(product);
}

#define KERNEL rowdrag_jsonl_avx2
#define ATTRIBUTES FAST
#define LOAD(w)                                             \
  __m256i v0 = _mm256_loadu_si256((const __m256i *)(w)); \
  __m256i v1 = _mm256_loadu_si256((const __m256i *)((w) + 32))
#define EQ(w, c) eq_avx2(v0, v1, (char)(c))
#define RANGE(w, lo, hi) range_avx2(v0, v1, (char)(lo), (char)(hi))
#define ANY_STOP(w) stop_avx2(v0, v1)
#define PREFIX_XOR(m) prefix_xor_clmul(m)
#define COUNT(m) _mm_popcnt_u64(m)
#include "jsonl_step.h"
#undef KERNEL
#undef ATTRIBUTES
#undef LOAD
#undef EQ
#undef RANGE
#undef ANY_STOP
#undef PREFIX_XOR
#undef COUNT

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

int rowdrag_jsonl_dispatched(void) {
  static int known = -1;
  int best = __atomic_load_n(&known, __ATOMIC_RELAXED);
  if (best < 0) {
    best = has_avx2();
    __atomic_store_n(&known, best, __ATOMIC_RELAXED);
  }
  return best;
}

#else

int rowdrag_jsonl_dispatched(void) { return 0; }

#endif

int64_t rowdrag_jsonl_compact(int kernel, const unsigned char *p, int64_t start, int64_t stop,
                              uint64_t lengths, rowdrag_jsonl_state *state,
                              rowdrag_jsonl_keys *keys) {
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
  if (kernel == 1 && rowdrag_jsonl_dispatched()) {
    return rowdrag_jsonl_avx2(p, start, stop, lengths, state, keys);
  }
#endif
  return rowdrag_jsonl_baseline(p, start, stop, lengths, state, keys);
}
