#include "render/shader.hpp"

#include <gtest/gtest.h>

namespace flatline::render {
namespace {

TEST(PointLogAtFile, RewritesMesaLinesToFileAndLine) {
  const std::string log = "0:12(3): error: syntax error, unexpected IDENTIFIER\n";
  EXPECT_EQ(point_log_at_file(log, "shaders/mesh.frag"),
            "shaders/mesh.frag:12(3): error: syntax error, unexpected IDENTIFIER");
}

TEST(PointLogAtFile, RewritesNvidiaLinesAndKeepsOthers) {
  const std::string log = "0(7) : error C0000: syntax error\nsome summary\n";
  EXPECT_EQ(point_log_at_file(log, "a.vert"), "a.vert:7: error C0000: syntax error\nsome summary");
}

}  // namespace
}  // namespace flatline::render
