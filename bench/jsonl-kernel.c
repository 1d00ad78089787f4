// Times JSON Lines' stretch kernel (Sources/CByteMasks/jsonl.c) on one thread over a
// whole file, pages mapped first, as `LineChecker.compactLines` calls it (from the
// second line; "height", "locked" and "pinned" are 6 bytes: lengths 1 << 6), both
// builds, minimum of 5 runs:
//
//   clang -O2 -ISources/CByteMasks/include -ISources/CByteMasks bench/jsonl-kernel.c \
//     Sources/CByteMasks/jsonl.c Sources/CByteMasks/dispatch.c -o /tmp/jsonl-kernel
//   /tmp/jsonl-kernel bench/data/formats/values-10m.jsonl
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>

#include "Dispatch.h"
#include "JSONLinesKernel.h"

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  if (argc < 2) return 2;
  int fd = open(argv[1], O_RDONLY);
  struct stat st;
  if (fd < 0 || fstat(fd, &st) != 0) return 1;
  long n = st.st_size;
  const unsigned char *p = mmap(0, n, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
  if (p == MAP_FAILED) return 1;
  for (int kernel = 0; kernel < 2; kernel++) {
    double best = 1e9;
    long end = 0;
    rowdrag_jsonl_state s;
    for (int rep = 0; rep < 5; rep++) {
      s = rowdrag_jsonl_begin(kernel);
      rowdrag_jsonl_keys keys;
      double t = now();
      long at = 1;
      while (at < n && p[at - 1] != 10) at++;
      // A step with a key as long as a name stops the call: go on after it.
      do {
        end = rowdrag_jsonl_compact(kernel, p, at, n - 1, 1ull << 6, &s, &keys);
        at = end;
      } while (keys.keys);
      double ms = (now() - t) * 1e3;
      if (ms < best) best = ms;
    }
    printf("%s build (steps of %ld bytes): %ld of %ld bytes, %ld line feeds, min %.1f ms\n",
           kernel == 0 ? "baseline" : rowdrag_avx2_dispatched() ? "AVX2" : "baseline",
           (long)s.step, end, n, (long)s.newlines, best);
  }
  return 0;
}
