// Checks of one JSON field each, for gltf_json.cpp: present or not, of the right JSON type,
// in range. Each names the field where it failed: `at` is the object's place in the file
// ("nodes[3] \"UBX_wall\""), so an error reads "nodes[3] \"UBX_wall\" scale has 2 numbers,
// needs 3". The first failure is kept.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "assets/level_limits.hpp"

namespace flatline::assets::detail {

using Json = nlohmann::json;

// A name from the file as it may appear in an error line: one line, at most `max` characters.
inline std::string printable(std::string_view text, std::size_t max = 48) {
  std::string out;
  for (const char c : text.substr(0, max))
    out += static_cast<unsigned char>(c) < 0x20 || c == 0x7f ? '?' : c;
  return text.size() > max ? out + "..." : out;
}

// A number as a file would write it: 62, 0.05, 1e+10.
inline std::string num(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", v);
  return text;
}

inline const char* kind_of(const Json& v) {
  if (v.is_object()) return "an object";
  if (v.is_array()) return "an array";
  if (v.is_string()) return "a string";
  if (v.is_boolean()) return "true or false";
  if (v.is_number()) return "a number";
  return "null";
}

// The place of element i of a section: "nodes[3]", with its name if it has one.
inline std::string label(const char* section, std::size_t i, const Json& o) {
  std::string at = std::string(section) + "[" + std::to_string(i) + "]";
  const auto name = o.find("name");
  if (name != o.end() && name->is_string())
    at += " \"" + printable(name->get_ref<const std::string&>()) + "\"";
  return at;
}

struct Fields {
  std::string& error;

  bool fail(const std::string& what) {
    if (error.empty()) error = what;
    return false;
  }
  static bool ok() { return true; }
  static std::string at_field(const std::string& at, std::string_view field) {
    return at.empty() ? std::string(field) : at + " " + std::string(field);
  }

  // Each element of the top-level array `section`, an object, given to check(o, at).
  template <class Check>
  bool each(const Json& doc, const char* section, Check check) {
    const auto it = doc.find(section);
    if (it == doc.end()) return true;
    if (!it->is_array())
      return fail(std::string(section) + " is " + kind_of(*it) + ", needs an array");
    for (std::size_t i = 0; i < it->size(); ++i) {
      const Json& o = (*it)[i];
      const std::string at = label(section, i, o);
      if (!o.is_object()) return fail(at + " is " + kind_of(o) + ", needs an object");
      if (!check(o, at)) return false;
    }
    return true;
  }

  const Json* member(const Json& o, const std::string& at, const char* field, bool required) {
    const auto it = o.find(field);
    if (it != o.end()) return &*it;
    if (required) fail(at_field(at, "has no ") + field);
    return nullptr;
  }

  // A whole number in [lo, hi] (a JSON 1.0 is not one: tinygltf would skip it).
  bool whole(const Json& o, const std::string& at, const char* field, std::uint64_t lo,
             std::uint64_t hi, bool required, std::uint64_t* out = nullptr) {
    const Json* v = member(o, at, field, required);
    if (v == nullptr) return !required;
    const std::string what = at_field(at, field);
    if (!v->is_number_integer())
      return fail(what + " is " + kind_of(*v) + ", needs a whole number");
    if (!v->is_number_unsigned() || v->get<std::uint64_t>() < lo)
      return fail(what + " " + v->dump() + " is less than " + std::to_string(lo));
    if (v->get<std::uint64_t>() > hi)
      return fail(what + " " + v->dump() + " is over the limit of " + std::to_string(hi));
    if (out != nullptr) *out = v->get<std::uint64_t>();
    return true;
  }

  bool index_value(const Json& v, const std::string& what, std::size_t count, const char* of,
                   std::uint64_t* out = nullptr) {
    if (!v.is_number_integer()) return fail(what + " is " + kind_of(v) + ", needs an index");
    if (!v.is_number_unsigned() || v.get<std::uint64_t>() >= count)
      return fail(what + " " + v.dump() + " is not one of the " + std::to_string(count) + " " + of);
    if (out != nullptr) *out = v.get<std::uint64_t>();
    return true;
  }
  bool index(const Json& o, const std::string& at, const char* field, std::size_t count,
             const char* of, bool required, std::uint64_t* out = nullptr) {
    const Json* v = member(o, at, field, required);
    return v == nullptr ? !required : index_value(*v, at_field(at, field), count, of, out);
  }
  bool indices(const Json& o, const std::string& at, const char* field, std::size_t count,
               const char* of) {
    const Json* v = array(o, at, field, false);
    if (v == nullptr) return error.empty();
    for (std::size_t i = 0; i < v->size(); ++i)
      if (!index_value((*v)[i], at_field(at, field) + "[" + std::to_string(i) + "]", count, of))
        return false;
    return true;
  }

  // A number a float holds: finite, and no larger than the largest float.
  bool number_value(const Json& v, const std::string& what) {
    if (!v.is_number()) return fail(what + " is " + kind_of(v) + ", needs a number");
    const double d = v.get<double>();
    if (!(std::fabs(d) <= std::numeric_limits<float>::max()))
      return fail(what + " " + v.dump() + " is not a finite float");
    return true;
  }
  bool number(const Json& o, const std::string& at, const char* field, bool required) {
    const Json* v = member(o, at, field, required);
    return v == nullptr ? !required : number_value(*v, at_field(at, field));
  }
  // Exactly n numbers, as a node's translation (3), rotation (4) or matrix (16).
  bool numbers(const Json& o, const std::string& at, const char* field, std::size_t n,
               bool required) {
    const Json* v = member(o, at, field, required);
    if (v == nullptr) return !required;
    const std::string what = at_field(at, field);
    const std::string needs = std::to_string(n) + " numbers";
    if (!v->is_array()) return fail(what + " is " + kind_of(*v) + ", needs " + needs);
    if (v->size() != n)
      return fail(what + " has " + std::to_string(v->size()) + " numbers, needs " +
                  std::to_string(n));
    for (std::size_t i = 0; i < n; ++i)
      if (!number_value((*v)[i], what + "[" + std::to_string(i) + "]")) return false;
    return true;
  }

  bool string(const Json& o, const std::string& at, const char* field, bool required) {
    const Json* v = member(o, at, field, required);
    if (v == nullptr) return !required;
    return v->is_string() || fail(at_field(at, field) + " is " + kind_of(*v) + ", needs a string");
  }
  const Json* object(const Json& o, const std::string& at, const char* field, bool required) {
    const Json* v = member(o, at, field, required);
    if (v == nullptr || v->is_object()) return v;
    fail(at_field(at, field) + " is " + kind_of(*v) + ", needs an object");
    return nullptr;
  }
  const Json* array(const Json& o, const std::string& at, const char* field, bool required) {
    const Json* v = member(o, at, field, required);
    if (v == nullptr || v->is_array()) return v;
    fail(at_field(at, field) + " is " + kind_of(*v) + ", needs an array");
    return nullptr;
  }
};

}  // namespace flatline::assets::detail
