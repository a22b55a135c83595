// The panel's controls section: pause, single step, time scale, tick rate, rifle
// fire rate, and the list of the game's controls. It writes settings and requests only.
#include <imgui.h>

#include "overlay/overlay_internal.hpp"
#include "sim/controls.hpp"

namespace flatline::overlay {
void Overlay::controls_section(Settings& settings, Requests& requests) {
  TimeSettings& time = settings.time;
  ImGui::Checkbox("Pause (P)", &time.paused);
  ImGui::SameLine();
  ImGui::BeginDisabled(!time.paused);  // a single step only means something while paused
  if (ImGui::Button("Step (N)")) ++requests.steps;
  ImGui::EndDisabled();
  same_line_if_room("Screenshot (F12)");
  if (ImGui::Button("Screenshot (F12)")) requests.screenshot = true;

  ImGui::SliderFloat("time scale", &time.time_scale, kMinTimeScale, kMaxTimeScale, "%.2fx", kClamp);
  static constexpr double kMinHz = kMinTickHzSlider, kMaxHz = kMaxTickHzSlider;  // by address
  ImGui::SliderScalar("tick rate", ImGuiDataType_Double, &time.tick_hz, &kMinHz, &kMaxHz, "%.0f Hz",
                      kClamp);
  ImGui::SliderFloat("rifle fire rate", &settings.sim.rifle_rate, kMinRifleRateSlider,
                     kMaxRifleRateSlider, "%.0f shots/s", kClamp);
  // Off: one draw call per object, as a scene of separate meshes would cost (watch "draw calls").
  ImGui::Checkbox("instancing", &settings.render.instancing);
  // Timestep lab. Interpolation off at a low tick rate shows the stutter it hides; the
  // stall shows the clamp: a long frame runs at most max-frame of ticks and drops the rest.
  ImGui::Checkbox("interpolation", &time.interpolate);
  ImGui::SameLine();
  if (ImGui::Button("Stall 0.5 s")) requests.stall = true;
  ImGui::SliderFloat("max frame (clamp)", &time.max_frame_seconds, kMinFrameClamp, kMaxFrameClamp,
                     "%.2f s", kClamp);
  if (settings.audio.has_sound) {  // the voices pool's row is in the table above
    ImGui::SliderFloat("volume", &settings.audio.volume, kMinVolume, kMaxVolume, "%.2f", kClamp);
    ImGui::SameLine();
    ImGui::Checkbox("mute", &settings.audio.muted);
  }

  if (ImGui::BeginTable("help", 2, kTableFlags)) {
    for (const Control& c : kControls) {  // sim/controls.hpp: the card's list too
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(c.key);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(c.action);
    }
    ImGui::EndTable();
  }
}

}  // namespace flatline::overlay
