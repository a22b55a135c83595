# Runs the overlay tour in a hidden window under Xvfb:
#   flatline --frames 900 --autofire --hidden --seed 7 --overlay-tour --stats OUT
# and checks that a person's use of every panel allocated nothing on the game's heap: the
# tour took its steps, heap.allocations_after_warmup is 0, and ImGui's arena never fell
# back to the heap.
execute_process(COMMAND ${XVFB_RUN} -a -s "-screen 0 1280x720x24" ${FLATLINE} --frames 900
                        --autofire --hidden --seed 7 --overlay-tour --stats ${OUT}
                RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "flatline --overlay-tour exited with ${rc}")
endif()
file(READ ${OUT} json)
string(JSON steps GET "${json}" overlay tour_steps)
string(JSON after GET "${json}" heap allocations_after_warmup)
string(JSON fallbacks GET "${json}" overlay imgui_arena fallbacks)
string(JSON high_water GET "${json}" overlay imgui_arena high_water)
string(JSON capacity GET "${json}" overlay imgui_arena capacity)
if(steps LESS 10)
  message(FATAL_ERROR "overlay.tour_steps is ${steps}, fewer than 10")
endif()
if(NOT after EQUAL 0)
  message(FATAL_ERROR "the tour allocated: heap.allocations_after_warmup is ${after}, not 0")
endif()
if(NOT fallbacks EQUAL 0 OR NOT high_water GREATER 0 OR high_water GREATER capacity)
  message(FATAL_ERROR "ImGui arena: high water ${high_water} of ${capacity}, fallbacks ${fallbacks}")
endif()
message(STATUS "tour: ${steps} steps, 0 allocations after warm-up, "
               "ImGui arena ${high_water} of ${capacity} bytes")
