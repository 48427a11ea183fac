// Tests of core/base/process_supervisor.h: exit statuses decoded, a deadline and a memory limit
// enforced by killing the child (and its group), a program that cannot be run reported as such,
// an address-space cap and streams set in the child.
#include <fcntl.h>
#include <unistd.h>

#include <boost/test/unit_test.hpp>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <new>
#include <string>
#include <vector>

#include "core/base/process_supervisor.h"

using namespace igv::process;

BOOST_AUTO_TEST_SUITE(process_supervisor, *boost::unit_test::label("base"))

BOOST_AUTO_TEST_CASE(exit_codes_and_signals_are_decoded) {
  Child exits = Child::fork_function([] { return 7; }, {});
  const ExitStatus s = exits.wait();
  BOOST_TEST(s.exited());
  BOOST_TEST(s.code() == 7);
  BOOST_TEST(!s.success());
  BOOST_TEST(s.text() == "exit status 7");

  Child crashes = Child::fork_function(
      [] {
        std::raise(SIGSEGV);
        return 0;
      },
      {});
  const ExitStatus c = crashes.wait();
  BOOST_TEST(c.signaled());
  BOOST_TEST(c.signal() == SIGSEGV);
  BOOST_TEST(c.code() == -1);
  BOOST_TEST(c.text().rfind("killed by signal 11 (", 0) == 0);
  BOOST_TEST(ExitStatus::signal_name(SIGSEGV) == "SIGSEGV (11)");
}

BOOST_AUTO_TEST_CASE(a_deadline_kills_the_child) {
  Child spins = Child::fork_function(
      []() -> int {
        for (;;) pause();
      },
      {});
  const Supervision s = supervise(spins, {0.2, 0});
  BOOST_TEST(static_cast<int>(s.stop) == static_cast<int>(Supervision::Stop::time_limit));
  BOOST_TEST(s.status.signal() == SIGKILL);
  BOOST_TEST(s.seconds >= 0.2);
  BOOST_TEST(spins.reaped());
}

// Under AddressSanitizer (.ci/hardening) the shadow memory makes both the resident size and the
// address space of a child meaningless: the memory-limit and address-space cases run in the
// ordinary build only (verify/cli_common.cpp does not cap the address space there either).
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif
#else
constexpr bool kSanitized = false;
#endif

BOOST_AUTO_TEST_CASE(a_memory_limit_kills_the_child, *boost::unit_test::enable_if<!kSanitized>()) {
  Child hogs = Child::fork_function(
      [] {
        for (;;) {
          char* b = static_cast<char*>(std::malloc(16 << 20));
          if (b == nullptr) return 9;
          std::memset(b, 1, 16 << 20);
        }
      },
      {});
  const Supervision s = supervise(hogs, {0, std::uint64_t{128} << 20});
  BOOST_TEST(static_cast<int>(s.stop) == static_cast<int>(Supervision::Stop::memory_limit));
  BOOST_TEST(s.peak_resident > (std::uint64_t{128} << 20));
  BOOST_TEST(s.status.signal() == SIGKILL);
}

BOOST_AUTO_TEST_CASE(a_child_that_ends_in_time_is_not_stopped) {
  Child quick = Child::fork_function([] { return 0; }, {});
  const Supervision s = supervise(quick, {30, std::uint64_t{1} << 40});
  BOOST_TEST(static_cast<int>(s.stop) == static_cast<int>(Supervision::Stop::exited));
  BOOST_TEST(s.status.success());
}

BOOST_AUTO_TEST_CASE(an_address_space_cap_is_set_in_the_child,
                     *boost::unit_test::enable_if<!kSanitized>()) {
  SpawnOptions capped;
  capped.address_space_bytes = std::uint64_t{256} << 20;
  Child c = Child::fork_function(
      [] {
        try {
          std::vector<char> big(std::size_t{512} << 20);
          return big.empty() ? 1 : 0;
        } catch (const std::bad_alloc&) {
          return 42;
        }
      },
      capped);
  BOOST_TEST(c.wait().code() == 42);
}

