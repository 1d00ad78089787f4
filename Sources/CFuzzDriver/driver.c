// The smallest bridge to libFuzzer: its driver takes the callback as an argument, so the
// fuzz targets stay ordinary Swift functions and the executable keeps its own main.
// LLVMFuzzerRunDriver is weak: an ordinary build links without libFuzzer and says so.
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "CFuzzDriver.h"

extern int LLVMFuzzerRunDriver(int *argc, char ***argv,
                               int (*callback)(const uint8_t *data, size_t size))
    __attribute__((weak));

extern int rowdrag_fuzz_one(const uint8_t *data, size_t size);

int rowdrag_run_fuzzer(int *argc, char ***argv) {
  if (!LLVMFuzzerRunDriver) {
    fputs("rowdrag-fuzz: built without libFuzzer; run 'make fuzz'\n", stderr);
    return 2;
  }
  return LLVMFuzzerRunDriver(argc, argv, rowdrag_fuzz_one);
}
