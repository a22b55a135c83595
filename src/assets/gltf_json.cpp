// check_gltf_json (gltf_json.hpp): the fields of each glTF 2.0 section the game reads
// (spec section 5, "Properties Reference"), in the order their indices point: buffers, then
// the buffer views into them, the accessors into those, and so on up to the scene.
#include "assets/gltf_json.hpp"

#include "assets/gltf_json_fields.hpp"
#include "assets/level_limits.hpp"

namespace flatline::assets::detail {
namespace {

// The number of elements of a top-level array (the range of an index into it).
std::size_t count_of(const Json& doc, const char* section) {
  const auto it = doc.find(section);
  return it != doc.end() && it->is_array() ? it->size() : 0;
}

bool check_buffers(Fields& f, const Json& doc, std::vector<std::uint64_t>& lengths) {
  return f.each(doc, "buffers", [&](const Json& o, const std::string& at) {
    std::uint64_t length = 0;
    if (!f.string(o, at, "uri", true) ||
        !f.whole(o, at, "byteLength", 1, limits::kFileBytes, true, &length))
      return false;
    lengths.push_back(length);
    return true;
  });
}

// A view's bytes lie inside its buffer (tinygltf hands an image's view to the decoder as is).
bool check_views(Fields& f, const Json& doc, const std::vector<std::uint64_t>& lengths) {
  return f.each(doc, "bufferViews", [&](const Json& o, const std::string& at) {
    std::uint64_t buffer = 0, offset = 0, length = 0, stride = 0;
    if (!f.index(o, at, "buffer", lengths.size(), "buffers", true, &buffer) ||
        !f.whole(o, at, "byteOffset", 0, limits::kFileBytes, false, &offset) ||
        !f.whole(o, at, "byteLength", 1, limits::kFileBytes, true, &length) ||
        !f.whole(o, at, "byteStride", 4, 252, false, &stride))  // glTF 2.0's range
      return false;
    if (stride % 4 != 0)
      return f.fail(at + " byteStride " + std::to_string(stride) + " is not a multiple of 4");
    if (offset + length > lengths[buffer])  // both at most 2^26: no overflow
      return f.fail(at + " bytes " + std::to_string(offset) + ".." +
                    std::to_string(offset + length) + " run past the end of buffers[" +
                    std::to_string(buffer) + "] (" + std::to_string(lengths[buffer]) + " bytes)");
    return true;
  });
}

bool check_accessors(Fields& f, const Json& doc) {
  const std::size_t views = count_of(doc, "bufferViews");
  constexpr std::uint64_t kMaxCount = 3 * limits::kTriangles;  // the most any accessor needs
  return f.each(doc, "accessors", [&](const Json& o, const std::string& at) {
    if (o.contains("sparse")) return f.fail(at + " is sparse (not read here)");
    return f.index(o, at, "bufferView", views, "bufferViews", true) &&
           f.whole(o, at, "byteOffset", 0, limits::kFileBytes, false) &&
           f.whole(o, at, "componentType", 5120, 5126, true) &&
           f.whole(o, at, "count", 1, kMaxCount, true) && f.string(o, at, "type", true);
  });
}

bool check_primitive(Fields& f, const Json& doc, const Json& p, const std::string& at) {
  const std::size_t accessors = count_of(doc, "accessors");
  const Json* attributes = f.object(p, at, "attributes", true);
  if (attributes == nullptr) return false;
  for (auto it = attributes->begin(); it != attributes->end(); ++it)
    if (!f.index_value(*it, at + " attributes " + printable(it.key()), accessors, "accessors"))
      return false;
  if (!attributes->contains("POSITION")) return f.fail(at + " attributes has no POSITION");
  return f.index(p, at, "indices", accessors, "accessors", false) &&
         f.index(p, at, "material", count_of(doc, "materials"), "materials", true) &&
         f.whole(p, at, "mode", 0, 6, false);
}

bool check_meshes(Fields& f, const Json& doc) {
  return f.each(doc, "meshes", [&](const Json& o, const std::string& at) {
    if (!f.string(o, at, "name", false)) return false;
    const Json* primitives = f.array(o, at, "primitives", true);
    if (primitives == nullptr) return false;
    if (primitives->empty()) return f.fail(at + " primitives is empty");
    for (std::size_t i = 0; i < primitives->size(); ++i) {
      const std::string where = at + " primitives[" + std::to_string(i) + "]";
      const Json& p = (*primitives)[i];
      if (!p.is_object()) return f.fail(where + " is " + kind_of(p) + ", needs an object");
      if (!check_primitive(f, doc, p, where)) return false;
    }
    return true;
  });
}

// A texture reference inside a material: {"index": i} into textures.
bool check_texture_info(Fields& f, const Json& o, const std::string& at, const char* field,
                        std::size_t textures) {
  const Json* info = f.object(o, at, field, false);
  if (info == nullptr) return f.ok();
  return f.index(*info, at + " " + field, "index", textures, "textures", true) &&
         f.whole(*info, at + " " + field, "texCoord", 0, 0, false);  // TEXCOORD_0 only
}

bool check_materials(Fields& f, const Json& doc) {
  const std::size_t textures = count_of(doc, "textures");
  return f.each(doc, "materials", [&](const Json& o, const std::string& at) {
    if (!f.string(o, at, "name", false) || !f.string(o, at, "alphaMode", false)) return false;
    for (const char* other : {"normalTexture", "occlusionTexture", "emissiveTexture"})
      if (!check_texture_info(f, o, at, other, textures)) return false;
    const Json* pbr = f.object(o, at, "pbrMetallicRoughness", false);
    if (pbr == nullptr) return f.ok();
    const std::string in = at + " pbrMetallicRoughness";
    return f.numbers(*pbr, in, "baseColorFactor", 4, false) &&
           f.number(*pbr, in, "roughnessFactor", false) &&
           f.number(*pbr, in, "metallicFactor", false) &&
           check_texture_info(f, *pbr, in, "baseColorTexture", textures) &&
           check_texture_info(f, *pbr, in, "metallicRoughnessTexture", textures);
  });
}

bool check_images_and_textures(Fields& f, const Json& doc) {
  const std::size_t views = count_of(doc, "bufferViews");
  const std::size_t images = count_of(doc, "images");
  return f.each(doc, "images", [&](const Json& o, const std::string& at) {
    if (!o.contains("uri") && !o.contains("bufferView"))
      return f.fail(at + " has neither uri nor bufferView");
    return f.string(o, at, "uri", false) &&
           f.index(o, at, "bufferView", views, "bufferViews", false) &&
           f.string(o, at, "mimeType", false);
  }) && f.each(doc, "textures", [&](const Json& o, const std::string& at) {
    return f.index(o, at, "source", images, "images", true) &&
           f.index(o, at, "sampler", count_of(doc, "samplers"), "samplers", false);
  });
}

bool check_extras(Fields& f, const Json& node, const std::string& at) {
  const auto extras = node.find("extras");
  if (extras == node.end() || !extras->is_object()) return f.ok();
  return f.string(*extras, at + " extras", "role", false) &&
         f.number(*extras, at + " extras", "half_extent", false);
}

bool check_nodes(Fields& f, const Json& doc) {
  const std::size_t nodes = count_of(doc, "nodes");
  const std::size_t meshes = count_of(doc, "meshes");
  return f.each(doc, "nodes", [&](const Json& o, const std::string& at) {
    if (!f.string(o, at, "name", false) || !f.index(o, at, "mesh", meshes, "meshes", false) ||
        !f.indices(o, at, "children", nodes, "nodes") ||
        !f.numbers(o, at, "translation", 3, false) || !f.numbers(o, at, "rotation", 4, false) ||
        !f.numbers(o, at, "scale", 3, false) || !f.numbers(o, at, "matrix", 16, false) ||
        !check_extras(f, o, at))
      return false;
    if (o.contains("matrix") &&
        (o.contains("translation") || o.contains("rotation") || o.contains("scale")))
      return f.fail(at + " has both a matrix and translation, rotation or scale");
    return true;
  });
}

// The first pass over the text: counts values and depth, stores nothing, stops at a limit.
struct Counter : nlohmann::json_sax<Json> {
  std::size_t values = 0;
  int depth = 0;
  std::string error;

