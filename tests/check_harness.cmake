# Runs `flatline --no-window --frames 3600 --autofire --stats OUT` and checks the
# stats file: no heap allocation after warm-up, every pool at its load-time size,
# a bullets peak_active above half the pool (the harness really stresses it), and targets
# broken (the scripted player hunts them), the ring of spheres recycling and debris burst.
include(${CMAKE_CURRENT_LIST_DIR}/stats_checks.cmake)
run_autofire(3600 ${OUT} json)
string(JSON capacity GET "${json}" pools bullets capacity)
string(JSON peak GET "${json}" pools bullets peak_active)
math(EXPR half "${capacity} / 2")
if(NOT peak GREATER half)
  message(FATAL_ERROR "bullets peak_active ${peak} is not above half of ${capacity}")
endif()
string(JSON broken GET "${json}" world targets_broken)
if(broken LESS 10)
  message(FATAL_ERROR "world.targets_broken is ${broken}: the scripted player hunts no targets")
endif()
# The scripted player throws a sphere every half second: within the minute the ring of 100
# is full and takes its oldest back; broken targets burst into debris.
string(JSON sphere_capacity GET "${json}" pools spheres capacity)
string(JSON sphere_recycled GET "${json}" pools spheres recycled)
string(JSON debris_acquired GET "${json}" pools debris acquired)
if(NOT sphere_capacity EQUAL 100 OR NOT sphere_recycled GREATER 0 OR NOT debris_acquired GREATER 0)
  message(FATAL_ERROR "spheres capacity ${sphere_capacity} recycled ${sphere_recycled}, "
                      "debris acquired ${debris_acquired}: want 100, > 0, > 0")
endif()
check_every_pool_flat("${json}")
message(STATUS "3600 ticks: 0 allocations after warm-up, bullets peak ${peak}/${capacity}, ${broken} targets broken")
