#include "redist/report/schedule_svg.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <vector>

#include "redist/core/decimal.hpp"
#include "redist/report/axis.hpp"
#include "redist/report/number_format.hpp"

namespace redist::report {

namespace {

constexpr std::size_t kMaxDrawnBatches = 50'000;
constexpr double kPlotWidth = 1000;
constexpr double kLeft = 70;
constexpr double kTop = 50;

std::string fmt(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2f", v);
  return buffer;
}

struct Bar {
  double x0, x1;     // pixels
  double forwarded;  // fraction of the batch's items that were received from a neighbour
  std::size_t lane;
  bool succ;
  std::int64_t items;
};

// Which part of each batch forwards received items: a processor's sends beyond its own load.
std::vector<double> forwarded_fractions(const RingInstance& inst, const Schedule& s) {
  std::vector<std::size_t> order(s.transfers.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return s.transfers[a].start < s.transfers[b].start;
  });
  std::vector<std::int64_t> sent(inst.size(), 0);
  std::vector<double> fraction(s.transfers.size(), 0);
  for (std::size_t i : order) {
    const Transfer& t = s.transfers[i];
    const auto p = static_cast<std::size_t>(t.from);
    const std::int64_t own_left = std::max<std::int64_t>(0, inst.loads[p] - sent[p]);
    if (t.items > 0)
      fraction[i] = static_cast<double>(std::max<std::int64_t>(0, t.items - own_left)) /
                    static_cast<double>(t.items);
    sent[p] += t.items;
  }
  return fraction;
}

// How a transfer's items look along its bar. Back to back: a solid bar. Spaced (docs/design.md
// "Schedule"): where one period is at least kMinPeriodPixels wide, a stripe pattern repeating at
// the spacing, each stripe one item's time on the link, so a person sees the pace; finer than that,
// a solid bar whose opacity is the link's duty cycle c / spacing.
constexpr double kMinPeriodPixels = 3;

struct Pace {
  bool spaced = false;
  bool striped = false;
  double opacity = 1;
  double period_px = 0, item_px = 0, x0 = 0;
  std::size_t id = 0;

  std::string pattern_id(int shade) const {
    return "pace" + std::to_string(id) + (shade ? "d" : "l");
  }
  std::string patterns(const char* light, const char* dark, double h) const {
    if (!striped) return {};
    std::string out;
    for (int shade = 0; shade < 2; ++shade)
      out += "<pattern id=\"" + pattern_id(shade) + "\" patternUnits=\"userSpaceOnUse\" x=\"" +
             fmt(x0) + "\" y=\"0\" width=\"" + fmt(period_px) + "\" height=\"" +
             fmt(std::max(h, 1.0) + 1000) + "\"><rect width=\"" + fmt(item_px) +
             "\" height=\"100%\" fill=\"" + (shade ? dark : light) + "\"/></pattern>\n";
    return out;
  }
  std::string fill(const char* colour, int shade) const {
    if (striped)
      return "fill=\"url(#" + pattern_id(shade) + ")\" stroke=\"" + std::string(colour) +
             "\" stroke-width=\"0.5\"";
    std::string out = "fill=\"" + std::string(colour) + "\"";
    if (spaced)
      out += " fill-opacity=\"" + fmt(opacity) + "\" stroke=\"" + std::string(colour) +
             "\" stroke-width=\"0.5\"";
    return out;
  }
};

Pace pace_of(const Transfer& t, double cost, double period, double px, double x0, std::size_t id) {
  Pace pace;
  pace.spaced = t.spacing != 0 && period > cost;
  if (!pace.spaced) return pace;
  pace.period_px = period * px;
  pace.item_px = std::max(0.5, cost * px);
  pace.x0 = x0;
  pace.id = id;
  pace.striped = pace.period_px >= kMinPeriodPixels;
  pace.opacity = std::max(0.2, cost / period);
  return pace;
}

// A batch's link (true: to the successor), the cost of one item on it and the time between two of
// its items, in the diagram's common time unit.
struct BatchTiming {
  bool succ;
  double cost;
  double period;
};

BatchTiming batch_timing(const RingInstance& inst, const Transfer& t, double cost_factor,
                         double time_factor) {
  const auto n = static_cast<std::int64_t>(inst.size());
  const bool succ = t.link ? *t.link == Link::succ : t.to == (t.from + 1) % n;
  const double cost = static_cast<double>(inst.cost(static_cast<std::size_t>(t.from),
                                                    succ || !inst.bidirectional())) *
                      cost_factor;
  return {succ, cost, t.spacing == 0 ? cost : static_cast<double>(t.spacing) * time_factor};
}

}  // namespace

