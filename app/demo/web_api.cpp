#include "web_api.h"

#include <emscripten.h>

#include <cstdio>
#include <string>
#include <vector>

#include "scan_check.h"
#include "demo_app.h"
#include "gl_objects.h"
#include "mesh_export.h"
#include "webgpu_compaction.h"

namespace hp {
namespace {

DemoApp* g_app = nullptr;
std::string g_reply;              // the last string handed to JavaScript
std::vector<float> g_entries;     // the last stream / reference / mesh handed to JavaScript
std::vector<std::uint8_t> g_bytes;  // the last file handed to JavaScript (the mesh export)

std::string json_string(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\', out += c;
        else if (static_cast<unsigned char>(c) < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            out += buf;
        } else out += c;
    }
    return out + "\"";
}

// Puts entries where hp_entries() finds them; returns how many.
int hand_over(const std::vector<StreamEntry>& ref) {
    g_entries.resize(ref.size() * 4);
    for (std::size_t i = 0; i < ref.size(); ++i) {
        g_entries[4 * i + 0] = ref[i].x;
        g_entries[4 * i + 1] = ref[i].y;
        g_entries[4 * i + 2] = ref[i].z;
        g_entries[4 * i + 3] = ref[i].w;
    }
    return int(ref.size());
}

// ,"source":0.1,... : the median of each pass since the last reset, and the sample count.
std::string pass_times() {
    std::string out;
    char buf[64];
    const GpuTimer& t = g_app->timer();
    for (int p = 0; p < kPassCount; ++p) {
        std::snprintf(buf, sizeof buf, ",\"%s\":%.6f", name_of(Pass(p)), t.median_ms(p));
        out += buf;
    }
    std::snprintf(buf, sizeof buf, ",\"samples\":%d", t.samples(int(Pass::Traverse)));
    return out + buf;
}

// What the per-pass times are: GPU timer queries or WebGPU timestamps ("gpu"), CPU-side
// times of issuing the work ("cpu"), or none (WebGPU without timestamp-query).
const char* timing() {
    switch (g_app->timing()) {
        case Timing::Queries:
        case Timing::Timestamps: return "gpu";
        case Timing::Cpu: return "cpu";
        case Timing::None: break;
    }
    return "none";
}

}  // namespace

void web_bind(DemoApp* app) { g_app = app; }

void web_show_message(const std::string& text) {
    EM_ASM({ if (Module.hpShowMessage) Module.hpShowMessage(UTF8ToString($0)); }, text.c_str());
}

void web_fail(const std::string& text) {
    EM_ASM({ if (Module.hpFail) Module.hpFail(UTF8ToString($0)); }, text.c_str());
}

void web_open_file_dialog() {
    EM_ASM({ if (Module.hpOpenFileDialog) Module.hpOpenFileDialog(); });
}

void web_load_sample() {
    EM_ASM({ if (Module.hpLoadSample) Module.hpLoadSample(); });
}

void web_save_mesh() {
    EM_ASM({ if (Module.hpSaveMesh) Module.hpSaveMesh(); });
}

void web_frame_done(std::uint64_t frame) {
    EM_ASM({ if (Module.hpFrameDone) Module.hpFrameDone($0); }, double(frame));
}

}  // namespace hp

using hp::g_app;

