// The procedural sources' animation: what each source's shader reads, computed on the CPU in
// double precision from the time parameter, so that a given time gives one volume on every
// backend (the GLSL sources in shaders/source_*.glsl and the WGSL ones in source_*.wgsl read
// the same numbers).
#pragma once

#include <array>

#include "demo_state.h"

namespace hp {

struct SourceParams {
    // metaballs: 6 × (centre xyz, radius); sphere: (radius, half thickness, wave amplitude,
    // wave phase); noise: (offset xyz, 0).
    std::array<float, 24> values{};
    int vec4_count = 0;  // how many vec4 of `values` the source reads
};

SourceParams source_params(Source source, double time);

}  // namespace hp
