// verify: checks what papers claim about impartial games and says, claim by claim, how strongly
// the machine established it. See verify/COMMANDS.md for the commands; `verify help` lists them.
#include <fcntl.h>
#include <unistd.h>

#include <boost/program_options/errors.hpp>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/trusted/errors.h"
#include "igv_build_info.h"
#include "properties/kernels/kernel_process.h"
#include "reports/base/report.h"
#include "verify/cli.h"

namespace {

/// A command: its name, its lines in `verify help` (the name first; several lines, or none when
/// another command's lines name it too), and what runs it with the arguments after the name.
struct Command {
  const char* name;
  const char* help;
  int (*run)(const std::vector<std::string>& args);
};

/// The commands, in the order `verify help` lists them: the one list of them (dispatch and the
/// usage read it).
const Command kCommands[] = {
    {"run", "run [SPEC…]            check the selected claims; --out DIR writes the report\n",
     igv::cli::cmd_run},
    {"list", "list [SPEC…]           list claims: id, expected verdict, source, tags\n",
     igv::cli::cmd_list},
    {"show",
     "show CLAIM             statement, source, verdict, evidence and counterexample of a claim\n",
     igv::cli::cmd_show},
    {"value", "value GAME POSITION    Sprague–Grundy value and every winning move\n",
     igv::cli::cmd_value},
    {"values",
     "values GAME a..b|POS…|@FILE  the values of many positions (text, json, csv, bfile)\n",
     igv::cli::cmd_values},
    {"period",
     "period GAME            proved preperiod, period and saltus (--certificate-out FILE saves\n"
     "                       the certificate); inconclusive (exit 3) at --time-limit (600 s)\n"
     "                       or --memory-limit\n",
     igv::cli::cmd_period},
    {"cross-check",
     "cross-check GAME [--kernels A,B]  compare kernels: exhaustive range, random beyond, timing\n"
     "cross-check GAME --values B-FILE | --external 'CMD' | --plugin LIB.so\n"
     "                       compare a table, a program or a loaded kernel with the harness\n",
     igv::cli::cmd_cross_check},
    {"plot", "plot GAME [RANGE] --out FILE.svg  a picture of the values (sequence, grid, P/N)\n",
     igv::cli::cmd_plot},
    {"check-certificate",
     "check-certificate FILE  re-check a period certificate (from `verify period "
     "--certificate-out`)\n",
     igv::cli::cmd_check_certificate},
    {"check-report",
     "check-report DIR       re-check every proved claim of a report folder from its "
     "certificates\n",
     igv::cli::cmd_check_report},
    {"diff",
     "diff OLD.json NEW.json what changed between two reports (exit 1 when a verdict got worse)\n",
     igv::cli::cmd_diff},
    {"merge", "merge SHARD.json… --out DIR   one report from the shards of `run --shard K/N`\n",
     igv::cli::cmd_merge},
    {"migrate",
     "migrate FILE           rewrite a claims file of an earlier format in the current one\n",
     igv::cli::cmd_migrate},
    {"games", "games | checkers | kernels   what the harness knows\n",
     [](const std::vector<std::string>& args) { return igv::cli::cmd_catalogue("games", args); }},
    {"checkers", "",
     [](const std::vector<std::string>& args) {
       return igv::cli::cmd_catalogue("checkers", args);
     }},
    {"kernels", "",
     [](const std::vector<std::string>& args) { return igv::cli::cmd_catalogue("kernels", args); }},
    // Not listed: the process `cross-check --plugin` runs the loaded kernel in.
    {"kernel-host", "", igv::kernel_host_main},
};

/// `verify help`: the commands' lines from kCommands, indented, between the fixed parts.
std::string usage() {
  std::string text =
      "usage: verify COMMAND [ARGS…]\n"
      "\n"
      "commands:\n";
  for (const Command& c : kCommands) {
    std::string_view help = c.help;
    while (!help.empty()) {
      const auto newline = help.find('\n');
      const auto end = newline == std::string_view::npos ? help.size() : newline + 1;
      text += "  ";
      text += help.substr(0, end);
      help.remove_prefix(end);
    }
  }
  text +=
      "  help                   this text; `verify COMMAND --help` for a command's options\n"
      "  --version              the version and the commit this `verify` was built from\n"
      "\n"
      "SPEC: an id glob ('frolov2012.*'), 'tag:NAME', or '!SPEC' to exclude.\n"
      "GAME: nim, rook, rook-misere:M, digital-deletion:M, digits, subtraction:1,3,4, octal:0.07,\n"
      "      welter, … (`verify games`).\n"
      "exit codes: 0 every verdict as expected, 1 a verdict not as expected, 2 usage or input "
      "error,\n"
      "            3 a limit reached first (`verify period`: inconclusive; values, value, plot,\n"
      "            cross-check: --time-limit, default 600 s, or --memory-limit, default two\n"
      "            thirds of this machine's memory).\n";
  return text;
}

/// Runs one sub-command; its exit code.
int dispatch(const std::string& command, const std::vector<std::string>& args) {
  if (command == "help") {
    std::cout << usage();
    return 0;
  }
  if (command == "--version") {
    if (!args.empty()) throw igv::InputError("--version takes no arguments");
    std::cout << "verify " << IGV_VERSION << "\n"
              << "commit " << igv::cli::build_commit() << "\n"
              << "built " << IGV_BUILD_TYPE << ", " << IGV_COMPILER << "\n";
    return 0;
  }
  for (const Command& c : kCommands) {
    if (command == c.name) return c.run(args);
  }
  throw igv::InputError("unknown command '" + command + "' (see `verify help`)");
}

/// Everything printed on stdout reached its destination: a certificate printed into a full disk
/// (`> /dev/full`) is an error, not a silent loss. Throws InputError with the reason.
void check_stdout() {
  errno = 0;
  std::cout.flush();
  const bool flushed = std::fflush(stdout) == 0;
  if (!flushed || std::ferror(stdout) != 0 || !std::cout) {
    const int e = errno;  // set by the first write or flush that failed
    throw igv::InputError(std::string("cannot write the output: ") +
                          (e != 0 ? std::strerror(e) : "the output stream failed"));
  }
}

}  // namespace