extern "C" {

// "" when applied at the next frame, else why nothing changed.
EMSCRIPTEN_KEEPALIVE const char* hp_request(const char* settings) {
    hp::g_reply.clear();
    if (!g_app->request(settings, &hp::g_reply)) g_app->set_message(hp::g_reply);
    return hp::g_reply.c_str();
}

EMSCRIPTEN_KEEPALIVE const char* hp_load_atlas(const std::uint8_t* data, int size, int tile) {
    hp::g_reply.clear();
    if (!g_app->load_atlas(data, std::size_t(size), tile, &hp::g_reply)) {
        hp::g_reply = "cannot load the PNG atlas: " + hp::g_reply;
        g_app->set_message(hp::g_reply);
    }
    return hp::g_reply.c_str();
}

// Every setting as the last frame ran with it (the settings table: effective values, such as
// the atlas in use for atlas=0), then what the frame did.
EMSCRIPTEN_KEEPALIVE const char* hp_stats() {
    using hp::json_string;
    const hp::FrameResult& r = g_app->result();
    const hp::gl::LiveCounts gl = hp::gl::live_counts();
    char num[64];
    auto n = [&](double v) {
        std::snprintf(num, sizeof num, "%.17g", v);
        return std::string(num);
    };
    auto b = [](bool v) { return std::string(v ? "true" : "false"); };
    hp::g_reply = "{" + hp::settings_json(g_app->state(), g_app->settings_context()) +
                  ",\"frame\":" + n(double(g_app->frame())) + ",\"count\":" + n(r.count) +
                  ",\"countRead\":" + b(r.count_read) + ",\"countAge\":" + n(r.count_age) +
                  ",\"keysDrawn\":" + n(r.keys_drawn) + ",\"mesh\":" + b(r.mesh) +
                  ",\"extracted\":" + b(r.extracted) + ",\"vertexCount\":" + n(r.vertices) +
                  ",\"verticesRead\":" + b(r.vertices_read) + ",\"vertexKeysDrawn\":" + n(r.vertex_keys_drawn) +
                  ",\"timing\":" + json_string(hp::timing()) +
                  ",\"backend\":" + json_string(g_app->backend_name()) +
                  ",\"webgpu\":" + json_string(g_app->webgpu_unavailable()) +
                  ",\"serial\":" + n(double(g_app->settings_done())) +
                  ",\"ms\":{\"compute\":" + n(g_app->compute_ms()) + hp::pass_times() + "}" +
                  ",\"gl\":{\"textures\":" + n(gl.textures) + ",\"framebuffers\":" + n(gl.framebuffers) +
                  ",\"programs\":" + n(gl.programs) + ",\"buffers\":" + n(gl.buffers) + "}" +
                  ",\"message\":" + json_string(g_app->message()) + "}";
    return hp::g_reply.c_str();
}

// A problem the page met on its own (a file it could not fetch): shown in the overlay and
// given by hp.stats().message, like the app's own.
EMSCRIPTEN_KEEPALIVE void hp_set_message(const char* text) { g_app->set_message(text); }

// The stream the GPU wrote (at most `limit` entries); returns the entry count, the floats are
// at hp_entries().
EMSCRIPTEN_KEEPALIVE int hp_stream(unsigned limit) {
    hp::g_entries = g_app->stream(limit);
    return int(hp::g_entries.size() / 4);
}

// The CPU reference for the atlas the GPU used this frame.
EMSCRIPTEN_KEEPALIVE int hp_reference(unsigned limit) { return hp::hand_over(g_app->reference(limit)); }

namespace {
// A mesh at hp_entries(): its positions, then its normals (3 floats a vertex each); returns
// the true vertex total, and the vertices handed over at `*given`.
double hand_over_mesh(const hp::MeshCopy& m, unsigned* given) {
    hp::g_entries = m.positions;
    hp::g_entries.insert(hp::g_entries.end(), m.normals.begin(), m.normals.end());
    *given = unsigned(m.positions.size() / 3);
    return double(m.vertices);
}
unsigned g_mesh_given = 0;
}  // namespace

// The surface the GPU extracted this frame (WebGL2 modes), at most `limit` vertices.
EMSCRIPTEN_KEEPALIVE double hp_mesh(unsigned limit) { return hand_over_mesh(g_app->mesh(limit), &g_mesh_given); }
// The CPU reference's mesh for the atlas the GPU used (or one the page read back).
EMSCRIPTEN_KEEPALIVE double hp_reference_mesh(unsigned limit) {
    return hand_over_mesh(g_app->reference_mesh(limit), &g_mesh_given);
}
EMSCRIPTEN_KEEPALIVE double hp_reference_mesh_of(const float* atlas, unsigned limit) {
    return hand_over_mesh(g_app->reference_mesh_of(atlas, limit), &g_mesh_given);
}
EMSCRIPTEN_KEEPALIVE unsigned hp_mesh_given() { return g_mesh_given; }
// Runs the surface stages in the next frames even where no view shows the surface.
EMSCRIPTEN_KEEPALIVE void hp_want_mesh() { g_app->want_mesh(); }

// A binary PLY of `n` vertices (positions and normals, 3 floats each); returns its size, the
// bytes are at hp_bytes().
EMSCRIPTEN_KEEPALIVE int hp_write_ply(const float* positions, const float* normals, unsigned n) {
    hp::g_bytes = hp::write_ply(positions, normals, n);
    return int(hp::g_bytes.size());
}
EMSCRIPTEN_KEEPALIVE const std::uint8_t* hp_bytes() { return hp::g_bytes.data(); }

// The WebGPU modes: the buffers window.hp reads back asynchronously, as JSON ("null" in the
// WebGL2 modes); positions and normals are 0 until a frame has run the mesh stages.
EMSCRIPTEN_KEEPALIVE const char* hp_webgpu_buffers() {
    hp::g_reply = g_app->backend_buffers();
    return hp::g_reply.c_str();
}

// The CPU reference for an atlas the page read back (S×S floats at `atlas`).
EMSCRIPTEN_KEEPALIVE int hp_reference_of(const float* atlas, unsigned limit) {
    const auto ref = g_app->reference_of(atlas, limit);
    return hp::hand_over(ref);
}

// A WebGPU scan on given values, for the scans' own tests (hp.webgpuScan): begin uploads n
// values and runs the scan (kind: 0 blocks, 1 rts, 2 single; fallback: the single pass's
// look-back gives up at once); take copies the n scanned values and the total to `out` once
// they have arrived (1), or says they have not yet (0) or failed (-1).
namespace {
hp::wgpu::ScanCheck* g_scan = nullptr;
}  // namespace

EMSCRIPTEN_KEEPALIVE const char* hp_scan_begin(const std::uint32_t* values, unsigned n, int kind, int fallback) {
    hp::g_reply.clear();
    delete g_scan;
    g_scan = nullptr;
    if (!hp::WebGpuCompaction::available(&hp::g_reply)) return hp::g_reply.c_str();
    if (n == 0 || n > (1u << 26)) return (hp::g_reply = "a scan takes 1 to 2^26 values").c_str();
    if (kind < 0 || kind > 2) return (hp::g_reply = "the scan is blocks, rts or single").c_str();
    g_scan = new hp::wgpu::ScanCheck;
    if (!g_scan->begin(values, n, hp::ScanKind(kind), fallback != 0, &hp::g_reply)) {
        delete g_scan;
        g_scan = nullptr;
    }
    return hp::g_reply.c_str();
}

EMSCRIPTEN_KEEPALIVE int hp_scan_take(std::uint32_t* out) {
    if (!g_scan) return -1;
    const int state = g_scan->take(out);
    if (state == 0) return 0;
    delete g_scan;
    g_scan = nullptr;
    return state;
}

EMSCRIPTEN_KEEPALIVE double hp_requested_serial() { return double(g_app->settings_requested()); }

EMSCRIPTEN_KEEPALIVE const float* hp_entries() { return hp::g_entries.data(); }

EMSCRIPTEN_KEEPALIVE void hp_reset_timings() { g_app->reset_timings(); }

}  // extern "C"
