#include "demo_state.h"
#include "frame.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace hp {

const char* name_of(Pyramid v) {
    switch (v) {
        case Pyramid::Scalar: return "scalar";
        case Pyramid::Vec4: return "vec4";
        case Pyramid::Baseline: return "baseline";
        case Pyramid::WebgpuScan: return "webgpu-scan";
        case Pyramid::WebgpuPyramid: return "webgpu-pyramid";
    }
    return "";
}
const char* name_of(Format v) { return v == Format::Float ? "float" : "uint"; }
const char* name_of(Source v) {
    switch (v) {
        case Source::Metaballs: return "metaballs";
        case Source::Sphere: return "sphere";
        case Source::Noise: return "noise";
        case Source::Png: return "png";
    }
    return "?";
}
const char* name_of(Classify v) { return v == Classify::Surface ? "surface" : "solid"; }
const char* name_of(Readback v) {
    return v == Readback::Sync ? "sync" : v == Readback::Async ? "async" : "expected";
}
const char* name_of(View v) {
    switch (v) {
        case View::Surface: return "surface";
        case View::All: return "all";
        case View::Slices: return "slices";
        case View::Pyramid: return "pyramid";
        case View::Stream: return "stream";
        case View::None: return "none";
    }
    return "?";
}

const char* name_of(SurfaceColour v) {
    return v == SurfaceColour::Normal ? "normal" : v == SurfaceColour::Depth ? "depth" : "order";
}
const char* name_of(MeshRoute v) { return v == MeshRoute::Fragment ? "fragment" : "vertex"; }
const char* name_of(Clock v) { return v == Clock::Wall ? "wall" : "fixed"; }
const char* name_of(Timestamps v) { return v == Timestamps::Passes ? "passes" : "whole"; }
const char* name_of(ScanKind v) { return v == ScanKind::Blocks ? "blocks" : v == ScanKind::Rts ? "rts" : "single"; }

namespace {

// Quotes a user's text for a message, cut short and with control characters dropped.
std::string quoted(const std::string& text) {
    std::string q;
    for (char c : text.substr(0, 40))
        if (static_cast<unsigned char>(c) >= 0x20 && c != 0x7f) q += c;
    return "'" + q + (text.size() > 40 ? "...'" : "'");
}

template <typename E, int N>
bool parse_enum(const std::string& key, const std::string& value, const E (&options)[N], E* out,
                std::string* error) {
    std::string names;
    for (E o : options) {
        if (value == name_of(o)) {
            *out = o;
            return true;
        }
        names += (names.empty() ? "" : ", ") + std::string(name_of(o));
    }
    *error = key + "=" + quoted(value) + " is not one of: " + names;
    return false;
}

bool parse_number(const std::string& key, const std::string& value, double lo, double hi,
                  double* out, std::string* error) {
    char* end = nullptr;
    errno = 0;
    const double v = std::strtod(value.c_str(), &end);
    if (value.empty() || end != value.c_str() + value.size() || errno != 0 || !std::isfinite(v)) {
        *error = key + "=" + quoted(value) + " is not a number";
        return false;
    }
    if (v < lo || v > hi) {
        *error = key + "=" + quoted(value) + " is out of range [" + std::to_string(lo).substr(0, 8) +
                 ", " + std::to_string(hi).substr(0, 12) + "]";
        return false;
    }
    *out = v;
    return true;
}

// A further condition on a parsed value: `ok`, or a message that it is not `what`.
bool parse_choice(const std::string& key, const std::string& value, bool ok, const char* what,
                  std::string* error) {
    if (!ok) *error = key + "=" + quoted(value) + " is not " + what;
    return ok;
}

bool parse_bool(const std::string& key, const std::string& value, bool* out, std::string* error) {
    if (value == "1" || value == "true") return *out = true, true;
    if (value == "0" || value == "false") return *out = false, true;
    *error = key + "=" + quoted(value) + " is not 0, 1, true or false";
    return false;
}

}  // namespace

