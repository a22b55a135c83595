// The overlay's tunables, applied to the session between frames: a safe point.
#pragma once

#include "app/session.hpp"
#include "overlay/overlay.hpp"

namespace flatline::app {

// What the overlay changed takes effect on the next tick; new pool sizes start a new round.
void apply_tunables(overlay::Tunables& tunables, Session& session);

}  // namespace flatline::app
