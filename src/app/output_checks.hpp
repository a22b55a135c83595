// The outputs of a run (--stats, --screenshot, --record, --audio-out), checked at startup,
// before anything is read or written, so a run that would lose data is refused at once
// (exit 2) and not after an hour of play:
//   - no output is another output, by any name ("x.json", "./x.json", a link to it);
//   - no output is an input of the run: the --replay file, the flatline executable, or
//     anything in the folders the run reads (the level's --assets folder, with its .gltf,
//     .bin, textures and sounds; the --shaders folder when there is a window);
//   - each can be written: a whole output's temporary file is really created beside it (and
//     removed), so a folder that refuses files (/sys, /proc) or a name too long fails now.
#pragma once

#include <string>

#include "app/options.hpp"

namespace flatline::app {

// Whether two paths name the same file: the same device and inode when both exist, else
// the same directory entry (each path's folder resolved, then its name).
bool same_file(const std::string& a, const std::string& b);

// "" if the outputs of `options` can be written and touch no input, else one line saying
// why. `shaders_dir` is the folder the windowed run reads its shaders from ("" headless).
std::string check_outputs(const Options& options, const std::string& shaders_dir);

}  // namespace flatline::app
