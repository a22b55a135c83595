// Pooled sound. A mixer has a fixed number of voices (OpenAL sources): every one is made at
// load and lives in a Pool, the same Pool the rest of the game uses. A sound acquires a voice,
// and the voice goes back when the sound ends. When all are busy, a new sound steals the
// voice of the lowest-priority, oldest sound (cues.hpp), or is dropped if all outrank it.
//
// The simulation knows nothing of this: after each tick, the audio layer reads the world's
// events (sim/events.hpp), merges them into cues and plays them. With a loopback device
// (--audio-out) the mix is rendered tick by tick into memory, so a seed gives the same samples.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "audio/cues.hpp"
#include "pool/pool.hpp"
#include "pool/pool_meter.hpp"
#include "sim/stats.hpp"
#include "sim/world.hpp"

namespace flatline::audio {

struct AudioOptions {
  std::string sounds_dir;  // where kSoundFiles are
  bool loopback = false;   // render into memory each tick (--audio-out), not to a device
  bool muted = false;
  float volume = 1.0f;
  double tick_hz = 60.0;
};

// One voice: an OpenAL source made at load, and what it is playing.
struct Voice {
  unsigned source = 0;  // the OpenAL source name: the voice's authored state
  int attached = -1;    // the sound whose buffer the source holds (-1: none), kept across lives
  Sound sound = Sound::Rifle;
  int priority = 0;
  std::uint64_t started = 0;  // the tick it started
};
// Release stops the source: back to how it was made, but for the buffer it holds (attaching
// one costs OpenAL Soft a malloc, so a voice that plays the same sound again skips it).
struct ResetVoice {
  void operator()(Voice& voice) const;
};
using VoicePool = InlinePool<Voice, ResetVoice>;

class Audio {
 public:
  static constexpr std::size_t kVoices = 32;
  static constexpr int kRate = 48000;  // loopback: samples per second, stereo 16-bit

  Audio();
  ~Audio();
  Audio(const Audio&) = delete;
  Audio& operator=(const Audio&) = delete;

  // Opens the device (or the loopback device), loads every sound and makes every voice.
  // A missing or broken sound file is an error (false, `error` names it). No device is not:
  // true, silent, and `note` says so.
  bool init(const AudioOptions& options, std::string& error, std::string& note);
  bool running() const { return context_ != nullptr; }

  // After each tick: voices whose sound ended go back, the listener follows the player, the
  // tick's events are played, and (loopback) the tick's samples are rendered.
  void after_tick(const World& world);
  // The samples the last tick rendered (loopback): interleaved stereo.
  std::span<const std::int16_t> rendered() const { return {render_.data(), rendered_}; }

  // A new World (a new round): its event log starts from zero.
  void follow_new_world() { cursor_ = 0; }
  void set_tick_hz(double tick_hz) { tick_hz_ = tick_hz; }  // the timestep lab's rate
  void set_volume(float volume);                            // 0..1
  void set_muted(bool muted);
  float volume() const { return volume_; }
  bool muted() const { return muted_; }

  // The voices as a row of the pools table; stolen voices count as recycled.
  PoolReport report() const;
  std::uint64_t stolen() const { return stolen_; }
  std::uint64_t merged() const { return merged_; }

 private:
  bool open_device(const AudioOptions& options, std::string& note);
  bool load_sounds(const std::string& dir, std::string& error);
  void reap_finished(std::uint64_t tick, double tick_hz);
  void play(const Cue& cue, std::uint64_t tick);
  int take_voice(int priority);
  void render_tick();
  void apply_gain();

  void* device_ = nullptr;          // ALCdevice
  void* context_ = nullptr;         // ALCcontext
  void* render_samples_ = nullptr;  // alcRenderSamplesSOFT (loopback)
  bool loopback_ = false;
  double tick_hz_ = 60.0;
  std::uint64_t ticks_rendered_ = 0;
  std::array<unsigned, kSoundCount> buffers_{};
  std::array<unsigned, kVoices> sources_{};
  std::unique_ptr<VoicePool> voices_;  // made once the sources exist
  PoolMeter meter_;
  CueList cues_;
  std::uint64_t cursor_ = 0;  // events read so far
  std::uint64_t stolen_ = 0, merged_ = 0, lost_ = 0;
  std::vector<float> mix_;            // one tick as the mixer renders it, sized at load
  std::vector<std::int16_t> render_;  // the same tick as 16-bit samples
  std::size_t rendered_ = 0;
  float volume_ = 1.0f;
  bool muted_ = false;
};

}  // namespace flatline::audio
