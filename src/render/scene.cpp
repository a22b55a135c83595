#include "render/scene.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>

#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>

namespace flatline::render {
namespace {

glm::vec4 v4(const glm::vec3& v, float w = 0.0f) {
  return {v, w};
}
glm::vec3 lerp(const glm::vec3& a, const glm::vec3& b, float t) {
  return a + (b - a) * t;
}
glm::vec3 direction_or(const glm::vec3& v, const glm::vec3& fallback) {
  const float len = glm::length(v);
  return len > 1e-6f ? v / len : fallback;
}

const glm::vec4 kTargetColor{1.0f, 1.0f, 1.0f, 1.0f};  // the texture's own colours
const glm::vec4 kSeekerColor{0.20f, 0.90f, 1.00f, 1.0f};

// Appends to a kind's staging array. Arrays are sized at load to the pool's
// capacity, and a pool never has more live objects than its capacity. (With
// pooling off, the heap lists have no capacity: reserve_for grows the arrays to
// fit them each frame, a reallocation the overlay counts.)
struct Writer {
  SceneInstances& scene;
  Instance& next(Kind kind) { return scene.items[kind][scene.count[kind]++]; }
};

}  // namespace

// A bullet is drawn as a streak trailing it, about a hundredth of a second of its flight (so
// a 300 m/s bullet reads on screen), never longer than the way it has come.
Instance bullet_record(const Bullet& b, float alpha) {
  const glm::vec3 head = lerp(b.prev_pos, b.pos, alpha);
  const glm::vec3 dir = direction_or(b.vel, {0, 0, 1});
  const float fade_by = fade(b.life, Linger::kBullet);
  const float streak =
      std::min(std::clamp(glm::length(b.vel) * 0.01f, 0.5f, 3.0f), std::max(b.travelled, 0.05f)) *
      fade_by;
  return {v4(head - dir * (streak * 0.5f)),
          {kBulletWidth, kBulletWidth, streak, 0},
          v4(dir),
          bullet_color(fade_by)};
}

namespace {

// The gun in the player's hands: boxes placed in the camera's frame (right, up, forward),
// kicked back while the muzzle flash lasts. With the flash, two crossed glowing quads at
// the barrel's end.
struct WeaponPart {
  glm::vec3 at;    // metres along right, up, forward from the eye
  glm::vec3 size;  // along the same axes
  glm::vec4 color;
};
constexpr glm::vec4 kGunMetal{0.20f, 0.21f, 0.24f, 1.0f}, kGrip{0.12f, 0.11f, 0.10f, 1.0f},
    kSight{0.95f, 0.50f, 0.12f, 1.0f};
constexpr WeaponPart kWeapon[kWeaponParts] = {
    {{0.17f, -0.17f, 0.40f}, {0.05f, 0.065f, 0.28f}, kGunMetal},  // receiver
    {{0.17f, -0.154f, 0.64f}, {0.022f, 0.022f, 0.22f}, kGrip},    // barrel
    {{0.17f, -0.235f, 0.44f}, {0.032f, 0.10f, 0.05f}, kGrip},     // magazine
    {{0.17f, -0.215f, 0.30f}, {0.036f, 0.08f, 0.04f}, kGrip},     // grip
    {{0.17f, -0.128f, 0.38f}, {0.014f, 0.022f, 0.04f}, kSight},   // sight
};
constexpr glm::vec3 kBarrelEnd{0.17f, -0.154f, 0.76f};

void view_model(const World& world, float alpha, Writer& out) {
  const Camera camera = make_camera(world, alpha, 1.0f);
  const glm::vec3 forward = camera.forward;
  const glm::vec3 right = glm::normalize(glm::cross(forward, glm::vec3(0, 1, 0)));
  const glm::vec3 up = glm::cross(right, forward);
  const float kick = std::min(world.player.muzzle_flash / 0.05f, 1.0f);
  const auto place = [&](const glm::vec3& at) {
    return camera.eye + right * at.x + up * (at.y + 0.01f * kick) + forward * (at.z - 0.05f * kick);
  };
  for (const WeaponPart& part : kWeapon)
    out.next(kDrawWeapon) = {v4(place(part.at)), v4(part.size), v4(forward), part.color};
  if (world.player.muzzle_flash <= 0.0f) return;
  const glm::vec3 tip = place(kBarrelEnd);
  const float size = 0.04f + 0.6f * world.player.muzzle_flash;  // shrinks as it fades
  const glm::vec4 flash{1.0f, 0.62f, 0.22f, 0.85f};
  out.next(kDrawMuzzle) = {
      v4(tip), {size, size, size * 1.6f, 0}, v4(glm::normalize(up + right)), flash};
  out.next(kDrawMuzzle) = {
      v4(tip), {size, size, size * 1.6f, 0}, v4(glm::normalize(up - right)), flash};
}

}  // namespace

std::size_t capacity_for(const World& world, Kind kind) {
  switch (kind) {
    case kDrawTargets:
      return world.targets.size() + 1;  // and the seeker (lessons.hpp), when one flies
    case kDrawDecals:
      return world.decals.pool.capacity() + world.decals.heap.size();
    case kDrawCasings:
      return world.casings.pool.capacity() + world.casings.heap.size();
    case kDrawBullets:
      return world.bullets.pool.capacity() + world.bullets.heap.size();
    case kDrawTracers:
      return world.tracers.pool.capacity();
    case kDrawSparks:
      return world.sparks.pool.capacity() + world.sparks.heap.size();
    case kDrawMuzzle:
      return 2;  // two crossed quads
    case kDrawWeapon:
      return kWeaponParts;
    case kDrawSpheres:
      return world.spheres.pool.capacity() + world.spheres.heap.size();
    case kDrawDebris:
      return world.debris.pool.capacity() + world.debris.heap.size();
    default:
      return 0;
  }
}

int kind_of_pool(int pool) {
  switch (pool) {
    case kBullets:
      return kDrawBullets;
    case kSparks:
      return kDrawSparks;
    case kDecals:
      return kDrawDecals;
    case kCasings:
      return kDrawCasings;
    case kTracers:
      return kDrawTracers;
    case kSpheres:
      return kDrawSpheres;
    case kDebris:
      return kDrawDebris;
    default:
      return -1;
  }
}

bool SceneInstances::reserve_for(const World& world) {
  bool grew = false;
  for (int k = 0; k < kKindCount; ++k) {
    const std::size_t need = capacity_for(world, static_cast<Kind>(k));
    if (items[k].size() < need) {
      items[k].resize(need);  // at load, or after a Grow pool grew: never per frame otherwise
      grew = true;
    }
  }
  return grew;
}

Camera make_camera(const World& world, float alpha, float aspect, float fov_degrees) {
  Camera camera;
  const Player& p = world.player;
  camera.eye = lerp(p.prev_pos, p.pos, alpha) + glm::vec3(0.0f, kEyeHeight, 0.0f);
  camera.forward = look_direction(p);  // look is applied at once: no added latency
  const glm::mat4 view = glm::lookAt(camera.eye, camera.eye + camera.forward, {0.0f, 1.0f, 0.0f});
  const glm::mat4 proj = glm::perspective(glm::radians(fov_degrees), aspect, 0.05f, 500.0f);
  camera.view_proj = proj * view;
  return camera;
}

void build_scene(const World& world, float alpha, SceneInstances& scene) {
  scene.count.fill(0);
  Writer out{scene};

  for (const Target& t : world.targets) {
    if (t.broken) continue;  // a broken target is its debris until it respawns
    const float flash = std::min(1.0f, t.hit_flash / 0.12f);
    const float health = t.health / 100.0f;
    glm::vec4 color = kTargetColor * glm::vec4(0.55f + 0.45f * health, 1, 1, 1);
    color = glm::mix(color, glm::vec4(1.0f), flash);
    // Back from broken: it rises out of its lower edge and grows to its size.
    const float s = std::clamp(t.respawn_age / Target::kRespawnRise, 0.0f, 1.0f);
    const float grown = s * s * (3.0f - 2.0f * s);
    const glm::vec3 size = t.half_size * 2.0f * glm::vec3(0.6f + 0.4f * grown, grown, 1.0f);
    const glm::vec3 sunk{0.0f, -t.half_size.y * (1.0f - grown), 0.0f};
    out.next(kDrawTargets) = {
        v4(lerp(t.prev_pos, t.pos, alpha) + sunk), v4(size), {0, 0, 1, 0}, color};
  }

  if (world.seeker.active) {  // cyan while it follows its handle, grey once it refused it
    const Seeker& k = world.seeker;
    const glm::vec4 color = k.lost ? glm::vec4(0.5f, 0.5f, 0.55f, 1.0f) : kSeekerColor;
    out.next(kDrawTargets) = {
        v4(lerp(k.prev_pos, k.pos, alpha)), {0.25f, 0.25f, 0.25f, 0}, {0, 0, 1, 0}, color};
  }

  for_each_live(world.decals, [&](const Decal& d) {
    const float fade_by = fade(d.life, Linger::kDecal);
    // Larger than a real hole, as games draw them: its dark core and light ring (the decal
    // texture) still read from 20 m, a few pixels across at 1280x720.
    out.next(kDrawDecals) = {
        v4(d.pos), {0.28f, 0.28f, 0.004f, 0}, v4(d.normal), {1.0f, 1.0f, 1.0f, 0.95f * fade_by}};
  });

  for_each_live(world.casings, [&](const Casing& c) {
    const glm::vec3 axis{std::cos(c.spin), 0.0f, std::sin(c.spin)};
    const float size = fade(c.life, Linger::kCasing);  // opaque: a lingering casing shrinks
    out.next(kDrawCasings) = {v4(lerp(c.prev_pos, c.pos, alpha)),
                              {0.014f * size, 0.014f * size, 0.045f * size, 0},
                              v4(axis, c.spin * 0.5f),
                              {0.85f, 0.65f, 0.25f, 1.0f}};
  });

  for_each_live(world.spheres, [&](const Sphere& s) {
    out.next(kDrawSpheres) = {v4(lerp(s.prev_pos, s.pos, alpha)),
                              v4(glm::vec3(2.0f * Sphere::kRadius)),
                              {0, 0, 1, 0},
                              {0.92f, 0.86f, 0.74f, 1.0f}};
  });

  for_each_live(world.debris, [&](const Debris& d) {
    // Tumbling: its forward turns about its axis as it spins, and rolls with it.
    const glm::vec3 u = direction_or(glm::cross(d.axis, {0.0f, 1.0f, 0.0f}), {1.0f, 0.0f, 0.0f});
    const glm::vec3 v = glm::cross(d.axis, u);
    const glm::vec3 forward = u * std::cos(d.spin) + v * std::sin(d.spin);
    const float size = d.size * fade(d.life, Linger::kDebris);  // opaque: it shrinks away
    out.next(kDrawDebris) = {v4(lerp(d.prev_pos, d.pos, alpha)),
                             v4(glm::vec3(size)),
                             v4(forward, 0.7f * d.spin),
                             {1.0f, 1.0f, 1.0f, 1.0f}};
  });

  for_each_live(world.bullets, [&](const Bullet& b) {
    if (b.full_visual) out.next(kDrawBullets) = bullet_record(b, alpha);  // else: its tracer
  });

  world.tracers.pool.for_each_active([&](int, const Tracer& t) {
    const glm::vec3 head = lerp(t.prev_trail[0], t.trail[0], alpha);
    const glm::vec3 tail =
        lerp(t.prev_trail[Tracer::kTrail - 1], t.trail[Tracer::kTrail - 1], alpha);
    const glm::vec3 span = head - tail;
    // A glowing streak a few pixels wide at 20 m (the round itself is far thinner), so a
    // tracer round reads as it does in play, where the eye follows the light.
    out.next(kDrawTracers) = {v4((head + tail) * 0.5f),
                              {0.06f, 0.06f, std::max(glm::length(span), 0.05f), 0},
                              v4(direction_or(span, {0, 0, 1})),
                              {1.0f, 0.6f, 0.2f, 0.8f * fade(t.life, Linger::kTracer)}};
  });

  for_each_live(world.sparks, [&](const Spark& s) {
    // Cools from yellow to red over its life, then fades out as it lingers.
    const float life = s.lifetime > 0.0f ? std::max(0.0f, 1.0f - s.age / s.lifetime) : 0.0f;
    out.next(kDrawSparks) = {v4(lerp(s.prev_pos, s.pos, alpha)),
                             {0.05f, 0.05f, 0.16f, 0},
                             v4(direction_or(s.vel, {0, 1, 0})),
                             {1.0f, 0.45f + 0.4f * life, 0.1f, fade(s.life, Linger::kSpark)}};
  });

  view_model(world, alpha, out);
}

}  // namespace flatline::render
