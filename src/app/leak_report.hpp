// --leak-report: at exit, the objects each pool still holds live, grouped by where they were
// acquired (file:line, noted by strict pools' acquire: pool/pool_sites.hpp) with their ages
// in ticks. Objects live at exit are not always leaks (a bullet in flight at the last tick),
// but a site whose count only grows is one.
#pragma once

#include <cstdio>

#include "sim/world.hpp"

namespace flatline::app {

void print_leak_report(const World& world, std::FILE* out);

}  // namespace flatline::app