  bool value() {
    if (++values <= limits::kJsonValues) return true;
    error = "the JSON holds over " + std::to_string(limits::kJsonValues) + " values";
    return false;
  }
  bool open() {
    if (++depth <= limits::kJsonDepth) return value();
    error = "the JSON nests deeper than " + std::to_string(limits::kJsonDepth) + " levels";
    return false;
  }
  bool null() override { return value(); }
  bool boolean(bool) override { return value(); }
  bool number_integer(number_integer_t) override { return value(); }
  bool number_unsigned(number_unsigned_t) override { return value(); }
  bool number_float(number_float_t, const string_t&) override { return value(); }
  bool string(string_t&) override { return value(); }
  bool binary(binary_t&) override { return value(); }
  bool start_object(std::size_t) override { return open(); }
  bool key(string_t&) override { return true; }
  bool end_object() override { return --depth >= 0; }
  bool start_array(std::size_t) override { return open(); }
  bool end_array() override { return --depth >= 0; }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& e) override {
    const std::string what = e.what();
    error = "not valid JSON: " + what.substr(0, what.find('\n'));
    return false;
  }
};

bool check_scenes(Fields& f, const Json& doc) {
  const std::size_t scenes = count_of(doc, "scenes");
  const std::size_t nodes = count_of(doc, "nodes");
  return f.each(doc, "scenes", [&](const Json& o, const std::string& at) {
    return f.indices(o, at, "nodes", nodes, "nodes");
  }) && f.index(doc, "", "scene", scenes, "scenes", false);
}

}  // namespace

bool parse_gltf_json(const std::string& text, Json& doc, std::string& error) {
  Counter counter;
  if (!Json::sax_parse(text, &counter)) {
    error = counter.error.empty() ? "not valid JSON" : counter.error;
    return false;
  }
  doc = Json::parse(text);  // valid, and within the limits: it cannot throw
  return true;
}

bool check_gltf_json(const Json& doc, std::string& error) {
  Fields f{error};
  if (!doc.is_object())
    return f.fail("the file is " + std::string(kind_of(doc)) + ", not a glTF object");
  const Json* asset = f.object(doc, "", "asset", true);
  if (asset == nullptr || !f.string(*asset, "asset", "version", true)) return false;
  if ((*asset)["version"] != "2.0")
    return f.fail("asset version " + printable((*asset)["version"].get<std::string>()) +
                  " is not glTF 2.0");
  std::vector<std::uint64_t> buffer_lengths;
  return check_buffers(f, doc, buffer_lengths) && check_views(f, doc, buffer_lengths) &&
         check_accessors(f, doc) && check_meshes(f, doc) && check_materials(f, doc) &&
         check_images_and_textures(f, doc) && check_nodes(f, doc) && check_scenes(f, doc);
}

}  // namespace flatline::assets::detail
