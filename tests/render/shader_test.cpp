#include "render/shader.hpp"

#include <gtest/gtest.h>

#include "render/vertex_layout.hpp"

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

TEST(AttributeDefines, FollowTheVersionLineAndKeepTheFilesLineNumbers) {
  const std::string out = with_attribute_defines("#version 330 core\nin vec3 a;\n");
  EXPECT_EQ(out.rfind("#version 330 core\n#define ATTR_POSITION 0\n", 0), 0u) << out;
  EXPECT_NE(out.find("#define ATTR_INSTANCE_COLOR " + std::to_string(kAttrInstanceColor)),
            std::string::npos);
  EXPECT_NE(out.find("#line 2\nin vec3 a;\n"), std::string::npos) << out;
}

TEST(AttributeDefines, EsGetsItsVersionLineAndPrecisionsBeforeTheDefines) {
  const std::string out = with_attribute_defines("#version 330 core\nin vec3 a;\n", Glsl::kEs300);
  EXPECT_EQ(out.rfind("#version 300 es\nprecision highp float;\n", 0), 0u) << out;
  EXPECT_EQ(out.find("330"), std::string::npos) << out;
  EXPECT_LT(out.find("precision highp sampler2DShadow;"), out.find("#define ATTR_POSITION 0"));
  EXPECT_NE(out.find("#line 2\nin vec3 a;\n"), std::string::npos) << out;
}

// A program variant's defines (programs.hpp's SHADOW_LOOKUPS) come after the attributes' and
// before the #line that keeps the driver's messages on the file's own lines.
TEST(AttributeDefines, AVariantsDefinesComeJustBeforeTheFilesText) {
  const std::string out = with_attribute_defines("#version 330 core\nin vec3 a;\n", Glsl::kCore330,
                                                 "#define SHADOW_LOOKUPS 1\n");
  EXPECT_NE(out.find("#define SHADOW_LOOKUPS 1\n#line 2\nin vec3 a;\n"), std::string::npos) << out;
  EXPECT_LT(out.find("#define ATTR_POSITION 0"), out.find("#define SHADOW_LOOKUPS 1")) << out;
}

TEST(AttributeDefines, LeaveAShaderWithoutAVersionLineAlone) {
  EXPECT_EQ(with_attribute_defines("void main() {}\n"), "void main() {}\n");
}

}  // namespace
}  // namespace flatline::render
