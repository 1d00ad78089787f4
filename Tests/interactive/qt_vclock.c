/* A virtual monotonic clock for qt_harness.py (LD_PRELOAD): clock_gettime() of the
   monotonic clocks returns vclock_ns, which the harness sets through ctypes; every other
   clock is the real one. Qt's timers (QTimerInfoList) and event loop deadlines read
   CLOCK_MONOTONIC, so time moves only when the harness says. Compiled by
   conformance_qt_tests.py at run time. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <time.h>

long long vclock_ns = 1000LL * 1000000000LL;

int clock_gettime(clockid_t id, struct timespec *ts)
{
    static int (*real)(clockid_t, struct timespec *);
    if (id == CLOCK_MONOTONIC || id == CLOCK_MONOTONIC_RAW || id == CLOCK_MONOTONIC_COARSE
        || id == CLOCK_BOOTTIME) {
        ts->tv_sec = vclock_ns / 1000000000LL;
        ts->tv_nsec = vclock_ns % 1000000000LL;
        return 0;
    }
    if (!real)
        real = (int (*)(clockid_t, struct timespec *))dlsym(RTLD_NEXT, "clock_gettime");
    return real(id, ts);
}
