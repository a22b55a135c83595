# Outputs are written whole or not at all, and a failed write is an error: a full device
# fails the run with one line naming the file; an output that is an input (the replay, a file
# of the level, the executable) or another output by any name, a place that takes no file, a
# second run recording to the same file, or a picture asked of a headless run, is refused at
# startup (exit 2) and nothing is written; a run that fails early leaves no stats file and
# an existing recording as it was; a good run leaves no temporary file behind.
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
# Refused at startup: exit 2 and exactly one line on stderr.
function(expect_refused why pattern)
  expect_exit(2 "${why}" ${ARGN})
  if(NOT err MATCHES "^flatline: [^\n]*${pattern}[^\n]*\n$")
    message(FATAL_ERROR "${why}: expected one line 'flatline: ...${pattern}...', got: ${err}")
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
# Two names for one file that does not exist yet are still one file.
expect_refused("--stats ./x --record x" "name the same file"
               ${FLATLINE} --no-window --frames 10 --stats ./x.json --record x.json)
expect_refused("--audio-out ./y --stats y" "name the same file"
               ${FLATLINE} --no-window --frames 10 --audio-out ./y.wav --stats y.wav)
expect_refused("--stats z --screenshot ./z" "name the same file"
               ${FLATLINE} --frames 3 --hidden --stats same.png --screenshot ./same.png)
foreach(name x.json y.wav same.png)
  if(EXISTS ${dir}/${name})
    message(FATAL_ERROR "a refused run left ${dir}/${name} behind")
  endif()
endforeach()

# Any input of the run: a file of the level (or anything in its folder), the executable.
# The executable is a copy, so a broken check cannot destroy the build's own.
file(COPY ${ASSETS}/ DESTINATION ${dir}/acopy)
file(COPY ${FLATLINE} DESTINATION ${dir}/bin)
get_filename_component(exe ${FLATLINE} NAME)
file(SHA256 ${dir}/acopy/arena.gltf gltf_before)
file(SHA256 ${dir}/acopy/arena.bin bin_before)
file(SHA256 ${dir}/bin/${exe} exe_before)
expect_refused("--stats in the level" "is inside the --assets folder 'acopy'"
               ${FLATLINE} --no-window --frames 10 --assets acopy --stats acopy/arena.gltf)
expect_refused("--record in the level" "is inside the --assets folder 'acopy'"
               ${FLATLINE} --no-window --frames 10 --assets acopy --record acopy/arena.bin)
expect_refused("--audio-out over a sound" "is inside the --assets folder 'acopy'"
               ${FLATLINE} --no-window --frames 10 --assets acopy --audio-out acopy/sounds/rifle.wav)
expect_refused("--record over the executable" "is the flatline executable"
               ${dir}/bin/${exe} --no-window --frames 10 --assets acopy --record bin/${exe})
file(SHA256 ${dir}/acopy/arena.gltf gltf_after)
file(SHA256 ${dir}/acopy/arena.bin bin_after)
file(SHA256 ${dir}/bin/${exe} exe_after)
if(NOT gltf_before STREQUAL gltf_after OR NOT bin_before STREQUAL bin_after
   OR NOT exe_before STREQUAL exe_after)
  message(FATAL_ERROR "a refused run changed an input (the level or the executable)")
endif()

# A place that takes no file, or a name too long, fails before the run: the temporary file
# is made at start. A long name that fits is a good name, temporary file and all.
expect_refused("--stats in /proc" "cannot write '/proc/flatline.json'"
               ${FLATLINE} --no-window --frames 10 --stats /proc/flatline.json)
expect_refused("--stats in /sys" "cannot write '/sys/flatline.json'"
               ${FLATLINE} --no-window --frames 10 --stats /sys/flatline.json)
string(REPEAT "n" 300 too_long)
expect_refused("a 300-byte name" "File name too long"
               ${FLATLINE} --no-window --frames 10 --stats ${too_long})
string(REPEAT "n" 250 long)
expect_exit(0 "a 250-byte name" ${FLATLINE} --no-window --frames 10 --stats ${long})
if(NOT EXISTS ${dir}/${long})
  message(FATAL_ERROR "a 250-byte name: the stats file was not written")
endif()

# One writer per recording: a second run recording to the file is refused while the first
# holds it (tests/recording_driver.py waits for the first to write), and the first's
# recording plays.
execute_process(COMMAND ${PYTHON} ${DRIVER} second-writer --flatline ${FLATLINE}
                        --record ${dir}/busy.flrp --header 56 --block 5128 --blocks 1
                RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "two runs recording to one file: ${err}")
endif()
expect_exit(0 "replaying the first writer's recording"
            ${FLATLINE} --no-window --replay busy.flrp --frames 600)

# A run that fails at start leaves an existing recording as it was, and makes none.
file(COPY ${ASSETS}/ DESTINATION ${dir}/badsound)
file(WRITE ${dir}/badsound/sounds/rifle.wav "RIFF not a sound")
set(no_leaks ASAN_OPTIONS=detect_leaks=0)
foreach(kept r.flrp never.flrp)
  expect_exit(1 "no display, --record ${kept}" ${CMAKE_COMMAND} -E env --unset=DISPLAY ${no_leaks}
              ${FLATLINE} --frames 10 --record ${kept})
  expect_exit(1 "a bad sound, --record ${kept}" ${FLATLINE} --no-window --frames 10
              --assets badsound --audio-out bad.wav --record ${kept})
endforeach()
file(WRITE ${dir}/rc "")
execute_process(COMMAND ${CMAKE_COMMAND} -E env ${no_leaks}:abort_on_error=1
                        ${XVFB_RUN} -a -s "-screen 0 320x240x24" sh -c
                        "\"$0\" --frames 3 --hidden --shaders nowhere --record r.flrp; echo $? > rc"
                        ${FLATLINE}
                WORKING_DIRECTORY ${dir} ERROR_VARIABLE err OUTPUT_QUIET)
file(STRINGS ${dir}/rc rc)
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "--shaders nowhere: expected exit 1, got '${rc}': ${err}")
endif()
file(SHA256 ${dir}/r.flrp after)
if(NOT before STREQUAL after OR EXISTS ${dir}/never.flrp OR EXISTS ${dir}/bad.wav)
  message(FATAL_ERROR "a run that failed at start changed r.flrp, or left never.flrp or bad.wav")
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
