// load_level: arena.gltf in three steps, each refusing what it cannot take with one line:
//   the JSON     read whole (a regular file, within limits::kFileBytes), parsed, and every
//                field the game reads checked for type, arity, range (gltf_json.cpp)
//   tinygltf     the same text into a Model: buffers and images read through callbacks that
//                take regular files beside the .gltf only, images decoded within the limits
//   the Model    meshes, materials and the node tree into the Level (gltf_meshes.cpp,
//                gltf_images.cpp, gltf_nodes.cpp)
// Nothing thrown inside (tinygltf, nlohmann::json, the standard library) leaves: it becomes
// the one line too.
#include "assets/level.hpp"

#include <filesystem>
#include <fstream>

#include "assets/gltf_json.hpp"
#include "assets/gltf_read.hpp"

namespace flatline::assets {
namespace {

std::string first_line(const std::string& text) {
  const std::size_t start = text.find_first_not_of("\n ");
  if (start == std::string::npos) return "unreadable";
  return text.substr(start, text.find('\n', start) - start);
}

// tinygltf's first complaint, as one line naming the file it is about (a path or a URI
// quoted from the file clipped to a line's worth).
std::string explain(const std::string& why, const std::string& dir, const std::string& file) {
  constexpr std::size_t kLine = 160;
  const auto clip = [](std::string_view text) { return detail::printable(text, kLine); };
  constexpr std::string_view kNotFound = "File not found : ";
  if (why.starts_with(kNotFound))
    return dir + "/" + clip(why.substr(kNotFound.size())) + ": missing (" + file + " names it)";
  constexpr std::string_view kRead = "File read error : ";  // "PATH : why" (read_file's why)
  const std::size_t colon = why.rfind(" : ");
  if (why.starts_with(kRead) && colon >= kRead.size())
    return clip(why.substr(kRead.size(), colon - kRead.size())) + ": " +
           clip(why.substr(colon + 3));
  constexpr std::string_view kSize = "File size mismatch : ";  // "PATH, requestedBytes ..."
  const std::size_t comma = why.rfind(", requestedBytes");
  if (why.starts_with(kSize) && comma != std::string::npos && comma >= kSize.size())
    return clip(why.substr(kSize.size(), comma - kSize.size())) + ": not the size " + file +
           " gives (" + clip(why.substr(comma + 2)) + ")";
  // The image loader's own lines (decode_image) name their file already; anything else of
  // tinygltf's, which may quote a whole data URI from the file, is clipped.
  if (why.starts_with(dir + "/") || why.starts_with(dir + " (")) return why;
  return file + ": " + clip(why);
}

bool parse(const std::string& dir, const std::string& file, const std::string& text,
           tinygltf::Model& model, detail::Totals& totals, std::string& error) {
  nlohmann::json doc;
  std::string why;
  if (!detail::parse_gltf_json(text, doc, why) || !detail::check_gltf_json(doc, why)) {
    error = file + ": " + why;
    return false;
  }
  tinygltf::TinyGLTF loader;
  std::string err, warn;
  detail::ImageContext images{dir, &totals};
  loader.SetImageLoader(&detail::decode_image, &images);
  loader.SetFsCallbacks({&detail::file_exists_beside, &tinygltf::ExpandFilePath, &detail::read_file,
                         &tinygltf::WriteWholeFile, const_cast<std::string*>(&dir)});
  if (!loader.LoadASCIIFromString(&model, &err, &warn, text.data(),
                                  static_cast<unsigned>(text.size()), dir)) {
    error = explain(first_line(err), dir, file);
    return false;
  }
  return true;
}

bool load(const std::string& dir, const std::string& file, const std::string& text, Level& level,
          std::string& error) {
  tinygltf::Model model;
  detail::Totals totals;
  if (!parse(dir, file, text, model, totals, error)) return false;
  level.source = file;
  if (!detail::read_images(model, dir, level, error)) return false;
  detail::read_materials(model, level);
  std::string why;
  if (!detail::read_nodes(model, level, totals, why)) {
    error = file + ": " + why;
    return false;
  }
  return true;
}

// The one way out of the loader: a result, or one line. (bad_alloc, length_error or
// anything else thrown below is a bug or an exhausted machine: still one line.)
template <class Load>
bool guarded(const std::string& file, Level& level, std::string& error, Load load_it) {
  level = Level{};
  try {
    if (load_it()) return true;
  } catch (const std::exception& e) {
    error = file + ": cannot be loaded: " + first_line(e.what());
  } catch (...) {
    error = file + ": cannot be loaded";
  }
  level = Level{};
  return false;
}

}  // namespace

namespace detail {

// tinygltf looks for a file the .gltf names beside it and then in the working directory:
// only beside it counts here, or a stray arena.bin in the working directory would be read.
bool file_exists_beside(const std::string& path, void* dir) {
  std::error_code ec;
  return path.starts_with(*static_cast<const std::string*>(dir)) &&
         std::filesystem::exists(path, ec);
}

// A folder, a device or a file too big is refused before anything is allocated for it.
bool read_file(std::vector<unsigned char>* out, std::string* err, const std::string& path,
               void* /*dir*/) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const auto fail_with = [&](const std::string& why) {
    if (err) *err += why;
    return false;
  };
  if (fs::is_directory(path, ec)) return fail_with("a folder, not a file");
  if (!fs::is_regular_file(path, ec)) return fail_with("not a regular file");
  const std::uintmax_t size = fs::file_size(path, ec);
  if (ec || size > limits::kFileBytes)
    return fail_with("over the limit of " + std::to_string(limits::kFileBytes) + " bytes");
  std::ifstream in(path, std::ios::binary);
  out->resize(static_cast<std::size_t>(size));
  if (!in.read(reinterpret_cast<char*>(out->data()), static_cast<std::streamsize>(size)))
    return fail_with("cannot be read");
  return true;
}

}  // namespace detail

bool load_level(const std::string& dir, Level& level, std::string& error) {
  namespace fs = std::filesystem;
  const std::string file = dir + "/arena.gltf";
  return guarded(file, level, error, [&] {
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
      return detail::fail(error, dir + ": no such folder (the level's assets)");
    if (fs::is_directory(file, ec))
      return detail::fail(error, file + ": a folder, not the level file");
    if (!fs::is_regular_file(file, ec)) return detail::fail(error, file + ": missing (the level)");
    std::vector<unsigned char> bytes;
    std::string why;
    if (!detail::read_file(&bytes, &why, file, nullptr))
      return detail::fail(error, file + ": " + why);
    return load(dir, file, std::string(bytes.begin(), bytes.end()), level, error);
  });
}

bool load_level_text(const std::string& dir, std::string_view gltf, Level& level,
                     std::string& error) {
  const std::string file = dir + "/arena.gltf";
  return guarded(file, level, error, [&] {
    if (gltf.size() > limits::kFileBytes)
      return detail::fail(
          error, file + ": over the limit of " + std::to_string(limits::kFileBytes) + " bytes");
    return load(dir, file, std::string(gltf), level, error);
  });
}

int material_named(const Level& level, std::string_view name) {
  for (std::size_t i = 0; i < level.materials.size(); ++i)
    if (level.materials[i].name == name) return static_cast<int>(i);
  return -1;
}

}  // namespace flatline::assets
