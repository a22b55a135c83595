// The view's settings where they act: anti-aliasing's auto (it asks the driver), the field of
// view (the renderer's projection and the HUD's camera), whether the HUD shows, and the panels
// open for the stats file. The command line fills them (app/settings_from.cpp); the overlay
// edits them; the settings phase applies sensitivity and fullscreen (app/apply_settings.cpp).
#pragma once

#include <string>
#include <string_view>

#include "app/options.hpp"
#include "render/renderer.hpp"
#include "render/scene.hpp"
#include "settings/settings.hpp"

namespace flatline::app {

// --aa into the render settings: auto (the default) resolves with the driver's GL_RENDERER
// string, FXAA on a GPU and off on a software rasteriser; soft shadows' auto the same way
// (--soft-shadows and --no-soft-shadows force them).
void apply_antialiasing_option(const Options& options, std::string_view gl_renderer,
                               RenderSettings& render);

// The camera of this frame, with the settings' field of view: the renderer draws with it
// and the HUD projects damage numbers with it.
render::Camera frame_camera(const World& world, float alpha, int width, int height,
                            const RenderSettings& render);

// Whether the HUD (src/hud/) is drawn: with the overlay off or compact, not under the full
// overlay, whose panels tile the whole frame.
bool hud_shown(const ViewSettings& view);

// The panels open beside the strip, for the stats file: a JSON array of their names.
std::string open_panels_json(const ViewSettings& view);

}  // namespace flatline::app
