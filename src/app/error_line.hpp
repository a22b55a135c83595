// One error, one line on stderr: "flatline: " and the message, its control bytes escaped
// (a newline as \n, others as \xHH), so a path holding a newline cannot split the line a
// script reads. Every error and note the game prints goes through print_error.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

namespace flatline::app {

inline std::string one_line(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (byte < 0x20 || byte == 0x7F) {
      static constexpr char kHex[] = "0123456789abcdef";
      out += "\\x";
      out += kHex[byte >> 4];
      out += kHex[byte & 0xF];
    } else {
      out += c;
    }
  }
  return out;
}

inline void print_error(std::string_view message) {
  const std::string line = "flatline: " + one_line(message) + "\n";
  std::fwrite(line.data(), 1, line.size(), stderr);
}

}  // namespace flatline::app
