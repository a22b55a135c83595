# Shared by the harness checks.

# Runs `flatline --no-window --frames FRAMES --autofire --stats OUT`, sets JSON_VAR
# to the stats file, and checks what every autofire run must give: exit 0, all
# FRAMES ticks run, and no heap allocation (operator new or malloc) after warm-up.
function(run_autofire frames out json_var)
  execute_process(COMMAND ${FLATLINE} --no-window --frames ${frames} --autofire --stats ${out}
                  RESULT_VARIABLE rc OUTPUT_QUIET)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "flatline exited with ${rc}")
  endif()
  file(READ ${out} json)
  string(JSON ticks GET "${json}" ticks)
  string(JSON after GET "${json}" heap allocations_after_warmup)
  if(NOT ticks EQUAL frames)
    message(FATAL_ERROR "ran ${ticks} ticks, not ${frames}")
  endif()
  if(NOT after EQUAL 0)
    message(FATAL_ERROR "heap.allocations_after_warmup is ${after}, not 0")
  endif()
  # Headless, no library mallocs either (in a window the GL driver does: README, Heap).
  string(JSON counted GET "${json}" heap malloc_counted)
  string(JSON mallocs GET "${json}" heap malloc_calls_after_warmup)
  if(counted AND NOT mallocs EQUAL 0)
    message(FATAL_ERROR "heap.malloc_calls_after_warmup is ${mallocs}, not 0")
  endif()
  set(${json_var} "${json}" PARENT_SCOPE)
endfunction()

# Every pool of a stats file still holds exactly the
# objects it made at load (allocations == capacity), with no misuse counted.
function(check_every_pool_flat json)
  string(JSON pools_count LENGTH "${json}" pools)
  math(EXPR last "${pools_count} - 1")
  foreach(i RANGE ${last})
    string(JSON name MEMBER "${json}" pools ${i})
    string(JSON cap GET "${json}" pools ${name} capacity)
    string(JSON alloc GET "${json}" pools ${name} allocations)
    string(JSON misuse GET "${json}" pools ${name} misuse)
    if(NOT cap EQUAL alloc OR NOT misuse EQUAL 0)
      message(FATAL_ERROR "pool ${name}: allocations ${alloc} (capacity ${cap}), misuse ${misuse}")
    endif()
  endforeach()
endfunction()
