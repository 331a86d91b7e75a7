#include "ordered_relaxation.hpp"
#include "ordered_ways.hpp"

#include <algorithm>
#include <cmath>

#include "redist/core/error.hpp"
#include "ring/ordered_routes.hpp"

namespace redist::ring::detail {

namespace {

// The bound is computed in double, then lowered so that rounding cannot lift it above the truth:
// its sums have fewer than 2^28 positive terms of relative error 2^-53 each, far below 10^-6.
constexpr double kSafety = 1e-6;

// Routes as the fraction z_b of block b that goes rightwards, in [0, 1], computed in Real.
template <class Real>
class Relaxation {
 public:
  Relaxation(const RingInstance& inst, const std::vector<ItemBlock>& blocks)
      : inst_(inst), blocks_(blocks), n_(inst.size()) {
    send_.resize(n_);
    receive_.resize(n_);
    right_.resize(n_ + 1);
    left_.resize(n_ + 1);
    alpha_.resize(n_ + 1);
    beta_.resize(n_ + 1);
  }

  std::vector<Real> fractions(const std::vector<std::int64_t>& rerouted) const {
    std::vector<Real> z(blocks_.size());
    for (std::size_t b = 0; b < blocks_.size(); ++b) {
      const ItemBlock& block = blocks_[b];
      const std::int64_t right = linear_rightward(block) ? block.items - rerouted[b] : rerouted[b];
      z[b] = static_cast<Real>(right) / static_cast<Real>(block.items);
    }
    return z;
  }

  std::vector<std::int64_t> rounded(const std::vector<Real>& z, bool whole) const {
    std::vector<std::int64_t> rerouted(blocks_.size());
    for (std::size_t b = 0; b < blocks_.size(); ++b) {
      const ItemBlock& block = blocks_[b];
      const Real share = whole ? std::round(z[b]) : z[b];
      const auto right = std::clamp<std::int64_t>(
          std::llround(share * static_cast<Real>(block.items)), 0, block.items);
      rerouted[b] = linear_rightward(block) ? block.items - right : right;
    }
    return rerouted;
  }

  // Port loads of z into send_, receive_; their maximum.
  Real loads(const std::vector<Real>& z) {
    std::fill(right_.begin(), right_.end(), 0);
    std::fill(left_.begin(), left_.end(), 0);
    for (std::size_t b = 0; b < blocks_.size(); ++b) {
      const auto from = static_cast<std::size_t>(blocks_[b].from);
      const auto to = static_cast<std::size_t>(blocks_[b].to);
      const auto m = static_cast<Real>(blocks_[b].items);
      add_arc(right_, n_, from, (to + n_ - from) % n_, m * z[b]);
      add_arc(left_, n_, to, (from + n_ - to) % n_, m * (1 - z[b]));
    }
    for (std::size_t e = 1; e < n_; ++e) {
      right_[e] += right_[e - 1];
      left_[e] += left_[e - 1];
    }
    Real most = 0;
    for (std::size_t i = 0; i < n_; ++i) {
      const std::size_t before = (i + n_ - 1) % n_, after = (i + 1) % n_;
      send_[i] = right_[i] * inst_.succ_cost[i] + left_[before] * inst_.pred_cost[i];
      receive_[i] = right_[before] * inst_.succ_cost[before] + left_[i] * inst_.pred_cost[after];
      most = std::max({most, send_[i], receive_[i]});
    }
    return most;
  }

  // After loads(z): the smoothed maximum mu log sum exp(load / mu), and, with the softmax weights
  // as prices, its gradient in z (when asked) and the Lagrangian bound those weights give.
  struct Smoothed {
    Real value = 0;
    Real bound = 0;
  };
  Smoothed smooth(Real most, Real mu, std::vector<Real>* gradient) {
    Real total = 0;
    for (std::size_t i = 0; i < n_; ++i) {
      send_[i] = std::exp((send_[i] - most) / mu);
      receive_[i] = std::exp((receive_[i] - most) / mu);
      total += send_[i] + receive_[i];
    }
    Smoothed out;
    out.value = most + mu * std::log(total);
    // alpha_e: price of one item over edge e rightwards (P_e sends, P_e+1 receives); beta_e: over
    // edge e leftwards (P_e+1 sends, P_e receives). Prefix sums, then arcs.
    alpha_[0] = beta_[0] = 0;
    for (std::size_t e = 0; e < n_; ++e) {
      const std::size_t next = (e + 1) % n_;
      alpha_[e + 1] = alpha_[e] + inst_.succ_cost[e] * (send_[e] + receive_[next]) / total;
      beta_[e + 1] = beta_[e] + inst_.pred_cost[next] * (send_[next] + receive_[e]) / total;
    }
    if (gradient) gradient->resize(blocks_.size());
    for (std::size_t b = 0; b < blocks_.size(); ++b) {
      const auto from = static_cast<std::size_t>(blocks_[b].from);
      const auto to = static_cast<std::size_t>(blocks_[b].to);
      const Real right = arc(alpha_, from, (to + n_ - from) % n_);
      const Real left = arc(beta_, to, (from + n_ - to) % n_);
      const auto m = static_cast<Real>(blocks_[b].items);
      out.bound += m * std::min(right, left);
      if (gradient) (*gradient)[b] = m * (right - left);
    }
    return out;
  }

