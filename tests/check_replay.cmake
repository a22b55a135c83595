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

# The lab's fast kernel plays the same game: the same recording, the same hashes.
execute_process(COMMAND ${FLATLINE} --no-window --replay ${rec} --hash-every 600 --kernel fast
                OUTPUT_VARIABLE fast RESULT_VARIABLE rc_fast)
string(REGEX MATCHALL "tick [0-9]+ hash [0-9a-f]+" fast "${fast}")
if(NOT rc_fast EQUAL 0 OR NOT fast STREQUAL recorded)
  message(FATAL_ERROR "--kernel fast (exit ${rc_fast}) diverged from the game's own tick:\n"
                      "${recorded}\nvs\n${fast}")
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
message(STATUS "replay reproduces ${n} state hashes, equal to the golden list, with either "
               "kernel, and ends with its last tick after a stall")

# A recording names the level it was made on (the fingerprint of its colliders): on a copy of
# the level it plays the same; on a level with the glass moved it is refused, one line naming
# the replay, the level file and both fingerprints.
file(REMOVE_RECURSE ${WORK}/replay_same_level ${WORK}/replay_other_level)
file(COPY ${ASSETS}/ DESTINATION ${WORK}/replay_same_level)
file(COPY ${ASSETS}/ DESTINATION ${WORK}/replay_other_level)
file(READ ${ASSETS}/arena.gltf gltf)
string(JSON nodes LENGTH "${gltf}" nodes)
math(EXPR last "${nodes} - 1")
foreach(i RANGE ${last})
  string(JSON name ERROR_VARIABLE no_name GET "${gltf}" nodes ${i} name)
  if(name STREQUAL "UBX_glass")
    string(JSON gltf SET "${gltf}" nodes ${i} translation 2 "-17.0")
  endif()
endforeach()
file(WRITE ${WORK}/replay_other_level/arena.gltf "${gltf}")
execute_process(COMMAND ${FLATLINE} --no-window --replay ${rec} --assets ${WORK}/replay_same_level
                        --stats ${rec}.same.json
                OUTPUT_QUIET RESULT_VARIABLE rc4)
file(READ ${rec}.same.json same_json)
string(JSON same_hash GET "${same_json}" state_hash)
if(NOT rc4 EQUAL 0 OR NOT same_hash STREQUAL recorded_hash)
  message(FATAL_ERROR "the replay on a copy of its level exited ${rc4}, hash ${same_hash}")
endif()
execute_process(COMMAND ${FLATLINE} --no-window --replay ${rec}
                        --assets ${WORK}/replay_other_level
                OUTPUT_QUIET RESULT_VARIABLE rc5 ERROR_VARIABLE err5)
set(line "^flatline: replay '[^']*replay_check.flrp' was recorded on another level \\(fingerprint ")
string(APPEND line "[0-9a-f]+\\), not on '[^']*replay_other_level/arena.gltf' \\(fingerprint ")
string(APPEND line "[0-9a-f]+\\)[^\n]*\n$")
if(NOT rc5 EQUAL 1 OR NOT err5 MATCHES "${line}")
  message(FATAL_ERROR "the replay on another level: expected exit 1 and one line, got ${rc5}: "
                      "${err5}")
endif()

# --warmup against the replay's length, known once it is read: 3000 ticks, so 3000 is refused.
execute_process(COMMAND ${FLATLINE} --no-window --replay ${rec} --warmup 3000
                OUTPUT_QUIET RESULT_VARIABLE rc6 ERROR_VARIABLE err6)
if(NOT rc6 EQUAL 1 OR NOT err6 MATCHES "^flatline: --warmup 3000 must be less than the run's 3000 frames \\(the replay [^\n]*\n$")
  message(FATAL_ERROR "--warmup 3000 on a 3000-tick replay: expected exit 1 and one line, got "
                      "${rc6}: ${err6}")
endif()
message(STATUS "a replay on a copy of its level plays the same; on another level, or with a "
               "warm-up as long as it, it is refused")
