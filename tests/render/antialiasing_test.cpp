#include "render/antialiasing.hpp"

#include <gtest/gtest.h>

namespace flatline::render {
namespace {

TEST(Antialiasing, SoftwareRasterisersAreKnownByTheirRendererString) {
  EXPECT_TRUE(is_software_rasteriser("llvmpipe (LLVM 15.0.6, 256 bits)"));
  EXPECT_TRUE(is_software_rasteriser("softpipe"));
  EXPECT_TRUE(is_software_rasteriser("Google SwiftShader"));
  EXPECT_TRUE(is_software_rasteriser("Microsoft Basic Render Driver"));
  EXPECT_FALSE(is_software_rasteriser("NVIDIA H200/PCIe/SSE2"));
  EXPECT_FALSE(is_software_rasteriser("AMD Radeon RX 6800 (radeonsi, navi21, LLVM 15.0.6)"));
  EXPECT_FALSE(is_software_rasteriser("Mesa Intel(R) UHD Graphics 620 (KBL GT2)"));
  EXPECT_FALSE(is_software_rasteriser(""));
}

TEST(Antialiasing, AutoIsFxaaOnAGpuAndOffOnTheCpu) {
  EXPECT_EQ(auto_antialiasing("NVIDIA H200/PCIe/SSE2"), Antialiasing::kFxaa);
  EXPECT_EQ(auto_antialiasing("llvmpipe (LLVM 15.0.6, 256 bits)"), Antialiasing::kOff);
}

TEST(Antialiasing, NamesAreTheFlagsSpellings) {
  EXPECT_STREQ(antialiasing_name(Antialiasing::kOff, 0), "off");
  EXPECT_STREQ(antialiasing_name(Antialiasing::kFxaa, 0), "fxaa");
  EXPECT_STREQ(antialiasing_name(Antialiasing::kMsaa, 2), "msaa2");
  EXPECT_STREQ(antialiasing_name(Antialiasing::kMsaa, 4), "msaa4");
  EXPECT_STREQ(antialiasing_name(Antialiasing::kMsaa, 8), "msaa8");
  EXPECT_STREQ(antialiasing_name(Antialiasing::kOff, 4), "off");  // samples only count with MSAA
}

}  // namespace
}  // namespace flatline::render
