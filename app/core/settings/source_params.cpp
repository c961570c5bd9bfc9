#include "source_params.h"

#include <cmath>

namespace hp {

SourceParams source_params(Source source, double t) {
    SourceParams p;
    float* v = p.values.data();
    switch (source) {
        case Source::Metaballs:
            for (int i = 0; i < 6; ++i) {
                const double k = i;
                v[4 * i + 0] = float(0.5 * std::sin(0.61 * t + 1.9 * k));
                v[4 * i + 1] = float(0.5 * std::sin(0.83 * t + 2.7 * k + 1.0));
                v[4 * i + 2] = float(0.5 * std::sin(0.47 * t + 1.3 * k + 2.0));
                v[4 * i + 3] = float(0.16 + 0.03 * k);
            }
            p.vec4_count = 6;
            break;
        case Source::Sphere:
            v[0] = float(0.55 + 0.15 * std::sin(0.9 * t));
            v[1] = 0.12f;
            v[2] = 0.06f;
            v[3] = float(std::fmod(1.3 * t, 6.283185307179586));
            p.vec4_count = 1;
            break;
        case Source::Noise:
            v[0] = float(std::fmod(0.21 * t, 4096.0));
            v[1] = float(std::fmod(0.13 * t, 4096.0));
            v[2] = float(std::fmod(0.35 * t, 4096.0));
            p.vec4_count = 1;
            break;
        case Source::Png:
        case Source::File: break;
    }
    return p;
}

}  // namespace hp
