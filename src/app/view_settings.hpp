// The view's settings, from the command line and the overlay to where they act: what the
// overlay shows at start (--overlay), the field of view (the renderer's projection and the
// HUD's camera), mouse sensitivity and fullscreen (the window).
#pragma once

#include <string>
#include <string_view>

#include "app/options.hpp"
#include "overlay/overlay.hpp"
#include "render/renderer.hpp"
#include "render/scene.hpp"

namespace flatline::app {

// --overlay VIEW, --fov, --sensitivity and --fullscreen into the overlay's tunables. VIEW is
// a mode, or a panel's name: the compact strip and that panel beside it.
void apply_view_options(const Options& options, overlay::Tunables& tunables);

// --aa into the tunables: auto (the default) resolves with the driver's GL_RENDERER string,
// FXAA on a GPU and off on a software rasteriser.
void apply_antialiasing_option(const Options& options, std::string_view gl_renderer,
                               overlay::Tunables& tunables);

// The camera of this frame, with the settings' field of view: the renderer draws with it
// and the HUD projects damage numbers with it.
render::Camera frame_camera(const World& world, float alpha, int width, int height,
                            const overlay::Tunables& tunables);

// Whether the HUD (src/hud/) is drawn: with the overlay off or compact, not under the full
// overlay, whose panels tile the whole frame.
bool hud_shown(const overlay::Tunables& tunables);

// The settings the renderer takes from the tunables (field of view, instancing,
// anti-aliasing).
void apply_render_settings(const overlay::Tunables& tunables, render::RenderSettings& settings);

// The panels open beside the strip, for the stats file: a JSON array of their names.
std::string open_panels_json(const overlay::Tunables& tunables);

}  // namespace flatline::app
