#define _GNU_SOURCE
#include <sys/types.h>
#include <unistd.h>

#include "CSystem.h"

long rowdrag_copy_file_range(int from, long long offset, int to, size_t length) {
  off64_t at = (off64_t)offset;
  return (long)copy_file_range(from, &at, to, NULL, length, 0);
}
