#ifndef ROWDRAG_CSYSTEM_H
#define ROWDRAG_CSYSTEM_H

#include <stddef.h>

/// memmem(3), a GNU extension the Swift Glibc module does not export: the first
/// occurrence of `needle` in `haystack`, or NULL.
const void *rowdrag_memmem(const void *haystack, size_t haystack_length, const void *needle,
                           size_t needle_length);

/// copy_file_range(2), which the Swift Glibc module does not export: copies `length`
/// bytes at `offset` of `from` to `to` at its file position, which moves on; `from`'s
/// position stays. Bytes copied (0 at the end of `from`), or -1 with errno set.
long rowdrag_copy_file_range(int from, long long offset, int to, size_t length);

#endif
