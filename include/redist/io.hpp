#pragma once
// redist's files and JSON in one include (redist::core, pkg-config redist): the exact JSON codecs of
// ring instances and schedules (io; nlohmann::json is part of their signatures), reading within a
// memory budget, all-or-nothing output files, and the all-port instances' JSON (lau/allport_io).
// Apart from <redist/redist.hpp> because nlohmann/json.hpp alone takes longer to parse than all the
// algorithms (BENCHMARKS.md "Parse time of the umbrella headers"). Every installed io header is
// listed here (the header-hygiene test checks it).

#include "redist/version.hpp"

#include "redist/io/budgeted_read.hpp"
#include "redist/io/exact_json.hpp"
#include "redist/io/input_guard.hpp"
#include "redist/io/json_text.hpp"
#include "redist/io/memory_budget.hpp"
#include "redist/io/output_files.hpp"
#include "redist/io/ring_instance_io.hpp"
#include "redist/io/schedule_io.hpp"
#include "redist/io/unknown_field.hpp"
#include "redist/lau/allport_io.hpp"
