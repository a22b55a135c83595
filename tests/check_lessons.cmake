# Every lesson by flag, headless: --lesson double-release under --strict-pools prints one line
# naming the caller's .cpp:LINE and exits 0; --leak-report lists live objects with a
# file:line; any pool's policy and size by name reach pools.<kind>; --no-interpolation and the
# lesson reach "lessons"; forget, trim and destroy by flag keep 0 allocations after warm-up.
function(run out_var err_var json_path)
  execute_process(COMMAND ${FLATLINE} --no-window ${ARGN} --stats ${json_path}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "flatline ${ARGN} exited with ${rc}: ${err}")
  endif()
  set(${out_var} "${out}" PARENT_SCOPE)
  set(${err_var} "${err}" PARENT_SCOPE)
endfunction()

# 1. The double release, located.
run(out err ${WORK}/lesson_double.json --frames 600 --lesson double-release --strict-pools)
string(REGEX MATCHALL "[^\n]*double release[^\n]*" lines "${err}")
list(LENGTH lines count)
if(NOT count EQUAL 1)
  message(FATAL_ERROR "expected one strict-pools line, got ${count}:\n${err}")
endif()
if(NOT lines MATCHES "\\.cpp:[0-9]+")
  message(FATAL_ERROR "the line names no .cpp:LINE: ${lines}")
endif()
file(READ ${WORK}/lesson_double.json json)
string(JSON fired GET "${json}" lessons lesson_fired)
string(JSON doubles GET "${json}" pools bullets double_releases)
if(NOT fired OR NOT doubles EQUAL 1)
  message(FATAL_ERROR "lesson_fired ${fired}, double_releases ${doubles}")
endif()

# 2. The stale handle, located too; strict pools off: counted, not printed.
run(out err ${WORK}/lesson_stale.json --frames 300 --lesson stale-handle --lesson-at 100
    --strict-pools)
if(NOT err MATCHES "stale release[^\n]*\\.cpp:[0-9]+")
  message(FATAL_ERROR "no located stale release:\n${err}")
endif()
run(out err ${WORK}/lesson_quiet.json --frames 300 --lesson double-release --no-strict-pools)
if(err MATCHES "double release")
  message(FATAL_ERROR "--no-strict-pools printed: ${err}")
endif()

# 3. The leak report: live objects with where they were acquired and their age.
run(out err ${WORK}/leaks.json --frames 300 --autofire --leak-report)
if(NOT out MATCHES "leak report" OR NOT out MATCHES "bullets: [0-9]+ live"
   OR NOT out MATCHES "src/sim/[a-z_]+\\.cpp:[0-9]+  [0-9]+ objects, age [0-9]+\\.\\.[0-9]+ ticks")
  message(FATAL_ERROR "no leak report with file:line and ages:\n${out}")
endif()

# 4. Any pool by name; interpolation off in "lessons".
run(out err ${WORK}/sparks.json --frames 120 --overflow sparks=grow --pool-size sparks=64
    --no-interpolation)
file(READ ${WORK}/sparks.json json)
string(JSON policy GET "${json}" pools sparks policy)
string(JSON capacity GET "${json}" pools sparks capacity)
string(JSON interpolation GET "${json}" lessons interpolation)
if(NOT policy STREQUAL "grow" OR NOT capacity EQUAL 64 OR interpolation)
  message(FATAL_ERROR "sparks ${policy}/${capacity}, interpolation ${interpolation}")
endif()

# 5. forget, trim (no pause headless: 0) and destroy by flag: counted, and no allocation.
run(out err ${WORK}/lifecycle.json --frames 1200 --autofire --forget-lost --restart-at 600)
file(READ ${WORK}/lifecycle.json json)
string(JSON restarts GET "${json}" lifecycle restarts)
string(JSON destroyed GET "${json}" lifecycle destroyed_live)
string(JSON after GET "${json}" heap allocations_after_warmup)
if(NOT restarts EQUAL 1 OR destroyed EQUAL 0 OR NOT after EQUAL 0)
  message(FATAL_ERROR "restarts ${restarts}, destroyed ${destroyed}, allocations ${after}")
endif()
message(STATUS "lessons by flag: located, listed, by name; restart destroyed ${destroyed} live")
