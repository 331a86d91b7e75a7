#pragma once
// Reusable byte buffers. Staging buffers for forwarded items, pack buffers for the permutation
// transports and the double buffer of OrderedSlice all come from here, so that repeated
// redistributions of similar sizes allocate nothing in steady state (a known MPI library went from
// 3.8 to 25 Gb/s by adding one). Pure code: no MPI.
//
//   BufferPool pool;
//   {
//     PooledBuffer staging = pool.acquire(1 << 20);  // fresh the first time ...
//     std::memcpy(staging.data(), src, 1 << 20);
//   }                                                // ... back in the pool here
//   PooledBuffer again = pool.acquire(4096);          // reused: pool.allocations() is still 1

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace redist::exec {

/// An uninitialised byte array of fixed capacity (no zero-fill: buffers are overwritten anyway).
class Bytes {
 public:
  Bytes() = default;
  explicit Bytes(std::size_t capacity);

  [[nodiscard]] std::byte* data() noexcept { return data_.get(); }
  [[nodiscard]] const std::byte* data() const noexcept { return data_.get(); }
  [[nodiscard]] std::size_t capacity() const noexcept { return capacity_; }

 private:
  std::unique_ptr<std::byte[]> data_;
  std::size_t capacity_ = 0;
};

class BufferPool;

/// A buffer on loan from a pool; returns itself on destruction (move-only).
class PooledBuffer {
 public:
  PooledBuffer() = default;
  PooledBuffer(BufferPool* pool, Bytes bytes) : pool_(pool), bytes_(std::move(bytes)) {}
  PooledBuffer(PooledBuffer&& other) noexcept;
  PooledBuffer& operator=(PooledBuffer&& other) noexcept;
  PooledBuffer(const PooledBuffer&) = delete;
  PooledBuffer& operator=(const PooledBuffer&) = delete;
  ~PooledBuffer();

  [[nodiscard]] std::byte* data() noexcept { return bytes_.data(); }
  [[nodiscard]] std::size_t capacity() const noexcept { return bytes_.capacity(); }
  [[nodiscard]] bool empty() const noexcept { return bytes_.capacity() == 0; }

 private:
  void give_back();
  BufferPool* pool_ = nullptr;
  Bytes bytes_;
};

class BufferPool {
 public:
  /// A buffer of at least `bytes` bytes: the smallest free one that fits, else a new one.
  PooledBuffer acquire(std::size_t bytes);
  /// Frees every idle buffer (buffers on loan are unaffected).
  void trim();

  [[nodiscard]] std::int64_t allocations() const noexcept { return allocations_; }
  [[nodiscard]] std::int64_t reuses() const noexcept { return reuses_; }
  [[nodiscard]] std::size_t idle_bytes() const noexcept;

 private:
  friend class PooledBuffer;
  void release(Bytes bytes);

  std::vector<Bytes> idle_;  // kept sorted by capacity
  std::int64_t allocations_ = 0;
  std::int64_t reuses_ = 0;
};

}  // namespace redist::exec
