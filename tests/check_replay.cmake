# Record 3000 ticks of autofire, replay the recording, and check that the state
# hashes printed every 600 ticks are the same both times, and the same as the
# golden list in tests/data (recorded once; every build type must reproduce it:
# the build pins -ffp-contract=off so Debug and Release compute the same floats).
# Then replay it with a stall frame near the end, which asks for more ticks than are left:
# the replay still ends with its last tick, at the recording's final state.
set(rec ${WORK}/replay_check.flrp)
execute_process(COMMAND ${FLATLINE} --no-window --frames 3000 --autofire --seed 5
                        --hash-every 600 --record ${rec} --stats ${rec}.json
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

execute_process(COMMAND ${FLATLINE} --no-window --replay ${rec} --stall-at 2995
                        --stats ${rec}.stall.json
                OUTPUT_QUIET RESULT_VARIABLE rc3)
if(NOT rc3 EQUAL 0)
  message(FATAL_ERROR "the replay with --stall-at 2995 exited ${rc3}")
endif()
file(READ ${rec}.json recorded_json)
file(READ ${rec}.stall.json stalled_json)
string(JSON recorded_hash GET "${recorded_json}" state_hash)
string(JSON stalled_hash GET "${stalled_json}" state_hash)
string(JSON stalled_ticks GET "${stalled_json}" ticks)
if(NOT stalled_ticks EQUAL 3000 OR NOT stalled_hash STREQUAL recorded_hash)
  message(FATAL_ERROR "--stall-at 2995: ${stalled_ticks} ticks, hash ${stalled_hash}; "
                      "the recording: 3000 ticks, hash ${recorded_hash}")
endif()
message(STATUS "replay reproduces ${n} state hashes, equal to the golden list, and ends "
               "with its last tick after a stall")
