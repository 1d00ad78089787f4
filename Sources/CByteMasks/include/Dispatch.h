#ifndef ROWDRAG_DISPATCH_H
#define ROWDRAG_DISPATCH_H

// The kernels with a build for AVX2 (JSON Lines' stretches, the line formats' plain
// lines, CSV's quoted records, M3U's entry pairs) run it where the processor has AVX2,
// BMI1/2, POPCNT and PCLMUL and the system saves the vector registers, checked once
// with `cpuid` and `xgetbv`; elsewhere their baseline.

/// 1 when the kernels run their AVX2 builds.
int rowdrag_avx2_dispatched(void);

#endif
