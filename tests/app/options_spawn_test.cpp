// --spawn X,Y,Z[,YAW_DEG[,PITCH_DEG]]: the player's start, parsed strictly (options_lessons.cpp)
// and refused outside the level once it is loaded (session.cpp).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/options.hpp"

namespace flatline::app {
namespace {

ParseResult parse(std::vector<const char*> args) {
  args.insert(args.begin(), "flatline");
  return parse_options(static_cast<int>(args.size()), args.data());
}

TEST(Spawn, TakesThreeToFiveNumbers) {
  EXPECT_FALSE(parse({}).options.spawn.has_value());
  const ParseResult three = parse({"--spawn", "-28,3,0"});
  ASSERT_EQ(three.error, "");
  ASSERT_TRUE(three.options.spawn.has_value());
  EXPECT_EQ(three.options.spawn->feet, glm::vec3(-28.0f, 3.0f, 0.0f));
  EXPECT_EQ(three.options.spawn->yaw_deg, 0.0f);
  EXPECT_EQ(three.options.spawn->pitch_deg, 0.0f);
  const ParseResult five = parse({"--spawn", "1.5,0,-2.25,-90,-12.5"});
  ASSERT_EQ(five.error, "");
  EXPECT_EQ(five.options.spawn->feet, glm::vec3(1.5f, 0.0f, -2.25f));
  EXPECT_EQ(five.options.spawn->yaw_deg, -90.0f);
  EXPECT_EQ(five.options.spawn->pitch_deg, -12.5f);
  EXPECT_EQ(parse({"--spawn", "0,0,0,45"}).options.spawn->yaw_deg, 45.0f);
}

TEST(Spawn, RefusesWhatIsNotAPointInReach) {
  for (const char* bad : {"", "1,2", "1,2,3,4,5,6", "1,,3", "1,2,3,", ",1,2,3", "a,b,c", "1,2,3x",
                          "nan,0,0", "inf,0,0", "0,-1,0", "1001,0,0", "0,0,-1001", "0,1001,0",
                          "0,0,0,361", "0,0,0,0,90", "0,0,0,0,-89.5", "1 ,2,3"}) {
    const ParseResult r = parse({"--spawn", bad});
    EXPECT_NE(r.error, "") << "'" << bad << "'";
    EXPECT_EQ(r.error.find('\n'), std::string::npos);
    EXPECT_FALSE(r.options.spawn.has_value()) << bad;
  }
  EXPECT_NE(parse({"--spawn"}).error, "");  // no value at all
}

TEST(Spawn, DoesNotMixWithARecording) {
  EXPECT_NE(parse({"--spawn", "0,0,0", "--record", "r.txt"}).error, "");
  EXPECT_NE(parse({"--spawn", "0,0,0", "--replay", "r.txt"}).error, "");
}

TEST(Spawn, IsInTheUsage) {
  EXPECT_NE(std::string(usage()).find("--spawn X,Y,Z"), std::string::npos);
}

}  // namespace
}  // namespace flatline::app
