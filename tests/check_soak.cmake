# One hour of play at 60 Hz, headless: 216,000 ticks of autofire. After warm-up:
# no heap allocation, resident memory flat, every pool at its load-time size, no misuse.
include(${CMAKE_CURRENT_LIST_DIR}/stats_checks.cmake)
run_autofire(216000 ${OUT} json)
string(JSON rss0 GET "${json}" rss_kb after_warmup)
string(JSON rss1 GET "${json}" rss_kb end)
math(EXPR growth "${rss1} - ${rss0}")
if(growth GREATER 256)
  message(FATAL_ERROR "resident memory grew by ${growth} KiB (${rss0} -> ${rss1})")
endif()
check_every_pool_flat("${json}")
message(STATUS "216000 ticks: 0 allocations after warm-up, RSS ${rss0} -> ${rss1} KiB")
