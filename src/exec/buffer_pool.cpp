#include "redist/exec/buffer_pool.hpp"

#include <algorithm>

namespace redist::exec {

Bytes::Bytes(std::size_t capacity)
    : data_(capacity == 0 ? nullptr : std::make_unique_for_overwrite<std::byte[]>(capacity)),
      capacity_(capacity) {}

PooledBuffer::PooledBuffer(PooledBuffer&& other) noexcept
    : pool_(other.pool_), bytes_(std::move(other.bytes_)) {
  other.pool_ = nullptr;
  other.bytes_ = Bytes();
}

PooledBuffer& PooledBuffer::operator=(PooledBuffer&& other) noexcept {
  if (this != &other) {
    give_back();
    pool_ = other.pool_;
    bytes_ = std::move(other.bytes_);
    other.pool_ = nullptr;
    other.bytes_ = Bytes();
  }
  return *this;
}

PooledBuffer::~PooledBuffer() { give_back(); }

void PooledBuffer::give_back() {
  if (pool_ != nullptr && bytes_.capacity() > 0) pool_->release(std::move(bytes_));
  pool_ = nullptr;
  bytes_ = Bytes();
}

PooledBuffer BufferPool::acquire(std::size_t bytes) {
  const std::size_t wanted = std::max<std::size_t>(bytes, 1);
  auto fits =
      std::lower_bound(idle_.begin(), idle_.end(), wanted,
                       [](const Bytes& b, std::size_t size) { return b.capacity() < size; });
  if (fits != idle_.end()) {
    Bytes found = std::move(*fits);
    idle_.erase(fits);
    ++reuses_;
    return {this, std::move(found)};
  }
  ++allocations_;
  return {this, Bytes(wanted)};
}

void BufferPool::release(Bytes bytes) {
  auto at = std::lower_bound(idle_.begin(), idle_.end(), bytes.capacity(),
                             [](const Bytes& b, std::size_t size) { return b.capacity() < size; });
  idle_.insert(at, std::move(bytes));
}

void BufferPool::trim() { idle_.clear(); }

std::size_t BufferPool::idle_bytes() const noexcept {
  std::size_t total = 0;
  for (const Bytes& b : idle_) total += b.capacity();
  return total;
}

}  // namespace redist::exec
