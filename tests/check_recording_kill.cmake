# A recording survives a kill: record a long run and kill it (CMake's TIMEOUT sends
# SIGKILL: no handler runs, nothing is finished), then replay the file. The replay must
# play every complete block it holds, say on one line that the recording was cut short,
# and end at the number of ticks it recovered: never "0 ticks, exit 0".
set(rec ${WORK}/killed_check.flrp)
file(REMOVE ${rec})
execute_process(COMMAND ${FLATLINE} --no-window --frames 100000000 --autofire --record ${rec}
                TIMEOUT 3 RESULT_VARIABLE rc1 OUTPUT_QUIET ERROR_QUIET)
if(rc1 EQUAL 0)
  message(FATAL_ERROR "the recording run was meant to be killed, but it finished")
endif()
file(SIZE ${rec} size)
execute_process(COMMAND ${FLATLINE} --no-window --replay ${rec} --stats ${rec}.json
                RESULT_VARIABLE rc2 ERROR_VARIABLE err OUTPUT_QUIET)
if(NOT rc2 EQUAL 0)
  message(FATAL_ERROR "replaying the killed recording (${size} bytes) exited ${rc2}: ${err}")
endif()
if(NOT err MATCHES "flatline: replay '[^']*' has no end mark[^\n]*playing the ([0-9]+) ticks")
  message(FATAL_ERROR "expected one line saying the recording was cut short, got: ${err}")
endif()
set(recovered ${CMAKE_MATCH_1})
file(READ ${rec}.json json)
string(JSON ticks GET "${json}" ticks)
# Every complete block: the file's size less the header and the cut-short block's bytes,
# at 5,128 bytes (256 ticks) a block.
math(EXPR expected "(${size} - 48) / 5128 * 256")
if(recovered LESS 256 OR NOT ticks EQUAL recovered OR NOT recovered EQUAL expected)
  message(FATAL_ERROR "killed recording of ${size} bytes: recovered ${recovered} ticks, "
                      "replayed ${ticks}, expected ${expected}")
endif()
message(STATUS "a recording killed after ${recovered} complete ticks (${size} bytes) replays them")