BOOST_AUTO_TEST_CASE(a_program_that_cannot_run_is_exec_failed) {
  BOOST_CHECK_THROW(Child::exec({"/nonexistent/program"}, environment_with_defaults({}), {}),
                    ExecFailed);
  BOOST_CHECK_THROW(Child::exec({"no-such-program-igv"}, environment_with_defaults({}), {}, true),
                    ExecFailed);
}

BOOST_AUTO_TEST_CASE(exec_gets_its_folder_streams_and_environment) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("igv_supervisor_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto out_path = dir / "out.txt";
  const int out = ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  BOOST_REQUIRE(out >= 0);
  SpawnOptions o;
  o.own_process_group = true;
  o.working_directory = dir.string();
  o.out = Stream::descriptor(out);
  o.in = o.err = Stream::null();
  Child c = Child::exec({"sh", "-c", "pwd; echo \"$IGV_SUPERVISOR_TEST\""},
                        environment_with_defaults({"IGV_SUPERVISOR_TEST=set"}), o, true);
  ::close(out);
  BOOST_TEST(c.wait().success());
  std::ifstream in(out_path);
  std::string where, value;
  std::getline(in, where);
  std::getline(in, value);
  BOOST_TEST(std::filesystem::equivalent(where, dir));
  BOOST_TEST(value == "set");
  std::filesystem::remove_all(dir);
}

// A descriptor passed to the child (a kernel's shared memory) is open there under its number,
// by posix_spawn and by fork + exec (a working folder forces the second), whatever number it has
// in the parent, even the one it takes in the child; others (close-on-exec) are not.
BOOST_AUTO_TEST_CASE(a_passed_descriptor_is_open_in_the_child) {
  for (const bool by_fork : {false, true}) {
    for (const int to : {3, 7}) {
      int p[2];
      BOOST_REQUIRE(::pipe2(p, O_CLOEXEC) == 0);
      // Another descriptor, close-on-exec, on a number no passed one takes.
      int other[2];
      BOOST_REQUIRE(::pipe2(other, O_CLOEXEC) == 0);
      const int high = ::fcntl(other[1], F_DUPFD_CLOEXEC, 50);
      BOOST_REQUIRE(high >= 50);
      ::close(other[1]);
      other[1] = high;
      SpawnOptions o;
      o.in = o.out = o.err = Stream::null();
      if (by_fork) o.working_directory = "/";
      o.pass_to_child.push_back({p[1], to});
      const std::string script = "echo passed >&" + std::to_string(to) + " && ! (echo x >&" +
                                 std::to_string(other[1]) + ") 2>/dev/null";
      Child c = Child::exec({"sh", "-c", script}, environment_with_defaults({}), o, true);
      ::close(p[1]);
      ::close(other[1]);
      const ExitStatus s = c.wait();
      char buf[16] = {};
      const ssize_t got = ::read(p[0], buf, sizeof buf - 1);
      ::close(p[0]);
      ::close(other[0]);
      BOOST_TEST_INFO("by fork: " << by_fork << ", to " << to);
      BOOST_TEST(s.success());
      BOOST_TEST(std::string(buf, got > 0 ? static_cast<std::size_t>(got) : 0) == "passed\n");
    }
  }
}

BOOST_AUTO_TEST_CASE(a_kill_reaches_the_whole_group) {
  // The child starts a grandchild that would outlive it; killing the group ends both, so the
  // pipe's write end (held only by them) closes.
  int p[2];
  BOOST_REQUIRE(::pipe2(p, O_CLOEXEC) == 0);
  SpawnOptions o;
  o.own_process_group = true;
  o.out = Stream::descriptor(p[1]);
  Child c =
      Child::exec({"sh", "-c", "sleep 60 & sleep 60"}, environment_with_defaults({}), o, true);
  ::close(p[1]);
  const Supervision s = supervise(c, {0.2, 0});
  BOOST_TEST(static_cast<int>(s.stop) == static_cast<int>(Supervision::Stop::time_limit));
  char byte;
  // read returns 0 (end of file) only once every holder of the write end is gone.
  BOOST_TEST(::read(p[0], &byte, 1) == 0);
  ::close(p[0]);
}

BOOST_AUTO_TEST_SUITE_END()
