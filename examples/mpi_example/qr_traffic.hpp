#pragma once
// Document 003's QR columns (Table 1a/1b, columns 9-14) in kind: the tile traffic and the work
// balance of a tiled Householder QR factorisation (flat reduction tree, the DPLASMA algorithm the
// document runs on PaRSEC) on a given ownership of the n x n tiles, counted on its task graph
// instead of measured on a run. Pure code.
//
// Panel k: GEQRT(k,k) factors the diagonal tile; UNMQR(k,j) applies it to row k (j > k); TSQRT(i,k)
// eliminates A(i,k) against the triangle of A(k,k) (i > k, in order); TSMQR(i,j,k) applies that to
// A(k,j) and A(i,j). Each task runs on the owner of the tile it writes last (A(i,j), A(i,k); the
// owner-computes rule), so:
//   - the reflectors of GEQRT(k,k) go once to every other rank that runs an UNMQR(k, .);
//   - the reflectors of TSQRT(i,k) go once to every other rank that runs a TSMQR(i, ., k);
//   - the triangle of A(k,k) and every A(k,j) travel down their column from task to task and home.
// A transfer is one tile sent to one rank. Work in units of nb^3 / 3 flops per task (LAPACK's
// counts for nb x nb tiles: GEQRT 4, UNMQR 6, TSQRT 6, TSMQR 12).

#include <cstdint>
#include <span>

namespace redist::example {

struct QrTraffic {
  std::int64_t tiles_sent = 0;  // tile transfers between ranks
  double max_work_share = 0.0;  // the busiest rank's share of the work, times the number of ranks
                                // (1 = perfectly balanced; the factorisation's time grows with it)
};

/// owner[r * n + c] is the rank of tile (r, c), ranks < processors.
QrTraffic qr_traffic(std::span<const int> owner, std::int64_t n, int processors);

}  // namespace redist::example
