# A recording survives a kill: record a long run and, once the file holds two complete
# blocks, kill it with SIGKILL (no handler runs, nothing is finished; tests/recording_driver.py
# waits on the file, not on the clock), then replay the file. The replay must play every
# complete block it holds, say on one line that the recording was cut short, and end at the
# number of ticks it recovered: never "0 ticks, exit 0".
# The layout (app/replay_format.hpp): a 56-byte header, then blocks of 256 ticks, each
# 4 (count) + 256 x 20 (ticks) + 4 (crc) = 5,128 bytes.
set(header 56)
set(block 5128)
set(rec ${WORK}/killed_check.flrp)
execute_process(COMMAND ${PYTHON} ${DRIVER} kill --flatline ${FLATLINE} --record ${rec}
                        --header ${header} --block ${block} --blocks 2
                RESULT_VARIABLE rc1 OUTPUT_VARIABLE size ERROR_VARIABLE err1)
if(NOT rc1 EQUAL 0)
  message(FATAL_ERROR "the recording run could not be killed as planned: ${err1}")
endif()
string(STRIP "${size}" size)
execute_process(COMMAND ${FLATLINE} --no-window --replay ${rec} --stats ${rec}.json
                RESULT_VARIABLE rc2 ERROR_VARIABLE err OUTPUT_QUIET)
if(NOT rc2 EQUAL 0)
  message(FATAL_ERROR "replaying the killed recording (${size} bytes) exited ${rc2}: ${err}")
endif()
if(NOT err MATCHES "^flatline: replay '[^']*' has no end mark[^\n]*playing the ([0-9]+) ticks[^\n]*\n$")
  message(FATAL_ERROR "expected one line saying the recording was cut short, got: ${err}")
endif()
set(recovered ${CMAKE_MATCH_1})
file(READ ${rec}.json json)
string(JSON ticks GET "${json}" ticks)
# Every complete block: the file's size less the header and the cut-short block's bytes.
math(EXPR expected "(${size} - ${header}) / ${block} * 256")
if(recovered LESS 512 OR NOT ticks EQUAL recovered OR NOT recovered EQUAL expected)
  message(FATAL_ERROR "killed recording of ${size} bytes: recovered ${recovered} ticks, "
                      "replayed ${ticks}, expected ${expected}")
endif()
message(STATUS "a recording killed after ${recovered} complete ticks (${size} bytes) replays them")
