#include "redist/simgrid/isolated_run.hpp"

#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <exception>
#include <iostream>
#include <new>

#include "redist/core/error.hpp"

namespace redist::simgrid {

namespace {

constexpr char kFailureMark = '\x01';      // first byte of a child's message when its task threw
constexpr char kOutOfMemoryMark = '\x02';  // ... when it ran out of memory

struct Child {
  pid_t pid = -1;
  int fd = -1;
  std::size_t index = 0;
  std::string text;
};

void write_all(int fd, const std::string& text) {
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    done += static_cast<std::size_t>(n);
  }
}

[[noreturn]] void child_main(const IsolatedTask& task, int fd) {
  int status = 0;
  try {
    write_all(fd, task());
  } catch (const std::bad_alloc&) {
    write_all(fd, std::string(1, kOutOfMemoryMark));
    status = 3;
  } catch (const std::exception& e) {
    write_all(fd, std::string(1, kFailureMark) + e.what());
    status = 3;
  } catch (...) {
    write_all(fd, std::string(1, kFailureMark) + "unknown exception");
    status = 3;
  }
  ::close(fd);
  ::_exit(status);  // no atexit handlers, no flushing of the parent's buffers twice
}

Child spawn(const IsolatedTask& task, std::size_t index) {
  int fds[2];
  if (::pipe(fds) != 0) throw InternalError("isolated run: pipe() failed");
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  const pid_t pid = ::fork();
  if (pid < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    throw InternalError("isolated run: fork() failed");
  }
  if (pid == 0) {
    ::close(fds[0]);
    child_main(task, fds[1]);
  }
  ::close(fds[1]);
  return {pid, fds[0], index, {}};
}

// Reads what is available; returns false at end of file.
bool drain(Child& c) {
  char buffer[65536];
  const ssize_t n = ::read(c.fd, buffer, sizeof buffer);
  if (n < 0 && errno == EINTR) return true;
  if (n <= 0) return false;
  c.text.append(buffer, static_cast<std::size_t>(n));
  return true;
}

// Closes the pipe, reaps the child; returns an error message or "" (`out_of_memory` set when the
// child's task threw std::bad_alloc).
std::string finish(Child& c, bool& out_of_memory) {
  ::close(c.fd);
  int status = 0;
  while (::waitpid(c.pid, &status, 0) < 0 && errno == EINTR) {}
  out_of_memory = c.text.size() == 1 && c.text.front() == kOutOfMemoryMark;
  if (out_of_memory) return "out of memory";
  if (!c.text.empty() && c.text.front() == kFailureMark) return c.text.substr(1);
  if (!WIFEXITED(status))
    return "simulation process died (signal " + std::to_string(WTERMSIG(status)) + ")";
  if (WEXITSTATUS(status) != 0)
    return "simulation process exited with status " + std::to_string(WEXITSTATUS(status));
  return "";
}

// Waits until one running child ends; returns its position in `running`.
std::size_t wait_one(std::vector<Child>& running) {
  for (;;) {
    std::vector<pollfd> fds;
    for (const Child& c : running) fds.push_back({c.fd, POLLIN, 0});
    if (::poll(fds.data(), fds.size(), -1) < 0 && errno != EINTR)
      throw InternalError("isolated run: poll() failed");
    for (std::size_t k = 0; k < fds.size(); ++k)
      if ((fds[k].revents & (POLLIN | POLLHUP | POLLERR)) && !drain(running[k])) return k;
  }
}

}  // namespace

std::string run_isolated(const IsolatedTask& task) { return run_isolated_all({task}, 1).front(); }

std::vector<std::string> run_isolated_all(const std::vector<IsolatedTask>& tasks, int parallel,
                                          const std::function<void(std::size_t)>& on_done) {
  std::vector<std::string> results(tasks.size());
  std::vector<Child> running;
  std::string failure;
  bool failure_is_memory = false;
  std::size_t next = 0;
  while (next < tasks.size() || !running.empty()) {
    while (failure.empty() && next < tasks.size() &&
           static_cast<int>(running.size()) < std::max(parallel, 1))
      running.push_back(spawn(tasks[next], next)), ++next;
    if (running.empty()) break;
    const std::size_t k = wait_one(running);
    Child done = std::move(running[k]);
    running.erase(running.begin() + static_cast<std::ptrdiff_t>(k));
    bool out_of_memory = false;
    const std::string error = finish(done, out_of_memory);
    if (!error.empty() && failure.empty()) {
      failure = "task " + std::to_string(done.index) + ": " + error;
      failure_is_memory = out_of_memory;
    }
    if (error.empty()) {
      results[done.index] = std::move(done.text);
      if (on_done) on_done(done.index);
    }
  }
  // A child out of memory is the parent's too: the CLI's one line and exit 2 (issue 27 item 7).
  if (failure_is_memory) throw std::bad_alloc();
  if (!failure.empty()) throw InternalError(failure);
  return results;
}

}  // namespace redist::simgrid
