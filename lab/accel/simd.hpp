// Four floats in one register: GCC's vector extensions, portable C++ (GCC and Clang lower
// them to SSE on x86-64, NEON on ARM, or scalar code), no intrinsics and no -march flag.
//
// Used where one object's x, y and z take the same steps: a vec3 is loaded into three lanes
// (the fourth is padding, set so that it never changes an answer), and a compare of all
// three axes is one instruction instead of three compares and three branches. Each lane is
// the same IEEE operation the scalar code does, so results are bit for bit the same
// (replays hash identically), as long as an expression keeps the scalar code's order.
#pragma once

#include <bit>
#include <cstdint>

#include <glm/vec3.hpp>

namespace flatline::simd {

using F4 = float __attribute__((vector_size(16)));
using I4 = std::int32_t __attribute__((vector_size(16)));  // a compare's lanes: 0 or -1

inline F4 load(const glm::vec3& v, float w) {
  return F4{v.x, v.y, v.z, w};
}
inline F4 splat(float s) {
  return F4{s, s, s, s};
}
inline glm::vec3 xyz(F4 v) {
  return {v[0], v[1], v[2]};
}

// Lane by lane, written as the compare-and-pick that maps to one min/max instruction.
inline F4 min(F4 a, F4 b) {
  return b < a ? b : a;
}
inline F4 max(F4 a, F4 b) {
  return a < b ? b : a;
}
// a where take_a, else b, by masking rather than a branch on data the CPU cannot predict.
inline F4 select(bool take_a, F4 a, F4 b) {
  const I4 m = I4{0, 0, 0, 0} - static_cast<std::int32_t>(take_a);  // all ones or all zeros
  return reinterpret_cast<F4>((reinterpret_cast<I4>(a) & m) | (reinterpret_cast<I4>(b) & ~m));
}

// One bit per lane of a compare (lane i: bit i). On x86-64 one instruction (movmskps): GCC
// does not find it in the portable form, which costs a shuffle and a move per lane.
inline int bits(I4 m) {
#if defined(__SSE__)
  return __builtin_ia32_movmskps(reinterpret_cast<F4>(m));
#else
  return (m[0] & 1) | (m[1] & 2) | (m[2] & 4) | (m[3] & 8);
#endif
}
// The same for one float: GCC turns `flies ? a : b` into a branch, and this one is taken
// at random.
inline float select(bool take_a, float a, float b) {
  const std::uint32_t m = 0u - static_cast<std::uint32_t>(take_a);
  return std::bit_cast<float>((std::bit_cast<std::uint32_t>(a) & m) |
                              (std::bit_cast<std::uint32_t>(b) & ~m));
}

// Whether a compare holds in every lane, or in any: the lanes are 0 or all ones.
inline bool all(I4 m) {
  return bits(m) == 0xF;
}
inline bool any(I4 m) {
  return bits(m) != 0;
}

inline F4 abs(F4 v) {
  return reinterpret_cast<F4>(reinterpret_cast<I4>(v) &
                              I4{0x7fffffff, 0x7fffffff, 0x7fffffff, 0x7fffffff});
}
// The largest and the smallest of the four lanes (set w so that it cannot win).
inline float hmax(F4 v) {
  const F4 m = max(v, __builtin_shufflevector(v, v, 2, 3, 0, 1));
  return max(m, __builtin_shufflevector(m, m, 1, 0, 3, 2))[0];
}
inline float hmin(F4 v) {
  const F4 m = min(v, __builtin_shufflevector(v, v, 2, 3, 0, 1));
  return min(m, __builtin_shufflevector(m, m, 1, 0, 3, 2))[0];
}

// glm::dot(v, v) for the xyz lanes, in glm's order: (x*x + y*y) + z*z.
inline float length_squared3(F4 v) {
  const F4 sq = v * v;
  return (sq[0] + sq[1]) + sq[2];
}

// ---- Four objects at once: a structure of arrays in registers. Lane i of x, y and z is
// object i's coordinate, so one instruction does an axis's step for four objects.

// Sixteen bytes from p, whatever their type (a memcpy: no aliasing or alignment rules
// broken), and back. Loading a vec3 this way reads the next float too, into lane 3.
inline F4 load16(const void* p) {
  F4 v;
  __builtin_memcpy(&v, p, sizeof v);
  return v;
}
inline void store16(void* p, F4 v) {
  __builtin_memcpy(p, &v, sizeof v);
}

// Rows to columns: a, b, c, d hold four objects' (x, y, z, w); afterwards a holds the four
// x, b the four y, c the four z, d the four w. The same call turns them back.
inline void transpose(F4& a, F4& b, F4& c, F4& d) {
  const F4 ab_lo = __builtin_shufflevector(a, b, 0, 4, 1, 5);  // a0 b0 a1 b1
  const F4 ab_hi = __builtin_shufflevector(a, b, 2, 6, 3, 7);  // a2 b2 a3 b3
  const F4 cd_lo = __builtin_shufflevector(c, d, 0, 4, 1, 5);
  const F4 cd_hi = __builtin_shufflevector(c, d, 2, 6, 3, 7);
  a = __builtin_shufflevector(ab_lo, cd_lo, 0, 1, 4, 5);  // a0 b0 c0 d0
  b = __builtin_shufflevector(ab_lo, cd_lo, 2, 3, 6, 7);
  c = __builtin_shufflevector(ab_hi, cd_hi, 0, 1, 4, 5);
  d = __builtin_shufflevector(ab_hi, cd_hi, 2, 3, 6, 7);
}

// Lane by lane square root: the same IEEE result as std::sqrt of each lane.
inline F4 sqrt(F4 v) {
#if defined(__SSE__)
  return __builtin_ia32_sqrtps(v);
#else
  return F4{__builtin_sqrtf(v[0]), __builtin_sqrtf(v[1]), __builtin_sqrtf(v[2]),
            __builtin_sqrtf(v[3])};
#endif
}

// The lanes whose bit is set in `b` (bit i: lane i), as a compare's mask, and a pick by mask.
inline I4 mask(int b) {
  const I4 lane_bit{1, 2, 4, 8};
  return (I4{b, b, b, b} & lane_bit) == lane_bit;
}
inline F4 select(I4 take_a, F4 a, F4 b) {
  return reinterpret_cast<F4>((reinterpret_cast<I4>(a) & take_a) |
                              (reinterpret_cast<I4>(b) & ~take_a));
}

}  // namespace flatline::simd
