// Harnesses for the instance readers (ring, all-port, permutation). The input is the file's text.
// Oracle: an accepted instance obeys the library's own checks, and writing it out and reading it
// back gives exactly the same instance (decimal costs included). Rejections must be InputError;
// anything else escaping (a crash, std::bad_alloc, nlohmann's own exceptions, InternalError) is a
// bug. Ring instances have two readers, the streaming one the CLI uses on files and the DOM one
// used for instances embedded in other documents: they must accept the same texts and read the same
// instance.

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string_view>

#include <unistd.h>

#include "harness.hpp"
#include "redist/core/error.hpp"
#include "redist/io/exact_json.hpp"
#include "redist/io/ring_instance_io.hpp"
#include "redist/lau/allport_io.hpp"
#include "redist/perm/perm_io.hpp"

namespace redist::fuzz {

namespace {

const std::string kSource = "fuzz-input.json";

std::string_view as_text(Bytes data) {
  return {reinterpret_cast<const char*>(data.data()), data.size()};
}

// Exact equality of two cost lists given at possibly different scales.
bool same_costs(const std::vector<std::int64_t>& a, int scale_a, const std::vector<std::int64_t>& b,
                int scale_b) {
  if (a.size() != b.size()) return false;
  const int scale = std::max(scale_a, scale_b);
  for (std::size_t i = 0; i < a.size(); ++i)
    if (Ticks{a[i]} * pow10_ticks(scale - scale_a) != Ticks{b[i]} * pow10_ticks(scale - scale_b))
      return false;
  return true;
}

bool same_ring(const RingInstance& a, const RingInstance& b) {
  return a.kind == b.kind && a.loads == b.loads && a.targets == b.targets &&
         same_costs(a.succ_cost, a.cost_scale, b.succ_cost, b.cost_scale) &&
         same_costs(a.pred_cost, a.cost_scale, b.pred_cost, b.cost_scale);
}

// Reads `text` with `read`; InputError means "rejected" (nullopt). A rejection of our own output is
// reported by the caller as a failure.
template <typename Read>
auto accepted(std::string_view text, Read read) -> std::optional<decltype(read(text))> {
  try {
    return read(text);
  } catch (const InputError&) {
    return std::nullopt;
  }
}

RingInstance read_ring(std::string_view text) {
  return io::ring_instance_from_json(io::parse_exact_json(text, kSource), kSource);
}

// The CLI's reader takes a path: the text goes through a file of this process's own, in memory
// (/dev/shm) where there is one: a disk file per run made this target ten times slower.
struct ScratchFile {
  std::filesystem::path path;
  ~ScratchFile() {
    std::error_code ignored;
    std::filesystem::remove(path, ignored);
  }
};

RingInstance read_ring_file(std::string_view text) {
  namespace fs = std::filesystem;
  static const ScratchFile file{
      (fs::is_directory("/dev/shm") ? fs::path("/dev/shm") : fs::temp_directory_path()) /
      ("redist-fuzz-" + std::to_string(::getpid()) + ".json")};
  std::ofstream(file.path, std::ios::binary | std::ios::trunc)
      .write(text.data(), static_cast<std::streamsize>(text.size()));
  return io::read_ring_instance(file.path.string());
}

sim::AllportInstance read_allport(std::string_view text) {
  return lau::allport_instance_from_json(io::parse_exact_json(text, kSource), kSource);
}

perm::PermInstance read_perm(std::string_view text) {
  return perm::parse_perm_instance(text, kSource);
}

void require_checks_pass(const char* target, auto check) {
  try {
    check();
  } catch (const InputError& e) {
    require(false, target,
            std::string("the reader accepted an instance its own check rejects: ") + e.what());
  }
}

// Sums, signs and sparse-row invariants that every PermInstance must hold.
void check_perm_invariants(const perm::PermInstance& inst) {
  constexpr const char* kTarget = "perm_json";
  const std::size_t p = inst.processors();
  require(p >= 1 && p <= perm::kMaxProcessors, kTarget, "processor count out of range");
  std::int64_t total = 0, parts_total = 0;
  for (perm::Proc i = 0; i < p; ++i) {
    std::int64_t row_total = 0;
    perm::Proc previous = 0;
    bool first = true;
    for (const perm::CountEntry& e : inst.row(i)) {
      require(e.count > 0 && e.part < p && (first || e.part > previous), kTarget,
              "malformed sparse row");
      previous = e.part;
      first = false;
      row_total += e.count;
    }
    require(row_total == inst.load(i), kTarget,
            "row " + std::to_string(i) + " does not sum to its load");
    total += row_total;
    parts_total += inst.part_size(i);
  }
  require(total == inst.total_items() && parts_total == total, kTarget, "totals disagree");
  require(total <= perm::kMaxPermItems, kTarget, "more items than the documented limit");
}

bool same_counts(const perm::PermInstance& a, const perm::PermInstance& b) {
  if (a.processors() != b.processors()) return false;
  for (perm::Proc i = 0; i < a.processors(); ++i) {
    const auto ra = a.row(i), rb = b.row(i);
    if (!std::equal(ra.begin(), ra.end(), rb.begin(), rb.end(), [](const auto& x, const auto& y) {
          return x.part == y.part && x.count == y.count;
        }))
      return false;
  }
  return true;
}

}  // namespace

void fuzz_ring_json(Bytes data) {
  constexpr const char* kTarget = "ring_json";
  const auto inst = accepted(as_text(data), read_ring);
  const auto from_file = accepted(as_text(data), read_ring_file);
  require(inst.has_value() == from_file.has_value(), kTarget,
          std::string("the file reader ") + (from_file ? "accepts" : "rejects") +
              " what the DOM reader " + (inst ? "accepts" : "rejects"));
  if (!inst) return;
  require(same_ring(*inst, *from_file) && inst->cost_scale == from_file->cost_scale, kTarget,
          "the file reader and the DOM reader read different instances");
  require_checks_pass(kTarget, [&] { check_ring_instance(*inst, kSource); });
  const std::string written = io::ring_instance_to_json(*inst).dump();
  const auto back = accepted(written, read_ring);
  require(back.has_value(), kTarget, "rejects its own output: " + written);
  require(same_ring(*inst, *back), kTarget, "round trip changed the instance: " + written);
}

void fuzz_allport_json(Bytes data) {
  constexpr const char* kTarget = "allport_json";
  const auto inst = accepted(as_text(data), read_allport);
  if (!inst) return;
  require_checks_pass(kTarget, [&] { sim::check_allport_instance(*inst, kSource); });
  const std::string written = lau::allport_instance_to_json(*inst).dump();
  const auto back = accepted(written, read_allport);
  require(back.has_value(), kTarget, "rejects its own output: " + written);
  require(back->loads == inst->loads && back->targets == inst->targets, kTarget,
          "round trip changed the instance: " + written);
}

void fuzz_perm_json(Bytes data) {
  constexpr const char* kTarget = "perm_json";
  const auto inst = accepted(as_text(data), read_perm);
  if (!inst) return;
  check_perm_invariants(*inst);
  if (inst->processors() > 64) return;  // the dense form written back has P^2 numbers
  const std::string written = perm::perm_counts_text(*inst);
  const auto back = accepted(written, read_perm);
  require(back.has_value(), kTarget, "rejects its own output: " + written);
  require(same_counts(*inst, *back), kTarget, "round trip changed the counts: " + written);
}

}  // namespace redist::fuzz
