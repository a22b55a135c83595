// The .gltf's JSON checked before tinygltf reads it: tinygltf 2.7 silently skips a field of
// the wrong type (a translation given as a string, a mesh index of 1.5), takes any index it
// is given, and reads an image's buffer view without a bounds check. Here every field the
// game reads is checked for its JSON type, its arity, finite numbers in float range, index
// ranges and byte ranges; what passes can be handed to tinygltf. Only the assets/ sources
// include this.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace flatline::assets::detail {

// The text parsed into `doc`, if it is JSON within limits::kJsonValues values nested at most
// limits::kJsonDepth deep: a first pass counts as it reads and stops at a limit, before any
// value is stored. False with one line in `error`.
bool parse_gltf_json(const std::string& text, nlohmann::json& doc, std::string& error);

// False with one line in `error` ("nodes[3] \"UBX_wall\" scale has 2 numbers, needs 3").
bool check_gltf_json(const nlohmann::json& doc, std::string& error);

}  // namespace flatline::assets::detail
