# Outputs are written whole or not at all, and a failed write is an error: a full device
# fails the run with one line naming the file; an output that is the input, or a picture
# asked of a headless run, is refused at startup (exit 2) and nothing is written; a run that
# fails early leaves no stats file; a good run leaves no temporary file behind.
set(dir ${WORK}/outputs_check)
file(REMOVE_RECURSE ${dir})
file(MAKE_DIRECTORY ${dir})

function(expect_exit code why)
  execute_process(COMMAND ${ARGN} WORKING_DIRECTORY ${dir} RESULT_VARIABLE rc
                  ERROR_VARIABLE err OUTPUT_QUIET)
  if(NOT rc EQUAL code)
    message(FATAL_ERROR "${why}: expected exit ${code}, got ${rc}: ${err}")
  endif()
  set(err "${err}" PARENT_SCOPE)
endfunction()
function(expect_line why pattern)
  if(NOT err MATCHES "(^|\n)flatline: [^\n]*${pattern}")  # windowed may say "no audio device" first
    message(FATAL_ERROR "${why}: expected a 'flatline: ...${pattern}' line, got: ${err}")
  endif()
endfunction()

# A full device: every write, flush and close is checked.
expect_exit(1 "--record /dev/full" ${FLATLINE} --no-window --frames 100 --record /dev/full)
expect_line("--record /dev/full" "/dev/full': No space left on device")
expect_exit(1 "--stats /dev/full" ${FLATLINE} --no-window --frames 100 --stats /dev/full)
expect_line("--stats /dev/full" "/dev/full': No space left on device")
# Windowed under Xvfb; Mesa's driver leaks by itself, so no leak check for this run only.
# The game's own exit status is kept in a file: xvfb-run replaces it with 5 when removing
# its temporary directory fails, which two servers shutting down at once can cause.
file(REMOVE ${dir}/rc)
execute_process(COMMAND ${CMAKE_COMMAND} -E env ASAN_OPTIONS=detect_leaks=0:abort_on_error=1
                        ${XVFB_RUN} -a -s "-screen 0 320x240x24" sh -c
                        "\"$0\" --frames 3 --hidden --screenshot /dev/full; echo $? > rc"
                        ${FLATLINE}
                WORKING_DIRECTORY ${dir} ERROR_VARIABLE err OUTPUT_QUIET)
if(NOT EXISTS ${dir}/rc)
  message(FATAL_ERROR "--screenshot /dev/full: the game did not run under Xvfb: ${err}")
endif()
file(STRINGS ${dir}/rc rc)
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "--screenshot /dev/full: expected exit 1, got ${rc}: ${err}")
endif()
expect_line("--screenshot /dev/full" "/dev/full': No space left on device")

# Headless there is no picture: refused before the run, and no empty file is left.
expect_exit(2 "--no-window --screenshot" ${FLATLINE} --no-window --frames 10 --screenshot x.png)
expect_line("--no-window --screenshot" "needs a window")
if(EXISTS ${dir}/x.png)
  message(FATAL_ERROR "--no-window --screenshot left ${dir}/x.png behind")
endif()

# An output that is the input (or another output) is refused, and the input is untouched.
expect_exit(0 "recording" ${FLATLINE} --no-window --frames 100 --record r.flrp)
file(SHA256 ${dir}/r.flrp before)
expect_exit(2 "--replay X --record X" ${FLATLINE} --no-window --replay r.flrp --record r.flrp)
expect_line("--replay X --record X" "is the --replay input")
expect_exit(2 "--stats X --replay ./X" ${FLATLINE} --no-window --stats r.flrp --replay ./r.flrp)
expect_line("--stats X --replay ./X" "is the --replay input")
expect_exit(2 "--stats X --record X" ${FLATLINE} --no-window --frames 10 --stats o --record o)
expect_line("--stats X --record X" "name the same file")
file(SHA256 ${dir}/r.flrp after)
if(NOT before STREQUAL after)
  message(FATAL_ERROR "a refused run changed its input r.flrp")
endif()

# A run that fails after startup writes no stats file, not even an empty one.
expect_exit(1 "a missing replay" ${FLATLINE} --no-window --replay none.flrp --stats early.json)
if(EXISTS ${dir}/early.json)
  message(FATAL_ERROR "a run that failed early left ${dir}/early.json behind")
endif()

# A good run: its outputs in place, no temporary file beside them.
expect_exit(0 "a good run" ${FLATLINE} --no-window --frames 100 --stats s.json --record s.flrp)
file(GLOB leftovers ${dir}/*.tmp-*)
if(NOT EXISTS ${dir}/s.json OR NOT EXISTS ${dir}/s.flrp OR leftovers)
  message(FATAL_ERROR "a good run: s.json, s.flrp expected, no temporary files: ${leftovers}")
endif()
message(STATUS "outputs are whole or absent, failures exit non-zero naming the file")

# A closed stdout, or a reader that quits early, does not lose the stats file: it is written
# before the summary, and a write to a closed pipe is an error, not a SIGPIPE death.
expect_exit(0 "stdout closed" sh -c "exec '${FLATLINE}' --no-window --frames 100 --stats closed.json >&-")
expect_exit(0 "a reader that quits" sh -c
            "'${FLATLINE}' --no-window --frames 300 --hash-every 1 --stats piped.json | head -c 1 >/dev/null")
foreach(name closed piped)
  file(READ ${dir}/${name}.json json)
  string(JSON ticks GET "${json}" ticks)
  if(ticks LESS 100)
    message(FATAL_ERROR "${name}.json: ${ticks} ticks")
  endif()
endforeach()
