/* How fast memory is touched the first time, with and without transparent huge pages
 * (BENCHMARKS.md "Huge pages, a leaner reader, a validator in two halves"). Maps MiB of anonymous
 * memory three times, touches one byte a page, then rewrites it all; prints both rates.
 *
 *   cc -O2 bench/first_touch.c -o first_touch && ./first_touch 256 1 && ./first_touch 256 0
 *
 * The first round of a huge-page run on memory the guest has not used yet shows what the host's
 * backing costs; the later rounds reuse pages just freed. Not part of the CMake build: a probe of
 * the machine, not of redist. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char** argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: first_touch MIB HUGE(0|1)\n");
    return 2;
  }
  const size_t huge_page = (size_t)2 << 20;
  const size_t size = (size_t)atol(argv[1]) << 20;
  const int huge = atoi(argv[2]);
  for (int round = 0; round < 3; ++round) {
    char* map = mmap(NULL, size + huge_page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                     -1, 0);
    if (map == MAP_FAILED) return 1;
    char* at = (char*)(((unsigned long)map + huge_page - 1) & ~(huge_page - 1));
    if (huge) madvise(at, size, MADV_HUGEPAGE);
    const double t0 = now();
    for (size_t i = 0; i < size; i += 4096) at[i] = 1;
    const double t1 = now();
    memset(at, 2, size);
    const double t2 = now();
    printf("%s %zu MiB: first touch %.1f ms (%.2f GB/s), rewrite %.1f ms\n", huge ? "huge" : "4k",
           size >> 20, (t1 - t0) * 1e3, (double)size / (t1 - t0) / 1e9, (t2 - t1) * 1e3);
    munmap(map, size + huge_page);
  }
  return 0;
}
