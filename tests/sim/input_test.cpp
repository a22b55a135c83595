#include "sim/input.hpp"

#include <gtest/gtest.h>

namespace flatline {
namespace {

// A frame may run 0, 1 or several ticks; a click inside it must reach exactly one tick.
int presses_delivered(InputQueue& queue, int ticks) {
  int presses = 0;
  for (int i = 0; i < ticks; ++i)
    presses += queue.next_tick().fire_presses;
  return presses;
}

TEST(InputQueue, APressInAFrameWithOneTickArrivesOnThatTick) {
  InputQueue queue;
  queue.press_fire();
  EXPECT_EQ(presses_delivered(queue, 1), 1);
}

TEST(InputQueue, APressInAFrameWithNoTickWaitsForTheNextFrame) {
  InputQueue queue;
  queue.press_fire();
  EXPECT_EQ(presses_delivered(queue, 0), 0);
  EXPECT_EQ(presses_delivered(queue, 1), 1);
}

TEST(InputQueue, APressInAFrameWithThreeTicksArrivesExactlyOnce) {
  InputQueue queue;
  queue.press_fire();
  queue.press_scatter();
  const TickInput first = queue.next_tick();
  const TickInput second = queue.next_tick();
  const TickInput third = queue.next_tick();
  EXPECT_EQ(first.fire_presses, 1);
  EXPECT_EQ(first.scatter_presses, 1);
  EXPECT_EQ(second.fire_presses + third.fire_presses, 0);
  EXPECT_EQ(second.scatter_presses + third.scatter_presses, 0);
}

TEST(InputQueue, ClicksBetweenTicksAreCountedNotSampled) {
  InputQueue queue;
  queue.set_fire_held(true);  // press...
  queue.press_fire();
  queue.set_fire_held(false);  // ...and release before any tick ran
  queue.press_fire();
  queue.set_fire_held(true);
  queue.set_fire_held(false);
  const TickInput tick = queue.next_tick();
  EXPECT_FALSE(tick.fire_held);
  EXPECT_EQ(tick.fire_presses, 2);
}

TEST(InputQueue, HeldStateReachesEveryTickAndLookGoesToTheFirst) {
  InputQueue queue;
  queue.set_move(1.0f, -0.5f);
  queue.set_sprint(true);
  queue.add_look(0.1f, 0.2f);
  queue.add_look(0.1f, 0.0f);
  const TickInput first = queue.next_tick();
  const TickInput second = queue.next_tick();
  EXPECT_FLOAT_EQ(first.look_yaw, 0.2f);
  EXPECT_FLOAT_EQ(first.look_pitch, 0.2f);
  EXPECT_FLOAT_EQ(second.look_yaw, 0.0f);
  EXPECT_FLOAT_EQ(second.move_forward, 1.0f);
  EXPECT_FLOAT_EQ(second.move_right, -0.5f);
  EXPECT_TRUE(second.sprint);
}

TEST(InputQueue, PressCountsSaturateInsteadOfWrapping) {
  InputQueue queue;
  for (int i = 0; i < 300; ++i)
    queue.press_jump();
  EXPECT_EQ(queue.next_tick().jump_presses, 255);
}

}  // namespace
}  // namespace flatline
