// The `verify` command: sub-commands and their shared helpers.
#pragma once

#include <string>
#include <vector>

namespace igv::cli {

/// Each sub-command takes the arguments after its name and returns the exit code:
/// 0 all as expected, 1 a verdict not as expected, 2 usage or input error (thrown as InputError).
int cmd_run(const std::vector<std::string>& args);
int cmd_list(const std::vector<std::string>& args);
int cmd_show(const std::vector<std::string>& args);
int cmd_value(const std::vector<std::string>& args);
int cmd_period(const std::vector<std::string>& args);
int cmd_cross_check(const std::vector<std::string>& args);
int cmd_check_certificate(const std::vector<std::string>& args);
int cmd_merge(const std::vector<std::string>& args);
int cmd_diff(const std::vector<std::string>& args);
int cmd_catalogue(const std::string& what, const std::vector<std::string>& args);

/// "json,md" -> {"json", "md"}; rejects unknown names.
std::vector<std::string> split_formats(const std::string& text,
                                       const std::vector<std::string>& known);

/// "8G", "512M", "1024" (bytes) -> bytes; throws InputError.
std::uint64_t parse_size(const std::string& text, const std::string& what);

}  // namespace igv::cli
