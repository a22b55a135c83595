// Textures and materials: each glTF image decoded to RGBA8 by stb_image (an RGB or grey
// PNG gets its alpha channel here), power-of-two sizes within limits::kTextureSize only, and
// each material's pbrMetallicRoughness base colour (glTF 2.0 spec, section 3.9).
#include <stb_image.h>

#include <cstring>
#include <filesystem>
#include <memory>

#include "assets/gltf_read.hpp"

namespace flatline::assets::detail {
namespace {

constexpr int kRgba = 4;

bool power_of_two(int n) {
  return n > 0 && (n & (n - 1)) == 0;
}

std::string file_of(const tinygltf::Image& image, const std::string& dir, int index) {
  if (!image.uri.empty() && !image.uri.starts_with("data:"))
    return dir + "/" + printable(image.uri);
  return dir + " (images[" + std::to_string(index) + "], embedded)";
}

// Why an image the level names was not read: tinygltf only warns, and leaves it empty.
std::string why_unread(const std::string& file) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::is_directory(file, ec)) return "a folder, not an image file";
  if (!fs::exists(file, ec)) return "missing (a texture the level names)";
  if (!fs::is_regular_file(file, ec)) return "not a regular file";
  const std::uintmax_t size = fs::file_size(file, ec);
  if (ec) return "unreadable";
  if (size == 0) return "empty";
  if (size > limits::kFileBytes)
    return std::to_string(size) + " bytes, over the limit of " + std::to_string(limits::kFileBytes);
  return "unreadable";
}

// What stb_image is given: a PNG or a JPEG (glTF 2.0's image formats), and a PNG whose every
// chunk lies inside the file: stb_image grows its buffer to the length a chunk claims (up to
// 1 GiB) before it finds the bytes missing.
const char* unreadable_why(const unsigned char* bytes, int size) {
  constexpr unsigned char kPng[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  constexpr unsigned char kJpeg[3] = {0xff, 0xd8, 0xff};
  const auto n = static_cast<std::size_t>(size);
  if (n >= sizeof kJpeg && std::memcmp(bytes, kJpeg, sizeof kJpeg) == 0) return nullptr;
  if (n < sizeof kPng || std::memcmp(bytes, kPng, sizeof kPng) != 0) return "neither PNG nor JPEG";
  for (std::size_t at = sizeof kPng; at < n;) {  // length (4), type (4), data, CRC (4)
    if (n - at < 12) return "a PNG chunk is cut short";
    const std::uint64_t length = (std::uint64_t{bytes[at]} << 24) |
                                 (std::uint64_t{bytes[at + 1]} << 16) |
                                 (std::uint64_t{bytes[at + 2]} << 8) | bytes[at + 3];
    if (length > n - at - 12) return "a PNG chunk runs past the end of the file";
    at += 12 + static_cast<std::size_t>(length);
  }
  return nullptr;
}

// Within limits::kTextureSize a side and the level's limits::kTexels, or a line in `err`.
bool fits(int width, int height, const ImageContext& context, const std::string& file,
          std::string* err) {
  const std::string dims = std::to_string(width) + "x" + std::to_string(height);
  const auto texels = static_cast<std::uint64_t>(width) * static_cast<std::uint64_t>(height);
  std::string why;
  if (width > limits::kTextureSize || height > limits::kTextureSize)
    why = " is larger than the limit of " + std::to_string(limits::kTextureSize) + " a side";
  else if (texels > limits::kTexels - context.totals->texels)
    why = " takes the level's images past " + std::to_string(limits::kTexels) + " texels";
  if (why.empty()) return true;
  if (err) *err += file + ": " + dims + why + "\n";
  return false;
}

}  // namespace

bool decode_image(tinygltf::Image* image, int index, std::string* err, std::string* /*warn*/,
                  int /*req_width*/, int /*req_height*/, const unsigned char* bytes, int size,
                  void* user) {
  auto& context = *static_cast<ImageContext*>(user);
  const std::string file = file_of(*image, context.dir, index);
  if (const char* why = unreadable_why(bytes, size)) {
    if (err) *err += file + ": not a readable image (" + why + ")\n";
    return false;
  }
  int width = 0, height = 0, channels = 0;
  // The size first, from the header: nothing is decoded past the limits.
  if (stbi_info_from_memory(bytes, size, &width, &height, &channels) != 0 &&
      !fits(width, height, context, file, err))
    return false;
  // Asking stb_image for 4 channels converts grey, grey+alpha and RGB to RGBA8 (and 16-bit
  // PNGs to 8 bits): the renderer gets one format.
  std::unique_ptr<stbi_uc, void (*)(void*)> pixels(
      stbi_load_from_memory(bytes, size, &width, &height, &channels, kRgba), stbi_image_free);
  if (!pixels) {
    if (err) *err += file + ": not a readable image (" + stbi_failure_reason() + ")\n";
    return false;
  }
  if (!fits(width, height, context, file, err)) return false;  // a header stb_info skipped
  context.totals->texels += static_cast<std::uint64_t>(width) * static_cast<std::uint64_t>(height);
  image->width = width;
  image->height = height;
  image->component = kRgba;
  image->bits = 8;
  image->pixel_type = TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE;
  const auto bytes_out = static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * kRgba;
  image->image.assign(pixels.get(), pixels.get() + bytes_out);
  return true;
}

bool read_images(const tinygltf::Model& model, const std::string& dir, Level& level,
                 std::string& error) {
  for (std::size_t i = 0; i < model.images.size(); ++i) {
    const tinygltf::Image& in = model.images[i];
    const std::string file = file_of(in, dir, static_cast<int>(i));
    if (in.image.empty()) return fail(error, file + ": " + why_unread(file));
    if (!power_of_two(in.width) || !power_of_two(in.height))
      return fail(error, file + ": " + std::to_string(in.width) + "x" + std::to_string(in.height) +
                             " is not a power-of-two size (textures repeat and mipmap)");
    Image out;
    out.name = file;
    out.width = in.width;
    out.height = in.height;
    out.rgba = in.image;
    level.images.push_back(std::move(out));
  }
  return true;
}

// The JSON check has put every texture's source among the images and every material's
// texture among the textures.
void read_materials(const tinygltf::Model& model, Level& level) {
  for (const tinygltf::Material& in : model.materials) {
    const tinygltf::PbrMetallicRoughness& pbr = in.pbrMetallicRoughness;
    Material out;
    out.name = in.name;
    for (int c = 0; c < 4 && c < static_cast<int>(pbr.baseColorFactor.size()); ++c)
      out.base_color[c] = static_cast<float>(pbr.baseColorFactor[static_cast<std::size_t>(c)]);
    const int texture = pbr.baseColorTexture.index;
    if (texture >= 0 && texture < static_cast<int>(model.textures.size())) {
      const int source = model.textures[static_cast<std::size_t>(texture)].source;
      if (source >= 0 && source < static_cast<int>(level.images.size())) out.texture = source;
    }
    out.roughness = static_cast<float>(pbr.roughnessFactor);
    out.blend = in.alphaMode == "BLEND";
    level.materials.push_back(std::move(out));
  }
}

}  // namespace flatline::assets::detail
