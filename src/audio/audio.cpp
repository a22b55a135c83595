#include "audio/audio.hpp"

#include <AL/al.h>
#include <AL/alc.h>
#include <AL/alext.h>
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>

namespace flatline::audio {
namespace {

ALCdevice* as_device(void* p) {
  return static_cast<ALCdevice*>(p);
}

// Distance attenuation: full volume within kNear metres, then falling off as 1/distance.
constexpr float kNear = 3.0f;
constexpr float kFar = 80.0f;

// While OpenAL probes its backends, ALSA prints to stderr about every sound card it cannot
// find: that noise is kept out, so a missing device is our one line, not thirty of theirs.
class QuietStderr {
 public:
  QuietStderr() : saved_(::dup(2)) {
    const int null = ::open("/dev/null", O_WRONLY);
    if (saved_ >= 0 && null >= 0) ::dup2(null, 2);
    if (null >= 0) ::close(null);
  }
  ~QuietStderr() {
    if (saved_ < 0) return;
    ::dup2(saved_, 2);
    ::close(saved_);
  }
  QuietStderr(const QuietStderr&) = delete;
  QuietStderr& operator=(const QuietStderr&) = delete;

 private:
  int saved_;
};

bool open_loopback(ALCdevice*& device, ALCcontext*& context) {
  auto open = reinterpret_cast<LPALCLOOPBACKOPENDEVICESOFT>(
      alcGetProcAddress(nullptr, "alcLoopbackOpenDeviceSOFT"));
  if (open == nullptr) return false;
  device = open(nullptr);
  if (device == nullptr) return false;
  // Float samples, made 16-bit here: OpenAL dithers integer output, and silence must be 0.
  const ALCint attrs[] = {ALC_FORMAT_CHANNELS_SOFT,
                          ALC_STEREO_SOFT,
                          ALC_FORMAT_TYPE_SOFT,
                          ALC_FLOAT_SOFT,
                          ALC_FREQUENCY,
                          Audio::kRate,
                          ALC_HRTF_SOFT,
                          ALC_FALSE,
                          ALC_OUTPUT_LIMITER_SOFT,  // as a device's 16-bit output: no clipping
                          ALC_TRUE,
                          0};
  context = alcCreateContext(device, attrs);
  return context != nullptr;
}

}  // namespace

void ResetVoice::operator()(Voice& voice) const {
  alSourceStop(voice.source);
  voice = Voice{voice.source, voice.attached};
}

Audio::Audio() = default;

Audio::~Audio() {
  voices_.reset();  // each voice's reset stops its source first
  if (context_ != nullptr) {
    alDeleteSources(static_cast<ALsizei>(sources_.size()), sources_.data());
    alDeleteBuffers(static_cast<ALsizei>(buffers_.size()), buffers_.data());
    alcMakeContextCurrent(nullptr);
    alcDestroyContext(static_cast<ALCcontext*>(context_));
  }
  if (device_ != nullptr) alcCloseDevice(as_device(device_));
}

bool Audio::open_device(const AudioOptions& options, std::string& note) {
  ALCdevice* device = nullptr;
  ALCcontext* context = nullptr;
  if (options.loopback) {
    if (!open_loopback(device, context)) note = "OpenAL Soft has no loopback device";
  } else {
    const QuietStderr quiet;
    device = alcOpenDevice(nullptr);
    if (device != nullptr) context = alcCreateContext(device, nullptr);
    if (context == nullptr) note = "no audio device";
  }
  device_ = device;
  if (context == nullptr) return false;
  context_ = context;
  alcMakeContextCurrent(context);
  if (options.loopback)
    render_samples_ = reinterpret_cast<void*>(alcGetProcAddress(device, "alcRenderSamplesSOFT"));
  return true;
}

bool Audio::init(const AudioOptions& options, std::string& error, std::string& note) {
  loopback_ = options.loopback;
  tick_hz_ = options.tick_hz;
  volume_ = options.volume;
  muted_ = options.muted;
  if (!open_device(options, note)) {
    note += ": the game runs silent";
    return true;
  }
  if (!load_sounds(options.sounds_dir, error)) return false;
  alDistanceModel(AL_INVERSE_DISTANCE_CLAMPED);
  alGenSources(static_cast<ALsizei>(sources_.size()), sources_.data());
  for (const unsigned source : sources_) {
    alSourcef(source, AL_REFERENCE_DISTANCE, kNear);
    alSourcef(source, AL_MAX_DISTANCE, kFar);
  }
  // Every voice made now, at load; the factory hands out the sources in order.
  std::size_t made = 0;
  voices_ =
      std::make_unique<VoicePool>([&] { return Voice{sources_[made++]}; }, kVoices, ResetVoice{});
  voices_->set_name("voices");
  // A voice keeps its source from life to life (its authored state, which the reset keeps):
  // debug poisoning, 0xDB over a released object, would lose it.
  voices_->set_poisoning(false);
  // One tick of samples at the slowest tick rate, made now: rendering never allocates.
  render_.assign(static_cast<std::size_t>(kRate / 10 + 1) * 2, 0);
  mix_.assign(render_.size(), 0.0f);
  apply_gain();
  if (alGetError() != AL_NO_ERROR) {
    error = "OpenAL could not make the voices";
    return false;
  }
  return true;
}

bool Audio::load_sounds(const std::string& dir, std::string& error) {
  alGenBuffers(static_cast<ALsizei>(buffers_.size()), buffers_.data());
  SoundData data;
  for (std::size_t i = 0; i < kSoundCount; ++i) {
    if (!load_sound_file(dir + "/" + kSoundFiles[i], data, error)) return false;
    alBufferData(buffers_[i], AL_FORMAT_MONO16, data.samples.data(),
                 static_cast<ALsizei>(data.samples.size() * sizeof(std::int16_t)), data.rate);
  }
  return true;
}

void Audio::after_tick(const World& world) {
  if (!running()) return;
  reap_finished(world.tick, tick_hz_);
  const glm::vec3 eye = eye_position(world.player);
  const glm::vec3 look = look_direction(world.player);
  const float orientation[6] = {look.x, look.y, look.z, 0.0f, 1.0f, 0.0f};
  alListener3f(AL_POSITION, eye.x, eye.y, eye.z);
  alListenerfv(AL_ORIENTATION, orientation);
  lost_ += collect_cues(world.events, cursor_, cues_);
  merged_ += cues_.merged;
  for (std::size_t i = 0; i < cues_.size; ++i)
    play(cues_.cues[i], world.tick);
  meter_.end_tick(1.0 / tick_hz_);
  if (loopback_) render_tick();
}

// A voice whose sound has ended goes back to the pool: O(live).
void Audio::reap_finished(std::uint64_t tick, double tick_hz) {
  voices_->for_each_active([&](int slot, Voice& voice) {
    ALint state = AL_STOPPED;
    alGetSourcei(voice.source, AL_SOURCE_STATE, &state);
    if (state == AL_PLAYING) return;
    meter_.on_retire(static_cast<double>(tick - voice.started) / tick_hz);
    voices_->release(slot);
  });
}

// A free voice, or a busy one taken from a sound that matters less: -1 if all matter more.
int Audio::take_voice(int priority) {
  if (voices_->active_count() == voices_->capacity()) {
    std::array<VoiceView, kVoices> busy;
    std::size_t n = 0;
    voices_->for_each_active([&](int slot, const Voice& v) {
      busy[n++] = VoiceView{slot, v.priority, v.started};
    });
    const int victim = choose_victim(std::span<const VoiceView>(busy.data(), n), priority);
    if (victim >= 0) {
      meter_.on_retire(0.0);
      voices_->release(victim);  // stealing: its reset stops the sound it was playing
      ++stolen_;
    }
  }
  return voices_->acquire();  // full and nothing to steal: refused, counted as dropped
}

void Audio::play(const Cue& cue, std::uint64_t tick) {
  meter_.on_spawn();
  const int slot = take_voice(priority_of(cue.sound));
  if (slot < 0) return;
  Voice& voice = (*voices_)[slot];
  voice.sound = cue.sound;
  voice.priority = priority_of(cue.sound);
  voice.started = tick;
  if (voice.attached != static_cast<int>(cue.sound)) {  // a new sound for this voice
    const auto buffer = buffers_[static_cast<std::size_t>(cue.sound)];
    alSourcei(voice.source, AL_BUFFER, static_cast<ALint>(buffer));
    voice.attached = static_cast<int>(cue.sound);
  }
  alSource3f(voice.source, AL_POSITION, cue.pos.x, cue.pos.y, cue.pos.z);
  alSourcef(voice.source, AL_GAIN, cue.gain);
  alSourcePlay(voice.source);
}

// The samples of one tick: the rate split over ticks so that n ticks give round(n*rate/hz).
void Audio::render_tick() {
  const auto at = [&](std::uint64_t ticks) {
    return static_cast<std::uint64_t>(std::llround(static_cast<double>(ticks) * kRate / tick_hz_));
  };
  const std::uint64_t frames = at(ticks_rendered_ + 1) - at(ticks_rendered_);
  ++ticks_rendered_;
  rendered_ = static_cast<std::size_t>(frames) * 2;
  reinterpret_cast<LPALCRENDERSAMPLESSOFT>(render_samples_)(as_device(device_), mix_.data(),
                                                            static_cast<ALCsizei>(frames));
  for (std::size_t i = 0; i < rendered_; ++i) {
    const float v = std::clamp(mix_[i], -1.0f, 1.0f) * 32767.0f;
    render_[i] = static_cast<std::int16_t>(std::lround(v));
  }
}

void Audio::set_volume(float volume) {
  volume_ = volume;
  apply_gain();
}
void Audio::set_muted(bool muted) {
  muted_ = muted;
  apply_gain();
}
void Audio::apply_gain() {
  if (running()) alListenerf(AL_GAIN, muted_ ? 0.0f : volume_);
}

PoolReport Audio::report() const {
  PoolReport r;
  r.name = "voices";
  r.policy = OverflowPolicy::RecycleOldest;  // stealing recycles a live voice, by priority
  if (voices_ == nullptr) return r;
  r.stats = voices_->stats();
  r.stats.recycled = stolen_;  // a steal is a recycle, not a release
  r.stats.released -= stolen_;
  r.cpu_bytes = voices_->memory_bytes();
  r.spawn_rate = meter_.spawn_rate();
  r.mean_lifetime = meter_.mean_lifetime();
  r.run_spawn_rate = meter_.run_spawn_rate();
  r.run_mean_lifetime = meter_.run_mean_lifetime();
  r.recommended = PoolMeter::recommended(r.run_spawn_rate, r.run_mean_lifetime, r.little_k);
  return r;
}

}  // namespace flatline::audio