 private:
  Real arc(const std::vector<Real>& prefix, std::size_t first, std::size_t count) const {
    const std::size_t end = first + count;
    if (end <= n_) return prefix[end] - prefix[first];
    return prefix[n_] - prefix[first] + prefix[end - n_];
  }

  const RingInstance& inst_;
  const std::vector<ItemBlock>& blocks_;
  std::size_t n_;
  std::vector<Real> send_, receive_, right_, left_, alpha_, beta_;
};

}  // namespace

int relaxation_evaluations(std::size_t n, std::size_t blocks, int effort) {
  // About 10^7 port and block updates per unit of effort: 33 evaluations of the loads at 10^5
  // processors (random rings: 3 * 10^5 ports and blocks), 3 at 10^6 (a bound and one step).
  const std::size_t budget =
      std::size_t{10'000'000} * static_cast<std::size_t>(std::max(1, effort));
  return static_cast<int>(std::clamp<std::size_t>(budget / (n + blocks + 1), 3, 600));
}

RoutingRelaxation relax_routing(const RingInstance& inst, const std::vector<ItemBlock>& blocks,
                                const std::vector<std::int64_t>& start, int evaluations) {
  using Real = double;
  RoutingRelaxation out{start, start, 0};
  if (!inst.bidirectional() || blocks.empty() || inst.size() < 2) return out;
  // Accelerated projected gradient (FISTA with backtracking) on the smoothed maximum, its
  // smoothing mu lowered as it goes: every evaluation's softmax weights give a valid bound.
  Relaxation<Real> relax(inst, blocks);
  std::vector<Real> z = relax.fractions(start), y = z, gradient, trial(z.size());
  Real best_load = relax.loads(z), best_bound = 0;
  std::vector<Real> best_z = z;
  Real mu = best_load / 20, step = 0, t = 1;
  int used = 0;
  // The smoothed maximum at `at` (the point whose weights bound best kept, the best routes too).
  const auto value_at = [&](const std::vector<Real>& at, std::vector<Real>* g) {
    ++used;
    const Real most = relax.loads(at);
    if (most < best_load) best_load = most, best_z = at;
    const auto sm = relax.smooth(most, mu, g);
    best_bound = std::max(best_bound, sm.bound);
    return sm.value;
  };
  for (int k = 0; used < evaluations && best_load > 0; ++k) {
    if (best_load <= best_bound * (1 + 1e-3)) break;  // within 0.1% of the bound
    const Real fy = value_at(y, &gradient);
    Real norm2 = 0;
    for (const Real g : gradient) norm2 += g * g;
    if (norm2 == 0) break;
    if (step == 0) step = mu / norm2;
    // Backtracking: the step must not overestimate the local curvature.
    for (int tries = 0; tries < 30 && used < evaluations; ++tries) {
      Real model = fy;
      for (std::size_t b = 0; b < z.size(); ++b) {
        trial[b] = std::clamp<Real>(y[b] - step * gradient[b], 0, 1);
        const Real d = trial[b] - y[b];
        model += gradient[b] * d + d * d / (2 * step);
      }
      if (value_at(trial, nullptr) <= model) break;
      step /= 2;
    }
    const Real t_next = (1 + std::sqrt(1 + 4 * t * t)) / 2;
    for (std::size_t b = 0; b < z.size(); ++b) {
      y[b] = std::clamp<Real>(trial[b] + (t - 1) / t_next * (trial[b] - z[b]), 0, 1);
      z[b] = trial[b];
    }
    t = t_next;
    step *= 1.5;
    if (k % 10 == 9) {  // sharper smoothing, momentum restarted
      mu = std::max(mu / 2, best_load * 1e-4);
      t = 1;
      y = z;
    }
  }
  out.rerouted = relax.rounded(best_z, false);
  out.whole = relax.rounded(best_z, true);
  const double safe = best_bound * (1 - kSafety);
  out.lower_bound = safe <= 0 ? 0 : static_cast<Ticks>(std::ceil(safe));
  return out;
}

}  // namespace redist::ring::detail