/// Standard input and error made open (on /dev/null when closed), and standard output required
/// open: a file opened later must never take descriptor 0, 1 or 2. With stdout closed (`>&-`),
/// the temporary file of run_limited took descriptor 1 and the output was copied onto itself:
/// exit 0 with the output lost (issue 37). False when stdout is closed (the error is printed).
bool standard_descriptors_open() {
  for (const int fd : {STDIN_FILENO, STDERR_FILENO}) {
    if (::fcntl(fd, F_GETFD) == -1 && errno == EBADF) {
      const int null = ::open("/dev/null", fd == STDIN_FILENO ? O_RDONLY : O_WRONLY);
      if (null >= 0 && null != fd) {
        ::dup2(null, fd);
        ::close(null);
      }
    }
  }
  if (::fcntl(STDOUT_FILENO, F_GETFD) == -1 && errno == EBADF) {
    std::cerr << "verify: error: cannot write the output: standard output is closed\n";
    return false;
  }
  return true;
}

int main(int argc, char** argv) {
  igv::install_interrupt_cleanup();
  igv::cli::install_terminal_filter();
  if (!standard_descriptors_open()) return 2;
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) {
    // No command: the usage, on stderr (nothing was asked for on stdout), as a usage error.
    std::cerr << usage();
    return 2;
  }
  std::string command;
  if (args[0].empty() || args[0][0] != '-') {
    command = args[0];
    args.erase(args.begin());
  } else if (args[0] == "--help" || args[0] == "-h") {
    command = "help";
  } else if (args[0] == "--version" || args[0] == "-V") {
    command = "--version";
    args.erase(args.begin());
  } else {
    std::cerr << "verify: error: " << igv::cli::one_line(args[0])
              << ": a command comes first, e.g. `verify run " << igv::cli::one_line(args[0])
              << " …` (see `verify help`)\n";
    return 2;
  }
  try {
    const int code = dispatch(command, args);
    check_stdout();
    return code;
  } catch (const igv::InputErrors& e) {
    // Several faults (every unloadable claim of a claims file): one line each, each with its
    // control characters escaped.
    for (const auto& line : e.lines)
      std::cerr << "verify: error: " << igv::cli::one_line(line) << "\n";
    return 2;
  } catch (const igv::InputError& e) {
    std::cerr << "verify: error: " << igv::cli::one_line(e.what()) << "\n";
    return 2;
  } catch (const boost::program_options::error& e) {
    std::cerr << "verify: error: " << igv::cli::one_line(e.what()) << " (see `verify " << command
              << " --help`)\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "verify: error: " << igv::cli::one_line(e.what()) << "\n";
    return 2;
  }
}
