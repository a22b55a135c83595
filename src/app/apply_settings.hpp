// The frame loop's settings phase, after the overlay: what the panel, the keys or the tour
// changed is held in range, then applied where it acts, once, and only if it changed. A safe
// point: no tick is running, and the next one sees the new values.
#pragma once

#include "app/session.hpp"
#include "platform/window.hpp"
#include "settings/settings.hpp"

namespace flatline::app {

// Holds every setting and request within its range, whatever wrote it (a slider, a typed
// value, the tour): a number beyond the range becomes its nearest end, one that is not finite
// (inf, NaN) the default, an enum or index out of range the default. The ranges are the
// command line's where it has a flag (options.hpp: --tick-hz, --fire-rate, --fov ...), else
// the panel's (overlay_view.hpp). Returns how many fields it changed.
int clamp_settings(Settings& settings, Requests& requests);

// Clamps `settings` (clamp_settings), then applies each value that differs from `applied`,
// what the game runs with: the simulation's switches to the World, the timestep to the clock,
// volume and mute to the sound, sensitivity and fullscreen to `window` (null: no window).
// Consumes the requests this phase acts on (misuse demos, the seeker, a new round); the ticks
// take the single steps, and the present phase the screenshot and the stall. On return
// `applied` equals `settings`. The renderer reads settings.render as it is, every frame.
void apply_settings(Settings& applied, Settings& settings, Requests& requests, Session& session,
                    platform::Window* window);

}  // namespace flatline::app
