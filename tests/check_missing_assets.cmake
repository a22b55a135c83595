# A missing level folder: exit 1 with one line naming it, before anything runs: headless,
# and windowed with no display at all (so a window was never tried: its error would be X11's).
function(expect_missing_assets why)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_VARIABLE out)
  if(NOT rc EQUAL 1)
    message(FATAL_ERROR "${why}: expected exit 1, got ${rc}: ${err}")
  endif()
  if(NOT err MATCHES "^flatline: [^\n]*/nonexistent/assets[^\n]*\n$")
    message(FATAL_ERROR "${why}: expected one 'flatline: ...' line naming /nonexistent/assets, got: ${err}")
  endif()
endfunction()
expect_missing_assets("headless" ${FLATLINE} --no-window --assets /nonexistent/assets --frames 5)
expect_missing_assets("windowed" ${CMAKE_COMMAND} -E env --unset=DISPLAY --unset=WAYLAND_DISPLAY
                      ${FLATLINE} --assets /nonexistent/assets --frames 5)
message(STATUS "a missing assets folder is one line naming it, before any window")
