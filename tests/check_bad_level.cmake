# A bad level, end to end: the committed assets copied, one field of arena.gltf broken as a
# person editing it would; the game exits 1 with exactly one stderr line naming arena.gltf and
# the field, before anything runs (it crashed, read out of bounds, hung or took minutes before).
# -DFLATLINE=<the game> -DASSETS=<the committed assets/> -DWORK=<a scratch folder>
file(READ ${ASSETS}/arena.gltf good)
set(floor_scale "\"scale\": [\n    62.0,\n    1.0,\n    62.0\n   ]")

# Runs ARGN (the game, or the game under `cmake -E env`) on the edited level in `dir`.
function(expect_refused name from to what)
  set(dir ${WORK}/bad_level/${name})
  file(REMOVE_RECURSE ${dir})
  file(COPY ${ASSETS}/ DESTINATION ${dir})
  string(REPLACE "${from}" "${to}" bad "${good}")
  if(bad STREQUAL good)
    message(FATAL_ERROR "${name}: the edit did not apply to arena.gltf")
  endif()
  file(WRITE ${dir}/arena.gltf "${bad}")
  string(REPLACE "@DIR@" "${dir}" command "${ARGN}")
  if(NOT command)
    set(command ${FLATLINE} --no-window --frames 5 --assets ${dir})
  endif()
  execute_process(COMMAND ${command} RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_VARIABLE out)
  if(NOT rc EQUAL 1)
    message(FATAL_ERROR "${name}: expected exit 1, got ${rc}: ${err}")
  endif()
  string(FIND "${err}" "${what}" at)
  if(NOT err MATCHES "^flatline: ${dir}/arena.gltf: [^\n]*\n$" OR at EQUAL -1)
    message(FATAL_ERROR "${name}: expected one line 'flatline: ${dir}/arena.gltf: ...${what}...', got: ${err}")
  endif()
endfunction()

expect_refused(scene "\"scene\": 0" "\"scene\": 5" "scene 5 is not one of the 1 scenes")
expect_refused(scale_of_two "${floor_scale}" "\"scale\": [62.0, 62.0]"
               "nodes[28] \"UBX_floor\" scale has 2 numbers, needs 3")
expect_refused(huge_scale "${floor_scale}" "\"scale\": [1e39, 1, 62]"
               "nodes[28] \"UBX_floor\" scale[0] 1e+39 is not a finite float")
expect_refused(kilometre_floor "${floor_scale}" "\"scale\": [1000, 1, 1000]"
               "the level (its colliders and triangles) spans 1000 m along x, over the limit of 256 m")
expect_refused(inside_out_floor "${floor_scale}" "\"scale\": [62, -1, 62]"
               "nodes[28] \"UBX_floor\" scale [62, -1, 62] is zero, negative")
expect_refused(offset_near_2_64 "\"byteOffset\": 5292" "\"byteOffset\": 18446744073709551600"
               "bufferViews[1] byteOffset 18446744073709551600 is over the limit")
expect_refused(count_2_62 "\"count\": 441," "\"count\": 4611686018427387905,"
               "accessors[0] count 4611686018427387905 is over the limit")
expect_refused(node_dag "\"mesh\": 16\n" "\"mesh\": 16, \"children\": [0, 0]\n"
               "nodes[0] \"floor\" is a child of nodes[16] and again of nodes[16]")
# A folder where the buffer belongs: exit 1 naming the folder (in the level's assets).
set(dir ${WORK}/bad_level/buffer_folder)
file(REMOVE_RECURSE ${dir})
file(COPY ${ASSETS}/ DESTINATION ${dir})
string(REPLACE "\"uri\": \"arena.bin\"" "\"uri\": \"textures\"" bad "${good}")
file(WRITE ${dir}/arena.gltf "${bad}")
execute_process(COMMAND ${FLATLINE} --no-window --frames 5 --assets ${dir}
                RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_VARIABLE out)
if(NOT rc EQUAL 1 OR NOT err MATCHES "^flatline: ${dir}/textures: a folder, not a file\n$")
  message(FATAL_ERROR "buffer_folder: expected exit 1 and one line naming the folder, got ${rc}: ${err}")
endif()
# Windowed with no display at all: the level is refused before a window is tried.
expect_refused(windowed "\"scene\": 0" "\"scene\": 5" "scene 5 is not one of the 1 scenes"
               ${CMAKE_COMMAND} -E env --unset=DISPLAY --unset=WAYLAND_DISPLAY ${FLATLINE}
               --frames 5 --assets @DIR@)
message(STATUS "every bad level is one line naming arena.gltf and the field, exit 1")
