#ifndef ROWDRAG_CFUZZDRIVER_H
#define ROWDRAG_CFUZZDRIVER_H

/// Runs libFuzzer's driver over rowdrag_fuzz_one (defined in Swift). Returns 2 when the
/// binary was built without libFuzzer (an ordinary `swift build`): use `make fuzz`.
int rowdrag_run_fuzzer(int *argc, char ***argv);

#endif
