// Every layer's option_specs: unique names, help for each option, the library's names for its
// choices, and each option stores into the field of the options it describes. The generator
// commands (app/generator_command.hpp) draw what their layer's generator draws from those options.

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "app/adaptive_option_specs.hpp"
#include "app/experiment_option_specs.hpp"
#include "app/lau_option_specs.hpp"
#include "app/perm_option_specs.hpp"
#include "app/ring_option_specs.hpp"
#include "redist/io/json_text.hpp"
#include "redist/io/ring_instance_io.hpp"
#include "redist/lau/allport_io.hpp"

namespace redist::app {
namespace {

const OptionSpec& find(const std::vector<OptionSpec>& specs, const std::string& names) {
  for (const auto& spec : specs)
    if (spec.names == names) return spec;
  throw std::runtime_error("no option " + names);
}

void expect_well_formed(const std::vector<OptionSpec>& specs) {
  std::set<std::string> seen;
  for (const auto& spec : specs) {
    EXPECT_TRUE(seen.insert(spec.names).second) << spec.names;
    EXPECT_FALSE(spec.help.empty()) << spec.names;
    EXPECT_EQ(spec.names.rfind('-', 0), 0u) << spec.names;
    if (spec.kind == OptionSpec::Kind::flag) {
      EXPECT_NE(spec.flag, nullptr) << spec.names;
    } else {
      EXPECT_TRUE(spec.store) << spec.names;
    }
    if (spec.kind == OptionSpec::Kind::whole_number) {
      EXPECT_LE(spec.whole_min, spec.whole_max) << spec.names;
    }
  }
}

TEST(OptionSpecsOfLayers, RingGeneratorStoresIntoRingGenOptions) {
  ring::RingGenOptions options;
  const auto specs = app::option_specs(options);
  expect_well_formed(specs);
  const OptionSpec& shape = find(specs, "--shape");
  for (const auto value : {ring::RingShape::uniform, ring::RingShape::forward})
    EXPECT_EQ(shape.check(ring::to_string(value)), "");
  shape.store({"gather"});
  EXPECT_EQ(options.shape, ring::RingShape::gather);
  find(specs, "--ring").store({"bi"});
  EXPECT_EQ(options.kind, RingKind::bidirectional);
  find(specs, "--max-load").store({"1099511627776"});
  EXPECT_EQ(options.max_load, std::int64_t{1} << 40);
  EXPECT_EQ(find(specs, "--cost-decimals").whole_max, 6u);
  EXPECT_EQ(find(specs, "--light").flag, &options.light);
}

TEST(OptionSpecsOfLayers, PlannersDescribeTheirOptions) {
  ring::RingPlanOptions plan;
  expect_well_formed(app::option_specs(plan));
  find(app::option_specs(plan), "--effort").store({"7"});
  EXPECT_EQ(plan.effort, 7);

  lau::LauOptions lau_options;
  const auto lau_specs = app::option_specs(lau_options);
  expect_well_formed(lau_specs);
  EXPECT_EQ(find(lau_specs, "--algorithm").choices,
            (std::vector<std::string>{"linear", "optimal", "traffic", "window"}));
  find(lau_specs, "--mode").store({"multi"});
  EXPECT_EQ(lau_options.mode, sim::SendMode::multi);
}

TEST(OptionSpecsOfLayers, GeneratorsAndExperimentsAreWellFormed) {
  lau::LauGenOptions lau_gen;
  expect_well_formed(app::option_specs(lau_gen));
  perm::PermGenRequest perm_gen;
  const auto perm_specs = app::option_specs(perm_gen);
  expect_well_formed(perm_specs);
  find(perm_specs, "--dist").store({"block-cyclic"});
  EXPECT_EQ(perm_gen.options.distribution, perm::PermDistribution::block_cyclic);
  find(perm_specs, "--grid").store({"2x3"});
  EXPECT_EQ(perm_gen.grid, "2x3");
  find(perm_specs, "--form").store({"items"});
  EXPECT_EQ(perm_gen.form, "items");
  perm::PermObjective objective = perm::PermObjective::volume;
  app::objective_option(objective).store({"steps"});
  EXPECT_EQ(objective, perm::PermObjective::steps);

  report::LauExperimentOptions lau_run;
  report::PermExperimentOptions perm_run;
  report::HetbiExperimentOptions hetbi_run;
  expect_well_formed(app::option_specs(lau_run));
  expect_well_formed(app::option_specs(perm_run));
  expect_well_formed(app::option_specs(hetbi_run));
  find(app::option_specs(hetbi_run), "--max-n").store({"16"});
  EXPECT_EQ(hetbi_run.max_n, 16u);
  report::LatencyExperimentOptions latency_run;
  expect_well_formed(app::option_specs(latency_run));
  find(app::option_specs(latency_run), "--max-slots").store({"25"});
  EXPECT_EQ(latency_run.max_optimum_slots, 25);

  sim::AdaptiveOptions adaptive;
  const auto adaptive_specs = app::option_specs(adaptive);
  expect_well_formed(adaptive_specs);
  EXPECT_EQ(find(adaptive_specs, "--initial-slowdown").real_min, 1.0);
  find(adaptive_specs, "--margin").store({"2.5"});
  EXPECT_EQ(adaptive.margin, 2.5);
}

// A generator command, checked and given a seed and option values as a front end would.
GeneratorCommand configured(GeneratorCommand command, const std::string& name,
                            const std::string& seed,
                            const std::vector<std::pair<std::string, std::string>>& values) {
  EXPECT_EQ(command.name, name);
  EXPECT_FALSE(command.help.empty()) << name;
  EXPECT_EQ(command.seed.names, "--seed");
  expect_well_formed(command.options);
  command.seed.store({seed});
  for (const auto& [option, value] : values) find(command.options, option).store({value});
  return command;
}

// A generator command's specs fill the options its `make` reads: the same text as the layer's own
// generator on those options, and a different seed draws a different instance.
TEST(GeneratorCommands, DrawWhatTheirLayersGeneratorsDraw) {
  GeneratorCommand ring_gen =
      configured(app::ring_generator_command(), "ring", "42", {{"--n", "12"}, {"--ring", "bi"}});
  ring::RingGenOptions ring_options;
  ring_options.n = 12;
  ring_options.kind = RingKind::bidirectional;
  ring_options.seed = 42;
  const std::string ring_text = ring_gen.make();
  EXPECT_EQ(ring_text,
            io::json_text(io::ring_instance_to_json(ring::generate_ring_instance(ring_options))));
  ring_gen.seed.store({"43"});
  EXPECT_NE(ring_gen.make(), ring_text);

  const GeneratorCommand lau_gen =
      configured(app::lau_generator_command(), "lau", "7", {{"--max-load", "30"}});
  lau::LauGenOptions lau_options;
  lau_options.max_load = 30;
  lau_options.seed = 7;
  EXPECT_EQ(lau_gen.make(),
            io::json_text(lau::allport_instance_to_json(lau::generate_lau_instance(lau_options))));

  const GeneratorCommand perm_gen =
      configured(app::perm_generator_command(), "perm", "5", {{"--dist", "skewed"}});
  perm::PermGenRequest perm_request;
  perm_request.options.distribution = perm::PermDistribution::skewed;
  perm_request.options.seed = 5;
  EXPECT_EQ(perm_gen.make(), perm::generated_instance_text(perm_request));
  find(perm_gen.options, "--grid").store({"3by5"});  // not PxQ: refused when drawing
  EXPECT_THROW((void)perm_gen.make(), InputError);
}

}  // namespace
}  // namespace redist::app
