// Outputs written whole or not at all (stats, screenshot, sound), or as a journal (a recording).
//
// Whole: a regular file is written to a temporary file in the same directory and renamed
// over its path on success: a failed or interrupted run leaves the old file, or none, never
// half of one. Journal: written in place, for a format whose every complete block can be
// read back after a kill (app/replay_format.hpp); it has one writer (an exclusive flock held
// for the run), and an existing file is left untouched until the run starts (start_journal).
// A device or pipe (/dev/stdout, /dev/full) is written in place. Every write, flush and close
// is checked, so a full disk is an error that names the file, not a silent exit 0.
#pragma once

#include <cstdio>
#include <string>

namespace flatline::app {

class OutputFile {
 public:
  OutputFile() = default;
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  // Not committed: the temporary file is removed, the path left as it was (a journal this
  // created and never started is removed).
  ~OutputFile();

  enum class Mode { Whole, Journal };
  // Whole: creates the temporary file now, so a place that cannot be written fails here, at
  // start. Journal: opens the file as it is (created if missing) and locks it; refused when
  // another process holds the lock.
  bool open(const std::string& path, std::string& error, Mode mode = Mode::Whole);
  // Journal: the run has started; the file is emptied and written from its start.
  void start_journal();
  std::FILE* get() const { return file_; }
  // Flushes and closes the file, then renames it into place (Whole). False with `error` naming
  // the file if any write, the flush, the close or the rename failed.
  bool commit(std::string& error);

 private:
  std::FILE* file_ = nullptr;
  std::string path_;
  std::string temp_;      // empty: written in place
  bool created_ = false;  // a journal this opened by creating it
  bool started_ = false;  // a journal whose run started
  int failed_ = 0;        // an error seen before any write (the journal not emptied)
};

// A journal's lock held by the whole process (main holds --record's from before the run to
// its end): the file is opened (created if missing, never truncated) and locked with flock
// LOCK_EX|LOCK_NB, so a second run recording to the same file is refused at once. An
// OutputFile opened as a journal on the same path in this process writes through this lock.
// If it created the file and no run wrote to it, the file is removed again.
class JournalLock {
 public:
  JournalLock() = default;
  JournalLock(const JournalLock&) = delete;
  JournalLock& operator=(const JournalLock&) = delete;
  ~JournalLock();
  bool acquire(const std::string& path, std::string& error);
  // The descriptor holding `path`'s lock in this process, or -1.
  static int held_fd(const std::string& path);

 private:
  std::string path_;
  int fd_ = -1;
  bool created_ = false;
};

// The temporary file a whole output is written to, beside it: `path` + ".tmp-XXXXXX", its
// name cut short to fit the file system's limit (255 bytes) if need be. Returns the
// descriptor (-1 and errno on failure) and sets `temp` to its name.
int make_temp_beside(const std::string& path, std::string& temp);

}  // namespace flatline::app
