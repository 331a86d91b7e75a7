#pragma once
// Random permutation-redistribution instances, reproducible from the seed (redist::Rng), for tests,
// benchmarks and `redist gen perm`. Each distribution is one of document 003's, or a stand-in where
// the document does not define one precisely (see docs/perm.md):
//
//  random       N = P*D items, D per part (part j = items jD..jD+D-1); the initial processors are a
//               random permutation of D copies of each processor (balanced, section 4.3.1).
//  skewed       as random, but floor(alpha*D) items of part j start on processor (j+1) mod P; the
//               rest are spread at random, still D per processor (section 4.3.2).
//  block-cyclic n x n tiles, part of tile (r, c) = (r mod p) * q + (c mod q) on a p x q grid
//               (section 6.3.1; the document's "(i mod p) x p" is a slip for x q); every tile
//               starts on a uniformly random processor.
//  skewed-set   SkewedSet (section 6.3.2): the block-cyclic layout under a random relabelling,
//               then half the tiles move to another processor, processor i drawn with probability
//               proportional to i (2i / (P(P-1))).
//  chunk-set    ChunkSet-like: the tiles are swept in square chunks stored round-robin on the
//               processors, then random rectangles are re-observed and overwrite their tiles, still
//               round-robin (section 6.3.2 describes the telescope data only in words).
//  block1d      N items; the initial layout is P contiguous blocks of random sizes (a load
//               balancer's output), the target P contiguous balanced blocks: at most 2P - 1 overlapping pairs.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "redist/perm/instance.hpp"

namespace redist::perm {

/// At most 10^9 generated items (P * D, N, n x n tiles): 8 GB of per-item arrays.
inline constexpr std::int64_t kMaxGeneratedItems = 1'000'000'000;
/// n x n tiles with n <= 30000 (9 x 10^8 tiles).
inline constexpr std::size_t kMaxTiles = 30000;

enum class PermDistribution { random, skewed, block_cyclic, skewed_set, chunk_set, block1d };

/// "random", "skewed", "block-cyclic", "skewed-set", "chunk-set", "block1d".
const char* to_string(PermDistribution distribution);
bool parse_distribution(const std::string& text, PermDistribution& out);

struct PermGenOptions {
  PermDistribution distribution = PermDistribution::random;
  std::size_t processors = 32;       // P (tile distributions: grid_rows * grid_cols)
  std::int64_t items_per_part = 20;  // D (random, skewed)
  double alpha = 0.5;                // skewed
  std::size_t grid_rows = 4;         // p (tile distributions)
  std::size_t grid_cols = 4;         // q
  std::size_t tiles = 16;            // n: an n x n tiled matrix (tile distributions)
  std::size_t chunk = 0;             // chunk-set chunk side; 0 = max(1, n / 8)
  std::int64_t items = 100000;       // N (block1d)
  std::uint64_t seed = 1;
};

/// The per-item form: initial[k] is item k's processor now, partition[k] its part.
struct ItemLayout {
  std::size_t processors = 0;
  std::vector<Proc> initial;
  std::vector<Proc> partition;
  /// skewed-set only: reference[j] = the processor of part j in the relabelled block-cyclic layout
  /// the tiles were drawn from (before half of them moved); empty for the other distributions.
  std::vector<Proc> reference;
};

/// Throws InputError (field named after the CLI option) for inconsistent options.
ItemLayout generate_items(const PermGenOptions& options);
/// The checks generate_items makes first (InputError naming the option), on their own.
void check_generator_options(const PermGenOptions& options);

/// Counts of two 1-D block layouts of the same N items in the same order (sizes per processor and
/// per part, each summing to N), built in O(P) without the items.
PermInstance block1d_instance(std::span<const std::int64_t> initial_sizes,
                              std::span<const std::int64_t> part_sizes);

/// Random block sizes for block1d: P sizes >= 0 summing to `items` (uniform cut points).
/// The processor grid of the tile distributions from an option's text: "4x8" sets p = 4, q = 8 and
/// P = 32; an empty text keeps P and picks the squarest p x q = P. InputError names `option` when
/// the text is not PxQ with P, Q >= 1 and P * Q <= kMaxProcessors.
void set_processor_grid(PermGenOptions& options, const std::string& text,
                        const std::string& option);

std::vector<std::int64_t> random_block_sizes(std::size_t processors, std::int64_t items,
                                             std::uint64_t seed);
/// Balanced sizes: items / P each, the first items % P one more.
std::vector<std::int64_t> balanced_block_sizes(std::size_t processors, std::int64_t items);

}  // namespace redist::perm
