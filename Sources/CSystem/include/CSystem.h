#ifndef ROWDRAG_CSYSTEM_H
#define ROWDRAG_CSYSTEM_H

#include <stddef.h>

/// memmem(3), a GNU extension the Swift Glibc module does not export: the first
/// occurrence of `needle` in `haystack`, or NULL.
const void *rowdrag_memmem(const void *haystack, size_t haystack_length, const void *needle,
                           size_t needle_length);

#endif
