# A window resized after warm-up (a person dragging its edge, down to 1 pixel high) is not
# the frame loop's own allocation: the driver's cost of drawing at the new size is counted
# apart, in heap.resize_allocations, as screenshots are. Runs under Xvfb:
#
#   flatline --hidden --fixed-dt --aa fxaa --hash-every 10 ... | resize_window 90 SIZES...
#
# resize_window (tests/app/resize_window.cpp) resizes the window after tick 90 (warm-up is 60
# frames, one tick each), paced by the game's output, then closes it. Mesa's shader cache is
# off: llvmpipe compiles the new size's shader variants as on a first run.
set(sizes "1280x1 1280x720 640x480 1x1 1280x720")
set(json ${WORK}/resize_check.json)
file(REMOVE ${json})
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env MESA_SHADER_CACHE_DISABLE=true
          "ASAN_OPTIONS=detect_leaks=0:abort_on_error=1:verify_asan_link_order=0"
          ${XVFB_RUN} -a -s "-screen 0 1280x720x24"
          bash -c "set -o pipefail; stdbuf -oL \"$0\" --hidden --fixed-dt --aa fxaa --frames 3000 --hash-every 10 --stats \"$1\" | \"$2\" 90 ${sizes}"
          ${FLATLINE} ${json} ${RESIZER}
  RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "flatline | resize_window exited with ${rc}: ${err}")
endif()
file(READ ${json} stats)
string(JSON frames GET "${stats}" frames)
string(JSON resizes GET "${stats}" render window_resizes)
string(JSON after GET "${stats}" heap allocations_after_warmup)
string(JSON apart GET "${stats}" heap resize_allocations)
string(JSON driver GET "${stats}" render gl_renderer)
if(NOT frames LESS 3000 OR resizes LESS 1)
  message(FATAL_ERROR "the window was not resized after warm-up and closed: ${frames} frames, "
                      "${resizes} resizes")
endif()
if(NOT after EQUAL 0)
  message(FATAL_ERROR "${resizes} resizes: heap.allocations_after_warmup is ${after}, not 0 "
                      "(resize_allocations ${apart})")
endif()
if(driver MATCHES "llvmpipe" AND NOT apart GREATER 0)
  message(FATAL_ERROR "llvmpipe drew at ${resizes} new sizes and allocated nothing: "
                      "the check proves nothing")
endif()
message(STATUS "${resizes} resizes after warm-up: ${apart} allocations apart, 0 in the frame loop")