bool apply_setting(DemoState* s, const std::string& key, const std::string& value,
                   std::string* error) {
    for (char c : key + value)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {  // a line break would start another setting
            *error = quoted(key) + ": a setting with a control character is not accepted";
            return false;
        }
    DemoState n = *s;
    bool ok = false;
    double d = 0;
    if (key == "pyramid") {
        ok = parse_enum(key, value, {Pyramid::Scalar, Pyramid::Vec4, Pyramid::Baseline, Pyramid::WebgpuScan, Pyramid::WebgpuPyramid},
                        &n.pyramid, error);
    } else if (key == "format") {
        ok = parse_enum(key, value, {Format::Float, Format::Uint}, &n.format, error);
    } else if (key == "source") {
        ok = parse_enum(key, value, {Source::Metaballs, Source::Sphere, Source::Noise, Source::Png},
                        &n.source, error);
    } else if (key == "classify") {
        ok = parse_enum(key, value, {Classify::Surface, Classify::Solid}, &n.classify, error);
    } else if (key == "readback") {
        ok = parse_enum(key, value, {Readback::Sync, Readback::Async, Readback::Expected}, &n.readback, error);
    } else if (key == "view") {
        ok = parse_enum(key, value, {View::Surface, View::All, View::Slices, View::Pyramid, View::Stream, View::None},
                        &n.view, error);
    } else if (key == "route") {
        ok = parse_enum(key, value, {MeshRoute::Fragment, MeshRoute::Vertex}, &n.route, error);
    } else if (key == "color") {
        ok = parse_enum(key, value, {SurfaceColour::Normal, SurfaceColour::Depth, SurfaceColour::Order}, &n.colour,
                        error);
    } else if (key == "clock") {
        ok = parse_enum(key, value, {Clock::Wall, Clock::Fixed}, &n.clock, error);
    } else if (key == "timestamps") {
        ok = parse_enum(key, value, {Timestamps::Passes, Timestamps::Whole}, &n.timestamps, error);
    } else if (key == "scan") {
        ok = parse_enum(key, value, {ScanKind::Blocks, ScanKind::Rts, ScanKind::Single}, &n.scan, error);
    } else if (key == "fallback") {
        ok = parse_bool(key, value, &n.fallback, error);
    } else if (key == "iso") {
        ok = parse_number(key, value, 0.0, 1.0, &d, error);
        n.iso = float(d);
    } else if (key == "time") {
        ok = parse_number(key, value, 0.0, 1e6, &d, error);
        n.time = d;
    } else if (key == "expected") {
        ok = parse_number(key, value, 0.0, 4096.0 * 4096.0, &d, error) &&
             parse_choice(key, value, d == std::floor(d), "a whole number", error);
        n.expected = unsigned(d);
    } else if (key == "volume") {
        ok = parse_number(key, value, 0, 1e9, &d, error) &&
             parse_choice(key, value, d == 64 || d == 128 || d == 256, "one of: 64, 128, 256", error);
        n.volume = int(d);
        n.atlas = 0;
    } else if (key == "atlas") {
        // 1024² holds a 64³ volume in its top quarter: the benchmark's fourth size.
        ok = parse_number(key, value, 0, 1e9, &d, error) &&
             parse_choice(key, value, d == 512 || d == 1024 || d == 2048 || d == 4096,
                          "one of: 512, 1024, 2048, 4096", error);
        n.volume = d <= 1024 ? 64 : d == 2048 ? 128 : 256;
        n.atlas = int(d);
    } else if (key == "paused") {
        ok = parse_bool(key, value, &n.paused, error);
    } else if (key == "overlay") {
        ok = parse_bool(key, value, &n.overlay, error);
    } else {
        *error = "unknown setting " + quoted(key) +
                 " (known: pyramid, format, source, classify, iso, time, paused, volume, "
                 "atlas, readback, expected, overlay, view, color, route, clock, timestamps, scan, fallback)";
    }
    if (ok) *s = n;
    return ok;
}

AtlasLayout procedural_layout(const DemoState& s) {
    return s.atlas > 0 ? AtlasLayout{s.atlas, s.volume} : layout_for_volume(s.volume);
}

}  // namespace hp
