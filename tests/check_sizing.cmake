# The stats file's pools.<name>.sizing, the overlay's Little's-law verdict: a 16-bullet
# pool that drops shots is neither "roomy" nor "fits", and the default pools that recycle
# by policy (decals, casings) say so instead of "too small".
function(run_stats out)
  execute_process(COMMAND ${FLATLINE} --no-window --frames 3600 --autofire ${ARGN} --stats ${out}
                  RESULT_VARIABLE rc OUTPUT_QUIET)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "flatline ${ARGN} exited with ${rc}")
  endif()
endfunction()

run_stats(${WORK}/sizing_16.json --pool-size 16)
file(READ ${WORK}/sizing_16.json json)
string(JSON dropped GET "${json}" pools bullets dropped)
string(JSON verdict GET "${json}" pools bullets sizing)
if(dropped EQUAL 0)
  message(FATAL_ERROR "--pool-size 16 dropped no shot: the check proves nothing")
endif()
if(verdict STREQUAL "roomy" OR verdict STREQUAL "fits")
  message(FATAL_ERROR "16 bullets dropped ${dropped} shots, yet the verdict is '${verdict}'")
endif()

run_stats(${WORK}/sizing_default.json)
file(READ ${WORK}/sizing_default.json json)
foreach(pool decals casings)
  string(JSON recycled GET "${json}" pools ${pool} recycled)
  string(JSON verdict GET "${json}" pools ${pool} sizing)
  string(JSON n GET "${json}" pools ${pool} recommended_capacity)
  string(JSON cap GET "${json}" pools ${pool} capacity)
  if((recycled GREATER 0 OR n GREATER cap) AND NOT verdict STREQUAL "recycles by design")
    message(FATAL_ERROR "${pool}: recycled ${recycled}, N ${n} of ${cap}, verdict '${verdict}'")
  endif()
endforeach()
message(STATUS "16 bullets: dropped ${dropped}; decals and casings recycle by design")
