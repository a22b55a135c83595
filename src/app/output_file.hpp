// Outputs written whole or not at all (stats, screenshot), or as a journal (a recording).
//
// Whole: a regular file is written to a temporary file in the same directory and renamed
// over its path on success: a failed or interrupted run leaves the old file, or none, never
// half of one. Journal: written in place, for a format whose every complete block can be
// read back after a kill (app/replay_format.hpp). A device or pipe (/dev/stdout, /dev/full)
// is written in place. Every write, flush and close is checked, so a full disk is an error
// that names the file, not a silent exit 0.
#pragma once

#include <cstdio>
#include <string>

#include "app/options.hpp"

namespace flatline::app {

class OutputFile {
 public:
  OutputFile() = default;
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  ~OutputFile();  // not committed: the temporary file is removed, the path left as it was

  enum class Mode { Whole, Journal };
  bool open(const std::string& path, std::string& error, Mode mode = Mode::Whole);
  std::FILE* get() const { return file_; }
  // Flushes and closes the file, then renames it into place (Whole). False with `error` naming the
  // file if any write, the flush, the close or the rename failed.
  bool commit(std::string& error);

 private:
  std::FILE* file_ = nullptr;
  std::string path_;
  std::string temp_;  // empty: written in place
};

// Whether `path` can be written, without creating it: "" if so, else why not.
std::string check_output_path(const std::string& path);
// Whether two paths name the same file (same device and inode, or the same canonical path).
bool same_file(const std::string& a, const std::string& b);
// The outputs (--stats, --screenshot, --record) at startup: each writable, none the same
// file as the input (--replay) or as another output. "" if so, else one line saying why.
std::string check_outputs(const Options& options);

}  // namespace flatline::app
