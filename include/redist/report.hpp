#pragma once
// redist's report layer in one include (redist::core, pkg-config redist): the experiments of
// `redist experiment lau|perm|hetbi|latency|ordered`, their CSV tables, the one chart toolkit and
// every drawing (schedule space-time diagrams, all-port executions, text flows). Apart from
// <redist/redist.hpp>, which holds the algorithms only; the SimGrid study's report is not
// installed. Every installed report header is listed here (the header-hygiene test checks it).

#include "redist/version.hpp"

#include "redist/report/axis.hpp"
#include "redist/report/chart.hpp"
#include "redist/report/csv.hpp"
#include "redist/report/execution_svg.hpp"
#include "redist/report/flow_drawing.hpp"
#include "redist/report/hetbi_experiment.hpp"
#include "redist/report/latency_experiment.hpp"
#include "redist/report/lau_experiment.hpp"
#include "redist/report/lau_experiment_report.hpp"
#include "redist/report/lau_generator_fit.hpp"
#include "redist/report/lau_text.hpp"
#include "redist/report/number_format.hpp"
#include "redist/report/ordered_experiment.hpp"
#include "redist/report/perm_experiment.hpp"
#include "redist/report/report_files.hpp"
#include "redist/report/schedule_svg.hpp"
#include "redist/report/svg.hpp"