std::string schedule_svg(const RingInstance& inst, const Schedule& s, const std::string& title) {
  const std::size_t n = inst.size();
  const int scale = std::max(inst.cost_scale, s.time_scale);
  const double unit = static_cast<double>(pow10_ticks(scale));
  const double time_factor = static_cast<double>(pow10_ticks(scale - s.time_scale));
  const double cost_factor = static_cast<double>(pow10_ticks(scale - inst.cost_scale));
  double makespan = 0;
  for (const Transfer& t : s.transfers) {
    const auto [succ, c, period] = batch_timing(inst, t, cost_factor, time_factor);
    makespan = std::max(makespan, static_cast<double>(t.start) * time_factor +
                                      static_cast<double>(t.items - 1) * period + c);
  }
  if (makespan <= 0) makespan = 1;
  const double lane =
      std::clamp(600.0 / static_cast<double>(std::max<std::size_t>(n, 1)), 6.0, 40.0);
  const double height = kTop + lane * static_cast<double>(n) + 50;
  const double px = kPlotWidth / makespan;
  const auto fractions = forwarded_fractions(inst, s);

  std::ostringstream svg;
  svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << fmt(kLeft + kPlotWidth + 30)
      << "\" height=\"" << fmt(height) << "\" font-family=\"sans-serif\" font-size=\"11\">\n"
      << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      << "<text x=\"" << fmt(kLeft) << "\" y=\"20\" font-size=\"14\">" << title
      << (s.transfers.size() > kMaxDrawnBatches ? " (first 50,000 batches drawn)" : "")
      << "</text>\n"
      << "<text x=\"" << fmt(kLeft)
      << "\" y=\"38\" fill=\"#555\">upper half: to successor (blue), lower half: to "
         "predecessor (orange); darker = forwarding items received from a neighbour; stripes = one "
         "item per "
         "spacing</text>\n";
  const auto label_every = static_cast<std::size_t>(std::max(1.0, std::ceil(12.0 / lane)));
  for (std::size_t p = 0; p < n; ++p) {
    const double y = kTop + lane * static_cast<double>(p);
    svg << "<rect x=\"" << fmt(kLeft) << "\" y=\"" << fmt(y) << "\" width=\"" << fmt(kPlotWidth)
        << "\" height=\"" << fmt(lane) << "\" fill=\"" << (p % 2 ? "#f4f4f4" : "#fafafa")
        << "\"/>\n";
    if (p % label_every == 0)
      svg << "<text x=\"" << fmt(kLeft - 6) << "\" y=\"" << fmt(y + lane / 2 + 4)
          << "\" text-anchor=\"end\">P" << p << "</text>\n";
  }
  for (std::size_t i = 0; i < s.transfers.size() && i < kMaxDrawnBatches; ++i) {
    const Transfer& t = s.transfers[i];
    const auto [succ, c, period] = batch_timing(inst, t, cost_factor, time_factor);
    const double x0 = kLeft + static_cast<double>(t.start) * time_factor * px;
    const double w = std::max(0.5, (static_cast<double>(t.items - 1) * period + c) * px);
    const double y = kTop + lane * static_cast<double>(t.from) + (succ ? 1 : lane / 2);
    const double h = std::max(1.0, lane / 2 - 1.5);
    const Pace pace = pace_of(t, c, period, px, x0, i);
    const char* light = succ ? "#7aa6d8" : "#f0b27a";
    const char* dark = succ ? "#1f4e8c" : "#b3541e";
    const double own_w = w * (1 - fractions[i]);
    svg << pace.patterns(light, dark, h);
    svg << "<rect x=\"" << fmt(x0) << "\" y=\"" << fmt(y) << "\" width=\"" << fmt(own_w)
        << "\" height=\"" << fmt(h) << "\" " << pace.fill(light, 0) << "><title>P" << t.from
        << " -> P" << t.to << ": " << t.items
        << " items from t=" << format_ticks(t.start, s.time_scale)
        << (t.spacing != 0 ? ", one every " + format_ticks(t.spacing, s.time_scale) : std::string())
        << "</title></rect>\n";
    if (fractions[i] > 0)
      svg << "<rect x=\"" << fmt(x0 + own_w) << "\" y=\"" << fmt(y) << "\" width=\""
          << fmt(w - own_w) << "\" height=\"" << fmt(h) << "\" " << pace.fill(dark, 1) << "/>\n";
    if (w > 28 && lane >= 16)
      svg << "<text x=\"" << fmt(x0 + w / 2) << "\" y=\"" << fmt(y + h - 3)
          << "\" text-anchor=\"middle\" fill=\"" << (pace.spaced ? "black" : "white") << "\">"
          << t.items << "</text>\n";
  }
  const double axis_y = kTop + lane * static_cast<double>(n) + 4;
  svg << "<line x1=\"" << fmt(kLeft) << "\" y1=\"" << fmt(axis_y) << "\" x2=\""
      << fmt(kLeft + kPlotWidth) << "\" y2=\"" << fmt(axis_y) << "\" stroke=\"black\"/>\n";
  // Round times (1, 2, 2.5 or 5 x 10^k apart) up to the makespan, in the schedule's time unit.
  const double end = makespan / unit;
  const double step = nice_step(end, 8);
  for (double v : round_ticks(0, end, false, 8)) {
    const double x = kLeft + v * unit * px;
    svg << "<line x1=\"" << fmt(x) << "\" y1=\"" << fmt(axis_y) << "\" x2=\"" << fmt(x)
        << "\" y2=\"" << fmt(axis_y + 5) << "\" stroke=\"black\"/><text x=\"" << fmt(x) << "\" y=\""
        << fmt(axis_y + 18) << "\" text-anchor=\"middle\">" << format_tick(v, step) << "</text>\n";
  }
  svg << "<text x=\"" << fmt(kLeft + kPlotWidth / 2) << "\" y=\"" << fmt(axis_y + 34)
      << "\" text-anchor=\"middle\">time</text>\n";
  svg << "</svg>\n";
  return svg.str();
}

std::string plan_svg(const RingInstance& instance, const ring::OrderedPlan& plan) {
  const std::string title = plan.framework + ", n = " + std::to_string(instance.size()) +
                            ", makespan " +
                            format_ticks(*plan.schedule.makespan, plan.schedule.time_scale);
  return schedule_svg(instance, plan.schedule, title);
}

std::string plan_svg(const RingInstance& instance, const ring::RingPlan& plan) {
  const std::string title = plan.framework + ", n = " + std::to_string(instance.size()) +
                            ", makespan " +
                            format_ticks(*plan.schedule.makespan, plan.schedule.time_scale);
  return schedule_svg(instance, plan.schedule, title);
}

}  // namespace redist::report
