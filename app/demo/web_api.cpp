#include "web_api.h"

#include <emscripten.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include "demo_app.h"
#include "json_writer.h"
#include "view_registry.h"
#include "gl_objects.h"
#include "mesh_export.h"

namespace hp {
namespace {

DemoApp* g_app = nullptr;
std::string g_reply;              // the last string handed to JavaScript
std::vector<float> g_entries;     // the last stream / reference / mesh handed to JavaScript
std::vector<std::uint8_t> g_bytes;  // the last file handed to JavaScript (the mesh export)
std::vector<double> g_edges;        // the last edge ids handed to JavaScript

// An array of numbers at %.9g: floats (and the ints and doubles beside them) as they are.
template <typename T, std::size_t N>
void numbers(JsonWriter* w, const std::array<T, N>& v) {
    w->begin_array();
    for (T x : v) w->number(double(x), 9);
    w->end_array();
}

// hp.loadVolume's options, one "key=value" a line, into the reader's; a PNG's tile, and a
// sample's presets.
struct LoadOptions : VolumeOptions {
    int tile = 0;
    bool png = false;  // read as a PNG atlas whatever the bytes (hp.loadAtlas)
    std::string presets;
};
bool volume_options(const std::string& text, LoadOptions* o, std::string* error) {
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        const std::string line = text.substr(start, end - start);
        start = end + 1;
        const std::size_t eq = line.find('=');
        const std::string key = line.substr(0, eq), value = eq == std::string::npos ? "" : line.substr(eq + 1);
        auto numbers_of = [&](int want, double* out) {
            int got = 0;
            const char* p = value.c_str();
            for (char* e = nullptr; got < want; ++got, p = e + (*e == ',' ? 1 : 0)) {
                out[got] = std::strtod(p, &e);
                if (e == p || !std::isfinite(out[got])) break;
            }
            if (got == want) return true;
            *error = key + "=" + value.substr(0, 40) + ": " + std::to_string(want) + " numbers separated by commas expected";
            return false;
        };
        if (key == "tile") {
            char* end = nullptr;
            const long tile = std::strtol(value.c_str(), &end, 10);
            if (end == value.c_str() || *end || tile < 1 || tile > 4096) return *error = "tile is a whole number from 1 to 4096", false;
            o->tile = int(tile);
        } else if (key == "png") {
            o->png = value == "true" || value == "1";
        } else if (key == "presets") {  // "name=iso;name=iso": the "name<TAB>iso" lines Sources reads
            o->presets.clear();
            for (std::size_t at = 0; at <= value.size();) {
                std::size_t end = value.find(';', at);
                if (end == std::string::npos) end = value.size();
                const std::string item = value.substr(at, end - at);
                const std::size_t eq = item.rfind('=');
                if (eq != std::string::npos) o->presets += item.substr(0, eq) + "\t" + item.substr(eq + 1) + "\n";
                at = end + 1;
            }
        } else if (key == "name") {
            o->name = value;
        } else if (key == "type") {
            o->type = value;
        } else if (key == "endian") {
            if (value != "big" && value != "little") return *error = "endian is big or little", false;
            o->big_endian = value == "big";
        } else if (key == "downsample") {
            if (value != "1" && value != "2") return *error = "downsample is 1 or 2", false;
            o->downsample = value == "2" ? 2 : 1;
        } else if (key == "dims") {
            double d[3];
            if (!numbers_of(3, d)) return false;
            for (int i = 0; i < 3; ++i) {
                if (d[i] != std::floor(d[i]) || d[i] < 1 || d[i] > 65535)
                    return *error = "dims are whole numbers from 1 to 65535", false;
                o->dims[std::size_t(i)] = int(d[i]);
            }
        } else if (key == "spacing") {
            double d[3];
            if (!numbers_of(3, d)) return false;
            for (int i = 0; i < 3; ++i) {
                if (!(d[i] > 0)) return *error = "spacing must be positive", false;
                o->spacing[std::size_t(i)] = d[i];
            }
        } else if (!key.empty()) {
            return *error = "unknown option '" + key.substr(0, 40) + "' (known: name, dims, type, spacing, endian, downsample, tile)", false;
        }
    }
    return true;
}

// The panels and the control panel in CSS pixels from the page's top left (null: not shown)
// as hp.stats().layout, and the orbit as hp.stats().camera.
void layout_and_camera(JsonWriter* w, const DemoApp& app) {
    auto rect = [w](const Panel& p) {
        if (p.w <= 0) {
            w->null();
            return;
        }
        w->begin_object();
        w->key("x").number(p.x, 6).key("y").number(p.y, 6);
        w->key("width").number(p.w, 6).key("height").number(p.h, 6);
        w->end_object();
    };
    const Layout& l = app.shown_layout();
    w->key("layout").begin_object();
    const std::vector<ViewEntry>& views = view_entries();
    for (std::size_t i = 0; i < views.size(); ++i)
        if (views[i].kind == ViewKind::Panel) {
            w->key(views[i].name);
            rect(l.panels[i]);
        }
    w->key("overlay");
    rect(app.state().overlay ? l.controls : Panel());
    w->end_object();
    const OrbitCamera& c = app.camera();
    w->key("camera").begin_object();
    w->key("yaw").number(c.yaw, 9).key("pitch").number(c.pitch, 9).key("distance").number(c.distance, 9);
    w->key("target");
    numbers(w, c.target(app.view_box()));
    w->end_object();
}

// A loaded volume as hp.loadVolume resolves it.
std::string volume_json(const Volume* v, const std::vector<IsoPreset>& presets_of_file) {
    if (!v) return "null";
    JsonWriter w;
    w.begin_object();
    w.key("file").string(v->file);
    w.key("dims");
    numbers(&w, v->dims);
    w.key("spacing");
    numbers(&w, v->spacing);
    w.key("type").string(v->type);
    w.key("range");
    numbers(&w, std::array<float, 2>{v->lo, v->hi});
    w.key("presets").begin_array();
    for (const IsoPreset& p : presets_of_file)
        w.begin_object().key("name").string(p.name).key("iso").number(p.iso, 9).end_object();
    w.end_array();
    w.key("replaced").integer(std::int64_t(v->replaced));
    w.key("notes").begin_array();
    for (const std::string& n : v->notes) w.string(n);
    w.end_array();
    w.key("toWorld");
    numbers(&w, v->to_world);
    w.end_object();
    return w.text();
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

// The Explain view's walk this frame: its JSON (explain.h), {"error": why}, or null when none
// is shown.
std::string explain_json(const Explanation& e) {
    if (e.state == Explanation::State::Ready) return explanation_json(e);
    if (e.state != Explanation::State::Refused) return "null";
    JsonWriter w;
    w.begin_object().key("error").string(e.error).end_object();
    return w.text();
}

// The members of hp.stats().ms after "compute": the median of each pass since the last reset
// (ms), then the sample count.
void pass_times(JsonWriter* w) {
    const GpuTimer& t = g_app->timer();
    for (int p = 0; p < kPassCount; ++p) w->key(name_of(Pass(p))).fixed(t.median_ms(p), 6);
    w->key("samples").integer(t.samples(int(Pass::Traverse)));
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

void web_load_sample(const std::string& name) {
    EM_ASM({ if (Module.hpLoadSample) Module.hpLoadSample(UTF8ToString($0)); }, name.c_str());
}

void web_save_mesh(const char* type, bool closed) {
    EM_ASM({ if (Module.hpSaveMesh) Module.hpSaveMesh(UTF8ToString($0), !!$1); }, type, closed);
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

// A volume file or a PNG slice atlas (by its signature): `options` holds "key=value" lines
// (name, dims "X,Y,Z", type, spacing "sx,sy,sz", endian "big"/"little", downsample; a PNG's
// tile; a sample's presets). "" when it is shown from the next frame, at the iso decided here
// (a sample's first preset, else the reader's guess; a PNG at source=png's), else why not (the
// volume shown stays). hp_load_opens_downsampled(): whether the file last refused opens
// downsampled by 2 (the page's offer is driven by it, not by the message's words).
static bool g_opens_downsampled = false;
EMSCRIPTEN_KEEPALIVE const char* hp_load_volume(const std::uint8_t* data, int size, const char* options) {
    hp::g_reply.clear();
    hp::LoadOptions o;
    hp::LoadRefusal refusal;
    const std::size_t n = std::size_t(std::max(size, 0));
    bool ok = hp::volume_options(options, &o, &hp::g_reply);
    const bool png = o.png || (n >= 8 && data[0] == 0x89 && data[1] == 'P' && data[2] == 'N' && data[3] == 'G');
    if (ok && png) ok = g_app->load_atlas(data, n, o.tile, &hp::g_reply);
    else if (ok) ok = g_app->load_volume(data, n, o, o.presets, &hp::g_reply, &refusal);
    g_opens_downsampled = refusal.opens_downsampled;
    if (ok) return hp::g_reply.c_str();
    const std::string what = png ? "the PNG atlas" : o.name.empty() ? std::string("the volume") : o.name;
    hp::g_reply = (png ? "cannot load " : "cannot open ") + what + ": " + hp::g_reply;
    g_app->set_message(hp::g_reply);
    return hp::g_reply.c_str();
}

EMSCRIPTEN_KEEPALIVE int hp_load_opens_downsampled() { return g_opens_downsampled ? 1 : 0; }

// The volume loaded last, as hp.loadVolume resolves it ("null" before one is loaded).
EMSCRIPTEN_KEEPALIVE const char* hp_volume_info() {
    const hp::LoadedVolume* v = g_app->sources().loaded();
    hp::g_reply = v ? hp::volume_json(&v->volume, v->presets) : "null";
    return hp::g_reply.c_str();
}
// That file's values, X·Y·Z floats, x fastest, as the GPU and the CPU reference get them (0
// before one is loaded). The page copies them out at once (hp.volume).
EMSCRIPTEN_KEEPALIVE const float* hp_volume_values() {
    const hp::LoadedVolume* v = g_app->sources().loaded();
    return v ? v->volume.values.data() : nullptr;
}

// The surface as a file (type 0 ply, 1 stl, 2 glb; closed: capped at the volume's faces) from
// the volume this frame ran on (`atlas`: the page's read-back in the WebGPU modes, else 0);
// returns its size (bytes at hp_bytes()), or -1 with the reason at hp_reply().
EMSCRIPTEN_KEEPALIVE int hp_export_mesh(int type, int closed, const float* atlas) {
    hp::g_reply.clear();
    if (type < 0 || type > 2) return hp::g_reply = "the mesh file is ply, stl or glb", -1;
    hp::g_bytes = hp::export_mesh(g_app->frame_data(), hp::MeshFile(type), closed != 0, atlas, &hp::g_reply);
    return hp::g_bytes.empty() ? -1 : int(hp::g_bytes.size());
}
EMSCRIPTEN_KEEPALIVE const char* hp_reply() { return hp::g_reply.c_str(); }

// The surface the GPU indexed itself (WebGPU, vertices=shared) as a file: `nv` vertices (x, y,
// z, w floats at `positions` and at `normals`, as the GPU stores them), `ni` indices.
EMSCRIPTEN_KEEPALIVE int hp_export_indexed(int type, const float* positions, const float* normals, unsigned nv,
                                           const std::uint32_t* indices, unsigned ni) {
    hp::g_reply.clear();
    if (type < 0 || type > 2) return hp::g_reply = "the mesh file is ply, stl or glb", -1;
    hp::IndexedMesh m;
    m.positions.reserve(3 * std::size_t(nv));
    m.normals.reserve(3 * std::size_t(nv));
    for (std::size_t i = 0; i < nv; ++i) {
        m.positions.insert(m.positions.end(), positions + 4 * i, positions + 4 * i + 3);
        m.normals.insert(m.normals.end(), normals + 4 * i, normals + 4 * i + 3);
    }
    m.indices.assign(indices, indices + ni / 3 * 3);
    hp::g_bytes = hp::export_indexed(g_app->frame_data(), m, hp::MeshFile(type), &hp::g_reply);
    return hp::g_bytes.empty() ? -1 : int(hp::g_bytes.size());
}

// Each vertex's global edge id for the mesh extracted from a surface stream of `n` entries
// (x, y, z, case as floats at `stream`), over this frame's grid; returns how many, the ids
// are doubles (exact) at hp_edges().
EMSCRIPTEN_KEEPALIVE int hp_stream_edges(const float* stream, unsigned n) {
    std::vector<hp::StreamEntry> entries(n);
    for (unsigned i = 0; i < n; ++i) entries[i] = {stream[4 * i], stream[4 * i + 1], stream[4 * i + 2], stream[4 * i + 3]};
    const std::vector<std::uint64_t> ids = hp::stream_edges(entries, g_app->layout().dims);
    hp::g_edges.assign(ids.begin(), ids.end());
    return int(hp::g_edges.size());
}
EMSCRIPTEN_KEEPALIVE const double* hp_edges() { return hp::g_edges.data(); }

// Every setting as the last frame ran with it (the settings table: effective values, such as
// the atlas in use for atlas=0), then what the frame did.
EMSCRIPTEN_KEEPALIVE const char* hp_stats() {
    const hp::FrameResult& r = g_app->result();
    const hp::gl::LiveCounts gl = hp::gl::live_counts();
    const hp::LoadedVolume* shown = g_app->state().source == hp::Source::File ? g_app->sources().shown(g_app->state()) : nullptr;
    const hp::Volume* shown_file = shown ? &shown->volume : nullptr;
    hp::JsonWriter w;
    w.begin_object();
    hp::settings_json(&w, g_app->state(), g_app->settings_context());
    w.key("frame").number(double(g_app->frames().frame())).key("count").number(r.count);
    w.key("countRead").boolean(r.count_read).key("countAge").number(r.count_age);
    w.key("keysDrawn").number(r.keys_drawn).key("mesh").boolean(r.mesh).key("extracted").boolean(r.extracted);
    w.key("vertexCount").number(r.vertices).key("sharedVertexCount").number(r.shared_vertices);
    w.key("verticesRead").boolean(r.vertices_read).key("vertexKeysDrawn").number(r.vertex_keys_drawn);
    w.key("timing").string(hp::timing());
    w.key("backend").string(g_app->backend_name());
    w.key("webgpu").string(g_app->webgpu_unavailable());
    w.key("serial").number(double(g_app->frames().done()));
    w.key("ms").begin_object().key("compute").number(g_app->compute_ms());
    hp::pass_times(&w);
    w.end_object();
    w.key("gl").begin_object();
    w.key("textures").number(gl.textures).key("framebuffers").number(gl.framebuffers);
    w.key("programs").number(gl.programs).key("buffers").number(gl.buffers);
    w.end_object();
    w.key("dims");
    hp::numbers(&w, g_app->layout().dims);
    w.key("spacing");
    hp::numbers(&w, shown_file ? shown_file->spacing : std::array<double, 3>{1, 1, 1});
    w.key("range");
    hp::numbers(&w, g_app->range_of(g_app->state()));
    w.key("file");
    if (shown_file) w.string(shown_file->file);
    else w.null();
    hp::layout_and_camera(&w, *g_app);
    w.key("explain").raw(hp::explain_json(g_app->explanation()));
    w.key("message").string(g_app->message());
    w.end_object();
    hp::g_reply = w.text();
    return hp::g_reply.c_str();
}

// hp.explain(key): asks for the walk of `key`; hp_explained() gives "pending" until a frame has
// walked it, then its JSON (explain.h) or {"error": why}.
EMSCRIPTEN_KEEPALIVE void hp_explain_ask(double key) { g_app->ask_explain(std::uint32_t(key)); }
EMSCRIPTEN_KEEPALIVE const char* hp_explained() {
    const hp::Explanation& e = g_app->explained();
    hp::g_reply = e.state == hp::Explanation::State::Pending ? hp::json_string("pending") : hp::explain_json(e);
    return hp::g_reply.c_str();
}

// The saturated benchmark (web/bench.js, through hp.runFrames): the page's own frame loop
// paused, frames issued back to back, then one wait for the GPU.
EMSCRIPTEN_KEEPALIVE void hp_main_loop(int run) {
    if (run) emscripten_resume_main_loop();
    else emscripten_pause_main_loop();
}
EMSCRIPTEN_KEEPALIVE int hp_run_frames(int n, int draw, int mesh, int in_flight) {
    return g_app->run_frames(n, draw != 0, mesh != 0, in_flight);
}
EMSCRIPTEN_KEEPALIVE void hp_finish() { g_app->finish(); }
EMSCRIPTEN_KEEPALIVE void hp_collect() { g_app->collect(); }

// The samples the page offers, one "name<TAB>label" a line (hp.samples()).
EMSCRIPTEN_KEEPALIVE void hp_set_samples(const char* text) { g_app->sources().set_samples(text); }

// A problem the page met on its own (a file it could not fetch): shown in the overlay and
// given by hp.stats().message, like the app's own.
EMSCRIPTEN_KEEPALIVE void hp_set_message(const char* text) { g_app->set_message(text); }

// The stream the GPU wrote (at most `limit` entries); returns the entry count, the floats are
// at hp_entries().
EMSCRIPTEN_KEEPALIVE int hp_stream(unsigned limit) {
    hp::g_entries = hp::gpu_stream(g_app->frame_data(), limit);
    return int(hp::g_entries.size() / 4);
}

// The CPU reference for the atlas the GPU used this frame.
EMSCRIPTEN_KEEPALIVE int hp_reference(unsigned limit) { return hp::hand_over(hp::reference(g_app->frame_data(), nullptr, limit)); }

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
EMSCRIPTEN_KEEPALIVE double hp_mesh(unsigned limit) { return hand_over_mesh(hp::gpu_mesh(g_app->frame_data(), limit), &g_mesh_given); }
// The CPU reference's mesh for the atlas the GPU used (or one the page read back).
EMSCRIPTEN_KEEPALIVE double hp_reference_mesh(unsigned limit) {
    return hand_over_mesh(hp::reference_mesh(g_app->frame_data(), nullptr, limit), &g_mesh_given);
}
EMSCRIPTEN_KEEPALIVE double hp_reference_mesh_of(const float* atlas, unsigned limit) {
    return hand_over_mesh(hp::reference_mesh(g_app->frame_data(), atlas, limit), &g_mesh_given);
}
EMSCRIPTEN_KEEPALIVE unsigned hp_mesh_given() { return g_mesh_given; }
// Runs the surface stages in the next frames even where no view shows the surface.
EMSCRIPTEN_KEEPALIVE void hp_want_mesh() { g_app->want_mesh(); }

EMSCRIPTEN_KEEPALIVE const std::uint8_t* hp_bytes() { return hp::g_bytes.data(); }

// The WebGPU modes: the ids of the buffers window.hp reads back asynchronously, their sizes
// (atlas size, mesh capacity, stream keys), as JSON ("null" in the WebGL2 modes); positions and
// normals are 0 until a frame has run the mesh stages, indices until one has with
// vertices=shared.
EMSCRIPTEN_KEEPALIVE const char* hp_webgpu_buffers() {
    hp::g_reply = g_app->backend_buffers();
    return hp::g_reply.c_str();
}

// The CPU reference for an atlas the page read back (S×S floats at `atlas`).
EMSCRIPTEN_KEEPALIVE int hp_reference_of(const float* atlas, unsigned limit) {
    const auto ref = hp::reference(g_app->frame_data(), atlas, limit);
    return hp::hand_over(ref);
}

EMSCRIPTEN_KEEPALIVE double hp_requested_serial() { return double(g_app->frames().requested_serial()); }

EMSCRIPTEN_KEEPALIVE const float* hp_entries() { return hp::g_entries.data(); }

EMSCRIPTEN_KEEPALIVE void hp_reset_timings() { g_app->reset_timings(); }

}  // extern "C"
