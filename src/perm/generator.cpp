#include "redist/perm/generator.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "redist/core/error.hpp"
#include "redist/core/random.hpp"

namespace redist::perm {

namespace {

struct Named {
  PermDistribution value;
  const char* name;
};
constexpr Named kNames[] = {{PermDistribution::random, "random"},
                            {PermDistribution::skewed, "skewed"},
                            {PermDistribution::block_cyclic, "block-cyclic"},
                            {PermDistribution::skewed_set, "skewed-set"},
                            {PermDistribution::chunk_set, "chunk-set"},
                            {PermDistribution::block1d, "block1d"}};

std::size_t below(Rng& rng, std::size_t bound) {
  return static_cast<std::size_t>(rng.uniform(0, static_cast<std::int64_t>(bound) - 1));
}

template <class T>
void shuffle(std::vector<T>& v, Rng& rng) {
  for (std::size_t k = v.size(); k > 1; --k) std::swap(v[k - 1], v[below(rng, k)]);
}

// `copies` copies of every processor, in random order: a balanced random placement.
std::vector<Proc> balanced_random(std::size_t processors, std::int64_t copies, Rng& rng) {
  std::vector<Proc> v;
  v.reserve(processors * static_cast<std::size_t>(copies));
  for (std::size_t p = 0; p < processors; ++p)
    v.insert(v.end(), static_cast<std::size_t>(copies), static_cast<Proc>(p));
  shuffle(v, rng);
  return v;
}

void require(bool ok, const char* option, const std::string& reason) {
  if (!ok) throw InputError("", option, reason);
}

ItemLayout random_or_skewed(const PermGenOptions& o, Rng& rng) {
  const std::size_t n = o.processors;
  const auto d = static_cast<std::size_t>(o.items_per_part);
  const auto skew = o.distribution == PermDistribution::skewed
                        ? static_cast<std::size_t>(std::floor(o.alpha * static_cast<double>(d)))
                        : 0;
  ItemLayout out{n, std::vector<Proc>(n * d), std::vector<Proc>(n * d), {}};
  const std::vector<Proc> spread = balanced_random(n, static_cast<std::int64_t>(d - skew), rng);
  std::size_t next = 0;
  for (std::size_t j = 0; j < n; ++j)
    for (std::size_t k = 0; k < d; ++k) {
      out.partition[j * d + k] = static_cast<Proc>(j);
      out.initial[j * d + k] = k < skew ? static_cast<Proc>((j + 1) % n) : spread[next++];
    }
  return out;
}

std::vector<Proc> block_cyclic_parts(const PermGenOptions& o) {
  const std::size_t n = o.tiles;
  std::vector<Proc> parts(n * n);
  for (std::size_t r = 0; r < n; ++r)
    for (std::size_t c = 0; c < n; ++c)
      parts[r * n + c] = static_cast<Proc>((r % o.grid_rows) * o.grid_cols + c % o.grid_cols);
  return parts;
}

// Processor i with probability 2i / (P(P-1)), i.e. proportional to i (inverse of the triangular
// CDF).
Proc triangular(std::size_t processors, Rng& rng) {
  const auto total = static_cast<std::int64_t>(processors * (processors - 1) / 2);
  const std::int64_t x = rng.uniform(0, total - 1);
  auto i = static_cast<std::int64_t>((1.0 + std::sqrt(1.0 + 8.0 * static_cast<double>(x))) / 2.0);
  while (i * (i - 1) / 2 > x) --i;
  while (i * (i + 1) / 2 <= x) ++i;
  return static_cast<Proc>(i);
}

ItemLayout skewed_set(const PermGenOptions& o, Rng& rng) {
  const std::size_t n = o.processors;
  ItemLayout out{n, {}, block_cyclic_parts(o), {}};
  std::vector<Proc> relabel(n);
  for (std::size_t p = 0; p < n; ++p) relabel[p] = static_cast<Proc>(p);
  shuffle(relabel, rng);
  out.initial.resize(out.partition.size());
  for (std::size_t t = 0; t < out.partition.size(); ++t) out.initial[t] = relabel[out.partition[t]];
  out.reference = relabel;
  std::vector<std::size_t> tiles(out.partition.size());
  for (std::size_t t = 0; t < tiles.size(); ++t) tiles[t] = t;
  shuffle(tiles, rng);
  for (std::size_t k = 0; k < tiles.size() / 2; ++k) {
    // Processor 0 has probability 0: with P = 2 a tile on processor 1 has nowhere to go.
    if (n < 2 || (n == 2 && out.initial[tiles[k]] == 1)) continue;
    Proc to = triangular(n, rng);
    while (to == out.initial[tiles[k]]) to = triangular(n, rng);
    out.initial[tiles[k]] = to;
  }
  return out;
}

void paint(std::vector<Proc>& tiles, std::size_t n, std::size_t r0, std::size_t c0, std::size_t h,
           std::size_t w, Proc p) {
  for (std::size_t r = r0; r < std::min(n, r0 + h); ++r)
    for (std::size_t c = c0; c < std::min(n, c0 + w); ++c) tiles[r * n + c] = p;
}

ItemLayout chunk_set(const PermGenOptions& o, Rng& rng) {
  const std::size_t n = o.tiles, procs = o.processors;
  const std::size_t side = o.chunk > 0 ? o.chunk : std::max<std::size_t>(1, n / 8);
  ItemLayout out{procs, std::vector<Proc>(n * n), block_cyclic_parts(o), {}};
  std::size_t next = 0;
  for (std::size_t r = 0; r < n; r += side)
    for (std::size_t c = 0; c < n; c += side)
      paint(out.initial, n, r, c, side, side, static_cast<Proc>(next++ % procs));
  const std::size_t overwrites = next / 2;
  for (std::size_t k = 0; k < overwrites; ++k) {
    const std::size_t h = 1 + below(rng, 2 * side), w = 1 + below(rng, 2 * side);
    paint(out.initial, n, below(rng, n), below(rng, n), h, w, static_cast<Proc>(next++ % procs));
  }
  return out;
}

ItemLayout block1d(const PermGenOptions& o, Rng& rng) {
  const std::size_t n = o.processors;
  const std::vector<std::int64_t> from = random_block_sizes(n, o.items, rng.next());
  const std::vector<std::int64_t> to = balanced_block_sizes(n, o.items);
  ItemLayout out{n, {}, {}, {}};
  out.initial.reserve(static_cast<std::size_t>(o.items));
  out.partition.reserve(static_cast<std::size_t>(o.items));
  for (std::size_t p = 0; p < n; ++p) {
    out.initial.insert(out.initial.end(), static_cast<std::size_t>(from[p]), static_cast<Proc>(p));
    out.partition.insert(out.partition.end(), static_cast<std::size_t>(to[p]),
                         static_cast<Proc>(p));
  }
  return out;
}

}  // namespace

const char* to_string(PermDistribution distribution) {
  for (const Named& n : kNames)
    if (n.value == distribution) return n.name;
  return "?";
}

bool parse_distribution(const std::string& text, PermDistribution& out) {
  for (const Named& n : kNames)
    if (text == n.name) {
      out = n.value;
      return true;
    }
  return false;
}

// Every option is range-checked here, whatever the caller checked: a wrapped -1 (2^64 - 1) must
// never reach a loop bound or an allocation.
void check_generator_options(const PermGenOptions& o) {
  require(o.processors >= 1 && o.processors <= kMaxProcessors, "--processors",
          "must be in [1, 2^23]");
  switch (o.distribution) {
    case PermDistribution::random:
    case PermDistribution::skewed:
      require(o.items_per_part >= 0 && o.items_per_part <= kMaxGeneratedItems &&
                  static_cast<double>(o.items_per_part) * static_cast<double>(o.processors) <=
                      static_cast<double>(kMaxGeneratedItems),
              "--items-per-part", "must be >= 0 with P * D <= 10^9");
      require(o.alpha >= 0.0 && o.alpha <= 1.0, "--alpha", "must be in [0, 1]");
      return;
    case PermDistribution::block1d:
      require(o.items >= 0 && o.items <= kMaxGeneratedItems, "--items", "must be in [0, 10^9]");
      return;
    default:
      require(o.grid_rows >= 1 && o.grid_cols >= 1 && o.grid_rows <= kMaxProcessors &&
                  o.grid_cols <= kMaxProcessors && o.grid_rows * o.grid_cols == o.processors,
              "--grid", "p x q must equal the number of processors");
      require(o.tiles >= 1 && o.tiles <= kMaxTiles, "--tiles", "must be in [1, 30000]");
      require(o.chunk <= kMaxTiles, "--chunk", "must be in [1, 30000]");
  }
}

ItemLayout generate_items(const PermGenOptions& options) {
  check_generator_options(options);
  Rng rng(options.seed);
  switch (options.distribution) {
    case PermDistribution::random:
    case PermDistribution::skewed:
      return random_or_skewed(options, rng);
    case PermDistribution::block_cyclic: {
      ItemLayout out{options.processors, {}, block_cyclic_parts(options), {}};
      out.initial.resize(out.partition.size());
      for (Proc& p : out.initial) p = static_cast<Proc>(below(rng, options.processors));
      return out;
    }
    case PermDistribution::skewed_set:
      return skewed_set(options, rng);
    case PermDistribution::chunk_set:
      return chunk_set(options, rng);
    case PermDistribution::block1d:
      return block1d(options, rng);
  }
  return {};
}

PermInstance block1d_instance(std::span<const std::int64_t> initial_sizes,
                              std::span<const std::int64_t> part_sizes) {
  REDIST_ASSERT(initial_sizes.size() == part_sizes.size());
  const std::size_t n = initial_sizes.size();
  std::vector<CountTriplet> triplets;
  triplets.reserve(2 * n);
  // Walk both block boundaries in item order: each step ends the shorter of the two current blocks.
  std::size_t p = 0, j = 0;
  std::int64_t left_p = n ? initial_sizes[0] : 0, left_j = n ? part_sizes[0] : 0;
  while (p < n && j < n) {
    if (left_p == 0) {
      if (++p < n) left_p = initial_sizes[p];
      continue;
    }
    if (left_j == 0) {
      if (++j < n) left_j = part_sizes[j];
      continue;
    }
    const std::int64_t m = std::min(left_p, left_j);
    triplets.push_back({static_cast<Proc>(p), static_cast<Proc>(j), m});
    left_p -= m;
    left_j -= m;
  }
  return PermInstance::from_triplets(n, std::move(triplets));
}

std::vector<std::int64_t> random_block_sizes(std::size_t processors, std::int64_t items,
                                             std::uint64_t seed) {
  Rng rng(seed);
  std::vector<std::int64_t> cuts(processors > 0 ? processors - 1 : 0);
  for (auto& c : cuts) c = rng.uniform(0, items);
  std::sort(cuts.begin(), cuts.end());
  std::vector<std::int64_t> sizes(processors);
  std::int64_t prev = 0;
  for (std::size_t p = 0; p < processors; ++p) {
    const std::int64_t cut = p + 1 < processors ? cuts[p] : items;
    sizes[p] = cut - prev;
    prev = cut;
  }
  return sizes;
}

std::vector<std::int64_t> balanced_block_sizes(std::size_t processors, std::int64_t items) {
  std::vector<std::int64_t> sizes(processors, items / static_cast<std::int64_t>(processors));
  for (std::int64_t k = 0; k < items % static_cast<std::int64_t>(processors); ++k)
    ++sizes[static_cast<std::size_t>(k)];
  return sizes;
}

namespace {

// "4x8" -> p = 4, q = 8.
void parse_grid(const std::string& text, const std::string& option, PermGenOptions& gen) {
  const auto x = text.find('x');
  std::size_t used_p = 0, used_q = 0;
  try {
    if (x == std::string::npos) throw std::invalid_argument("no x");
    gen.grid_rows = std::stoul(text.substr(0, x), &used_p);
    gen.grid_cols = std::stoul(text.substr(x + 1), &used_q);
  } catch (const std::exception&) {
    throw InputError("", option, "must look like PxQ, e.g. 4x8, got '" + text + "'");
  }
  if (used_p != x || used_q != text.size() - x - 1 ||
      !std::isdigit(static_cast<unsigned char>(text[0])) ||
      !std::isdigit(static_cast<unsigned char>(text[x + 1])))
    throw InputError("", option, "must look like PxQ with P, Q >= 1, got '" + text + "'");
  // Each side first, so that the product cannot wrap.
  if (gen.grid_rows == 0 || gen.grid_cols == 0 || gen.grid_rows > kMaxProcessors ||
      gen.grid_cols > kMaxProcessors || gen.grid_rows * gen.grid_cols > kMaxProcessors)
    throw InputError("", option,
                     "must be PxQ with P, Q >= 1 and P * Q <= 2^23, got '" + text + "'");
  gen.processors = gen.grid_rows * gen.grid_cols;
}

// The squarest p x q = P.
void squarest_grid(PermGenOptions& gen) {
  std::size_t p = 1;
  for (std::size_t d = 1; d * d <= gen.processors; ++d)
    if (gen.processors % d == 0) p = d;
  gen.grid_rows = p;
  gen.grid_cols = gen.processors / p;
}

}  // namespace

void set_processor_grid(PermGenOptions& options, const std::string& text,
                        const std::string& option) {
  if (text.empty()) {
    squarest_grid(options);
  } else {
    parse_grid(text, option, options);
  }
}

}  // namespace redist::perm
