# The windowed run honours --hash-every and --stall-at as the headless one does: a recording
# replayed in a window prints the same state hashes as when it was recorded headless, and a
# stall frame makes the clock run 0.25 s of ticks at once (15 at 60 Hz) and drop the rest.
set(dir ${WORK}/windowed_flags_check)
file(REMOVE_RECURSE ${dir})
file(MAKE_DIRECTORY ${dir})
set(gl ${CMAKE_COMMAND} -E env ASAN_OPTIONS=detect_leaks=0:abort_on_error=1
       ${XVFB_RUN} -a -s "-screen 0 320x240x24")

execute_process(COMMAND ${FLATLINE} --no-window --frames 600 --autofire --seed 5
                        --hash-every 300 --record ${dir}/r.flrp
                OUTPUT_VARIABLE headless RESULT_VARIABLE rc1)
execute_process(COMMAND ${gl} ${FLATLINE} --hidden --fixed-dt --replay ${dir}/r.flrp
                        --hash-every 300
                OUTPUT_VARIABLE windowed RESULT_VARIABLE rc2 ERROR_VARIABLE err2)
if(NOT rc1 EQUAL 0 OR NOT rc2 EQUAL 0)
  message(FATAL_ERROR "headless record exited ${rc1}, windowed replay exited ${rc2}: ${err2}")
endif()
string(REGEX MATCHALL "tick [0-9]+ hash [0-9a-f]+" headless "${headless}")
string(REGEX MATCHALL "tick [0-9]+ hash [0-9a-f]+" windowed "${windowed}")
list(LENGTH headless n)
if(NOT n EQUAL 2 OR NOT headless STREQUAL windowed)
  message(FATAL_ERROR "--hash-every: headless ${headless}, windowed ${windowed}")
endif()

execute_process(COMMAND ${gl} ${FLATLINE} --hidden --fixed-dt --frames 130 --stall-at 100
                        --stats ${dir}/stall.json
                OUTPUT_QUIET RESULT_VARIABLE rc3 ERROR_VARIABLE err3)
if(NOT rc3 EQUAL 0)
  message(FATAL_ERROR "windowed --stall-at exited ${rc3}: ${err3}")
endif()
file(READ ${dir}/stall.json json)
string(JSON ticks GET "${json}" ticks)
string(JSON dropped GET "${json}" dropped_seconds)
if(NOT ticks EQUAL 144 OR NOT dropped MATCHES "^4\\.75")
  message(FATAL_ERROR "windowed --stall-at 100 over 130 frames: ${ticks} ticks (144 expected), "
                      "${dropped} s dropped (4.75 expected)")
endif()
message(STATUS "windowed: the same hashes as headless (${windowed}); a stall ran 15 ticks")
