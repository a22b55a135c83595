#include "app/output_checks.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iterator>
#include <vector>

#include "app/output_file.hpp"

namespace flatline::app {
namespace {

namespace fs = std::filesystem;

// The files of an input folder looked at, at most: a folder of the level holds a few dozen.
// Past this the folder itself is still protected, whatever it holds (inside()).
constexpr std::size_t kMaxInputFiles = 10000;
constexpr int kMaxInputDepth = 8;

std::string failed(const std::string& path, int err) {
  return "cannot write '" + path + "': " + std::strerror(err);
}

// Where a path's name lives: its folder resolved (links, ".", ".."), then its own name. Two
// names for one entry are equal whether or not it exists yet ("x.json" and "./x.json").
fs::path entry_of(const std::string& path) {
  std::error_code ec;
  const fs::path absolute = fs::absolute(path, ec);
  const fs::path name = absolute.filename();
  if (name.empty() || name == "." || name == "..") return fs::weakly_canonical(absolute, ec);
  return fs::weakly_canonical(absolute.parent_path(), ec) / name;
}

bool inside(const fs::path& entry, const fs::path& folder) {
  const auto [f, e] = std::mismatch(folder.begin(), folder.end(), entry.begin(), entry.end());
  return f == folder.end();
}

// A folder the run reads, and the regular files in it (links followed), by identity.
struct InputFolder {
  std::string flag;  // how an error names it
  std::string path;
  fs::path resolved;
  struct File {
    dev_t dev;
    ino_t ino;
    std::string path;
  };
  std::vector<File> files;
};

InputFolder input_folder(std::string flag, const std::string& path) {
  InputFolder folder{std::move(flag), path, {}, {}};
  std::error_code ec;
  folder.resolved = fs::weakly_canonical(fs::absolute(path, ec), ec);
  const auto options = fs::directory_options::follow_directory_symlink |
                       fs::directory_options::skip_permission_denied;
  fs::recursive_directory_iterator it(path, options, ec);
  for (; !ec && it != fs::recursive_directory_iterator() && folder.files.size() < kMaxInputFiles;
       it.increment(ec)) {
    if (it.depth() >= kMaxInputDepth) it.disable_recursion_pending();  // a cycle of links
    struct stat st {};
    if (::stat(it->path().c_str(), &st) == 0 && S_ISREG(st.st_mode))
      folder.files.push_back({st.st_dev, st.st_ino, it->path().string()});
  }
  return folder;
}

// "" if `path` (the output `flag`) is none of the run's inputs, else why.
std::string touches_input(const char* flag, const std::string& path, const Options& o,
                          const std::vector<InputFolder>& folders) {
  const std::string output = std::string(flag) + " '" + path + "'";
  if (!o.replay_path.empty() && same_file(path, o.replay_path))
    return output + " is the --replay input: it would be overwritten";
  struct stat exe {
  }, st{};
  const bool exists = ::stat(path.c_str(), &st) == 0;
  if (exists && ::stat("/proc/self/exe", &exe) == 0 && st.st_dev == exe.st_dev &&
      st.st_ino == exe.st_ino)
    return output + " is the flatline executable: it would be overwritten";
  const fs::path entry = entry_of(path);
  for (const InputFolder& folder : folders) {
    const std::string named = folder.flag + " '" + folder.path + "'";
    if (inside(entry, folder.resolved))
      return output + " is inside " + named + ", an input of this run: write it elsewhere";
    for (const InputFolder::File& file : folder.files) {
      if (exists && st.st_dev == file.dev && st.st_ino == file.ino)
        return output + " is the input '" + file.path + "' (read from " + named +
               "): it would be overwritten";
    }
  }
  return {};
}

// "" if `path` can be written. A whole output's temporary file is created and removed: what
// the run will do at its end, done now. A journal is created by its lock (main), a device
// or a pipe written in place.
std::string check_writable(const std::string& path, bool journal) {
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) return failed(path, EISDIR);
    if (::access(path.c_str(), W_OK) != 0) return failed(path, errno);
    if (!S_ISREG(st.st_mode) || journal) return {};
  } else if (journal) {
    return {};
  }
  std::string temp;
  const int fd = make_temp_beside(path, temp);
  if (fd < 0) return failed(path, errno);
  ::close(fd);
  ::unlink(temp.c_str());
  return {};
}

}  // namespace

bool same_file(const std::string& a, const std::string& b) {
  struct stat sa {
  }, sb{};
  if (::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0)
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
  return entry_of(a) == entry_of(b);
}

std::string check_outputs(const Options& o, const std::string& shaders_dir) {
  const struct {
    const char* flag;
    const std::string* path;
    bool journal;
  } outputs[] = {{"--stats", &o.stats_path, false},
                 {"--screenshot", &o.screenshot_path, false},
                 {"--record", &o.record_path, true},
                 {"--audio-out", &o.audio_out_path, false}};
  bool any = false;
  for (const auto& output : outputs)
    any = any || !output.path->empty();
  if (!any) return {};
  std::vector<InputFolder> folders;
  if (o.assets_dir.empty())
    folders.push_back(input_folder("the assets folder", FLATLINE_ASSET_DIR));
  else
    folders.push_back(input_folder("the --assets folder", o.assets_dir));
  if (!shaders_dir.empty())
    folders.push_back(input_folder(
        o.shaders_dir.empty() ? "the shaders folder" : "the --shaders folder", shaders_dir));
  for (std::size_t i = 0; i < std::size(outputs); ++i) {
    const auto& [flag, path, journal] = outputs[i];
    if (path->empty()) continue;
    if (std::string why = touches_input(flag, *path, o, folders); !why.empty()) return why;
    for (std::size_t j = 0; j < i; ++j) {
      if (!outputs[j].path->empty() && same_file(*path, *outputs[j].path))
        return std::string(flag) + " '" + *path + "' and " + outputs[j].flag + " '" +
               *outputs[j].path + "' name the same file";
    }
    if (std::string why = check_writable(*path, journal); !why.empty()) return why;
  }
  return {};
}

}  // namespace flatline::app
