// The browser build's stand-in for OpenAL Soft's <AL/alext.h>: Emscripten's OpenAL (on Web
// Audio) ships al.h and alc.h only. The game uses the loopback extension (ALC_SOFT_loopback)
// for --audio-out alone, which the page never asks for; these are its names and values as
// OpenAL Soft defines them, so audio.cpp compiles unchanged. In the browser
// alcGetProcAddress finds no loopback device and the game plays through Web Audio.
#pragma once

#include <AL/alc.h>

#define ALC_FORMAT_CHANNELS_SOFT 0x1990
#define ALC_FORMAT_TYPE_SOFT 0x1991
#define ALC_FLOAT_SOFT 0x1406
#define ALC_STEREO_SOFT 0x1501
#define ALC_HRTF_SOFT 0x1992
#define ALC_OUTPUT_LIMITER_SOFT 0x199A
typedef ALCdevice* (*LPALCLOOPBACKOPENDEVICESOFT)(const ALCchar*);
typedef void (*LPALCRENDERSAMPLESSOFT)(ALCdevice*, ALCvoid*, ALCsizei);
