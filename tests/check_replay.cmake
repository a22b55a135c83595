# Record 3000 ticks of autofire, replay the recording, and check that the state
# hashes printed every 600 ticks are the same both times, and the same as the
# golden list in tests/data (recorded once; every build type must reproduce it:
# the build pins -ffp-contract=off so Debug and Release compute the same floats).
set(rec ${WORK}/replay_check.flrp)
execute_process(COMMAND ${FLATLINE} --no-window --frames 3000 --autofire --seed 5
                        --hash-every 600 --record ${rec}
                OUTPUT_VARIABLE recorded RESULT_VARIABLE rc1)
execute_process(COMMAND ${FLATLINE} --no-window --replay ${rec} --hash-every 600
                OUTPUT_VARIABLE replayed RESULT_VARIABLE rc2)
if(NOT rc1 EQUAL 0 OR NOT rc2 EQUAL 0)
  message(FATAL_ERROR "record exited ${rc1}, replay exited ${rc2}")
endif()
string(REGEX MATCHALL "tick [0-9]+ hash [0-9a-f]+" recorded "${recorded}")
string(REGEX MATCHALL "tick [0-9]+ hash [0-9a-f]+" replayed "${replayed}")
list(LENGTH recorded n)
if(NOT n EQUAL 5)
  message(FATAL_ERROR "expected 5 hash lines, got ${n}: ${recorded}")
endif()
if(NOT recorded STREQUAL replayed)
  message(FATAL_ERROR "replay diverged:\nrecorded ${recorded}\nreplayed ${replayed}")
endif()
file(STRINGS ${GOLDEN} golden REGEX "^tick")
if(NOT recorded STREQUAL golden)
  message(FATAL_ERROR "hashes differ from ${GOLDEN} (a change to the simulation? then "
                      "regenerate it and say why in the commit):\n${recorded}\nvs\n${golden}")
endif()
message(STATUS "replay reproduces ${n} state hashes, equal to the golden list")
