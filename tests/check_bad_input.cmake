# Bad input gets usage and exit 2, before anything runs.
function(expect_exit2 why)
  execute_process(COMMAND ${FLATLINE} ${ARGN} RESULT_VARIABLE rc ERROR_VARIABLE err
                  OUTPUT_VARIABLE out)
  if(NOT rc EQUAL 2)
    message(FATAL_ERROR "${why}: expected exit 2, got ${rc}")
  endif()
  if(NOT err MATCHES "^flatline: ")
    message(FATAL_ERROR "${why}: expected one 'flatline: ...' line on stderr, got: ${err}")
  endif()
endfunction()
expect_exit2("unknown flag" --turbo)
expect_exit2("negative frames" --no-window --frames -1)
expect_exit2("zero pool" --no-window --pool-size 0)
expect_exit2("absurd pool" --no-window --pool-size 100000000000)
expect_exit2("bad policy" --no-window --overflow sometimes)
expect_exit2("bullet speed out of range" --no-window --bullet-speed 5000)
expect_exit2("unknown overlay view" --no-window --overlay huge)
expect_exit2("field of view out of range" --no-window --fov 170)
expect_exit2("sensitivity out of range" --no-window --sensitivity 0)
expect_exit2("unwritable stats path" --no-window --frames 10 --stats /nonexistent-dir/s.json)
expect_exit2("unwritable screenshot path" --frames 10 --hidden --screenshot /nonexistent-dir/s.png)
expect_exit2("unwritable record path" --no-window --frames 10 --record /nonexistent-dir/r.flrp)
# The steady-state heap figures start after the warm-up: a run no longer than it is refused.
expect_exit2("warm-up as long as the run" --no-window --frames 10 --warmup 10)
expect_exit2("warm-up longer than the run" --no-window --frames 10 --warmup 500 --no-pooling)
# ... and headless without --frames, the run is 3600 frames long.
expect_exit2("warm-up longer than a headless run" --no-window --warmup 5000)

# An error naming a path that holds a newline is still one line: control bytes are escaped.
function(expect_one_line code why pattern)
  execute_process(COMMAND ${FLATLINE} ${ARGN} RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_QUIET)
  if(NOT rc EQUAL code OR NOT err MATCHES "^flatline: [^\n]*${pattern}[^\n]*\n$")
    message(FATAL_ERROR "${why}: expected exit ${code} and one line with '${pattern}', got ${rc}: "
                        "${err}")
  endif()
endfunction()
expect_one_line(2 "an output path with a newline" "no\\\\nsuch/s.json"
                --no-window --frames 10 --stats "no\nsuch/s.json")
expect_one_line(1 "an assets path with a newline" "no\\\\nsuch"
                --no-window --frames 10 --assets "no\nsuch")
message(STATUS "every bad input exits 2 with a one-line reason")
