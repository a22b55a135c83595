// The overlay's tunables, applied to the session between frames: a safe point.
#pragma once

#include "app/session.hpp"
#include "overlay/overlay.hpp"

namespace flatline::app {

// Holds every tunable within its range, whatever wrote it (a slider, a typed value, the tour):
// a number beyond the range becomes its nearest end, one that is not finite (inf, NaN) the
// default, an enum or index out of range the default. The ranges are the command line's
// where it has a flag (options.hpp: --tick-hz, --fire-rate, --fov ...), else the panel's
// (overlay_view.hpp). Returns how many fields it changed.
int clamp_tunables(overlay::Tunables& tunables);

// What the overlay changed takes effect on the next tick; new pool sizes start a new round.
// Clamps the tunables first (clamp_tunables): nothing out of range reaches the session.
void apply_tunables(overlay::Tunables& tunables, Session& session);

}  // namespace flatline::app
