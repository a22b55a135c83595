// What happened this tick that a listener may want to hear or see: shots, impacts, casings
// landing, targets breaking. step() writes them; readers outside the simulation (the audio
// layer) read them after each tick and change nothing in the world. The same inputs give the
// same events, so a replay sounds the same.
//
// A ring of fixed size, made with the world: writing never allocates. Each reader keeps its
// own cursor (the count of events it has read); one that falls more than kCapacity behind has
// lost the oldest and can tell how many.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <glm/vec3.hpp>

namespace flatline {

enum class EventKind : std::uint8_t { RifleShot, ScatterShot, Impact, CasingBounce, TargetBroken };
enum class Surface : std::uint8_t { None, Wall, Glass, Target };

struct GameEvent {
  EventKind kind = EventKind::Impact;
  Surface surface = Surface::None;  // what an impact hit
  glm::vec3 pos{0.0f};
  std::uint64_t tick = 0;
};

class EventLog {
 public:
  static constexpr std::size_t kCapacity = 4096;

  void emit(EventKind kind, Surface surface, const glm::vec3& pos, std::uint64_t tick) {
    ring_[written_ % kCapacity] = GameEvent{kind, surface, pos, tick};
    ++written_;
  }
  std::uint64_t written() const { return written_; }  // events ever emitted
  // The event with sequence number `seq` (< written()); valid while written() - seq <= kCapacity.
  const GameEvent& at(std::uint64_t seq) const { return ring_[seq % kCapacity]; }

 private:
  std::array<GameEvent, kCapacity> ring_{};
  std::uint64_t written_ = 0;
};

}  // namespace flatline
