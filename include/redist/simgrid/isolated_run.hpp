#pragma once
// Runs work in child processes. SimGrid allows one engine per process, and the study runs hundreds
// of simulations: each one runs in a forked child that writes its result as text to a pipe and
// exits, so one `redist` process (or one test) can run any number of them, several at a time.
//
//   std::string text = run_isolated([&] { return serialize(simulate_application(scenario, scheme));
//   });
//
// Plain POSIX (fork, pipe, poll); no SimGrid here. Call from a single-threaded process.

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace redist::simgrid {

using IsolatedTask = std::function<std::string()>;

/// Runs `task` in a child process and returns its text. Throws InternalError when the child throws
/// (with its message), crashes or exits abnormally; std::bad_alloc when its task threw one.
std::string run_isolated(const IsolatedTask& task);

/// Runs every task in its own child, at most `parallel` (>= 1) at a time; results in task order.
/// `on_done(index)` is called in the parent as each task finishes. On a failure, waits for the
/// running children and throws InternalError naming the task index.
std::vector<std::string> run_isolated_all(const std::vector<IsolatedTask>& tasks, int parallel,
                                          const std::function<void(std::size_t)>& on_done = {});

}  // namespace redist::simgrid
