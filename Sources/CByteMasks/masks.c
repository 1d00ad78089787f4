// Everything is in include/CByteMasks.h (static inline); SwiftPM wants a source file.
#include "CByteMasks.h"
