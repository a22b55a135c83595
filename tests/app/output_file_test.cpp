// Tests for src/app/output_file.hpp: a whole output's temporary file fits any name the file
// system takes, and a journal has one writer and is left as it was until its run starts.
#include "app/output_file.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>

namespace flatline::app {
namespace {

const std::filesystem::path kDir =
    std::filesystem::temp_directory_path() /
    ("flatline_output_test_" +
     std::to_string(::getpid()));  // one per process: ctest runs tests side by side

std::string path_of(const std::string& name) {
  std::filesystem::create_directories(kDir);
  return (kDir / name).string();
}
std::string text_of(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), {}};
}

// A name of 250 bytes is a good name; its temporary file must fit beside it all the same.
TEST(OutputFile, ALongNameStillGetsItsTemporaryFile) {
  const std::string path = path_of(std::string(250, 'n'));
  std::filesystem::remove(path);
  OutputFile out;
  std::string error;
  ASSERT_TRUE(out.open(path, error)) << error;
  std::fputs("whole", out.get());
  ASSERT_TRUE(out.commit(error)) << error;
  EXPECT_EQ(text_of(path), "whole");
  for (const auto& entry : std::filesystem::directory_iterator(kDir))
    EXPECT_EQ(entry.path().string().find(".tmp-"), std::string::npos) << entry.path();
}

TEST(OutputFile, ANameTooLongFailsAtOpenNamingTheFile) {
  const std::string path = path_of(std::string(300, 'n'));
  OutputFile out;
  std::string error;
  EXPECT_FALSE(out.open(path, error));
  EXPECT_NE(error.find("File name too long"), std::string::npos) << error;
}

TEST(OutputFile, AJournalIsEmptiedOnlyWhenItsRunStarts) {
  const std::string path = path_of("journal");
  std::ofstream(path) << "the last run's recording";
  {
    OutputFile out;
    std::string error;
    ASSERT_TRUE(out.open(path, error, OutputFile::Mode::Journal)) << error;
    EXPECT_EQ(text_of(path), "the last run's recording");
  }
  EXPECT_EQ(text_of(path), "the last run's recording");
  OutputFile out;
  std::string error;
  ASSERT_TRUE(out.open(path, error, OutputFile::Mode::Journal)) << error;
  out.start_journal();
  std::fputs("new", out.get());
  ASSERT_TRUE(out.commit(error)) << error;
  EXPECT_EQ(text_of(path), "new");
}

// main holds --record's lock for the run; the session's writer goes through it, while any
// other opening of the same file, by any name, is refused.
TEST(JournalLock, TheRunWritesThroughItsLockAndNoOneElseCan) {
  const std::string path = path_of("locked");
  std::filesystem::remove(path);
  {
    JournalLock lock;
    std::string error;
    ASSERT_TRUE(lock.acquire(path, error)) << error;
    EXPECT_GE(JournalLock::held_fd(path), 0);
    OutputFile mine;
    ASSERT_TRUE(mine.open(path, error, OutputFile::Mode::Journal)) << error;
    OutputFile other;
    EXPECT_FALSE(other.open((kDir / "." / "locked").string(), error, OutputFile::Mode::Journal));
    EXPECT_NE(error.find("another run is recording"), std::string::npos) << error;
    JournalLock second;
    EXPECT_FALSE(second.acquire(path, error));
    mine.start_journal();
    std::fputs("ticks", mine.get());
    ASSERT_TRUE(mine.commit(error)) << error;
  }
  EXPECT_EQ(JournalLock::held_fd(path), -1);
  EXPECT_EQ(text_of(path), "ticks") << "a started journal is kept";
}

TEST(JournalLock, AFileItCreatedThatNoRunWroteIsRemoved) {
  const std::string path = path_of("unused");
  std::filesystem::remove(path);
  {
    JournalLock lock;
    std::string error;
    ASSERT_TRUE(lock.acquire(path, error)) << error;
    EXPECT_TRUE(std::filesystem::exists(path));
  }
  EXPECT_FALSE(std::filesystem::exists(path));
  std::ofstream(path) << "kept";
  {
    JournalLock lock;
    std::string error;
    ASSERT_TRUE(lock.acquire(path, error)) << error;
  }
  EXPECT_EQ(text_of(path), "kept") << "a file it did not create is left as it was";
}

}  // namespace
}  // namespace flatline::app
