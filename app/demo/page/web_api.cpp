#include "web_api.h"

#include <emscripten.h>
#include <malloc.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include "demo_app.h"
#include "json_reader.h"
#include "settings_json.h"
#include "json_writer.h"
#include "view_crop.h"
#include "view_registry.h"
#include "gl_objects.h"
#include "mesh_export.h"

namespace hp {
namespace {

DemoApp* g_app = nullptr;
std::string g_reply;              // the last string handed to JavaScript

// The panels and the control panel in CSS pixels from the page's top left (null: not shown)
// as hp.stats().layout, and the orbit as hp.stats().camera.
void layout_and_camera(JsonWriter* w, DemoApp& app) {
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
    std::array<std::array<float, 2>, 6> handles;
    w->key("cropHandles");
    if (crop_handles(app.view_input(l.scale, 0), l, &handles)) {
        w->begin_array();
        for (const auto& h : handles) {
            w->begin_array();
            for (float c : h) std::isfinite(c) ? w->number(c, 6) : w->null();
            w->end_array();
        }
        w->end_array();
    } else {
        w->null();
    }
    w->end_object();
    const OrbitCamera& c = app.camera();
    w->key("camera").begin_object();
    w->key("yaw").number(c.yaw, 9).key("pitch").number(c.pitch, 9).key("distance").number(c.distance, 9);
    w->key("target");
    numbers(w, c.target(app.view_box()));
    w->end_object();
}

// The Explain view's walk this frame: its JSON (explain.h), {"error": why}, or null when none
// is shown. While the surface is made in bricks, "brick": {"at": [x, y, z], "active", "count"}:
// the brick of the key's voxel (in the volume's voxels, a preview's scaled), whether the first
// level took it, and its active cells (its own pyramid's top: brick_pyramid.h).
std::string explain_json(const Explanation& e, const BrickRuns& runs) {
    const BrickMarks* bricks = runs.marks();
    if (e.state == Explanation::State::Ready && bricks && bricks->active) {
        std::string text = explanation_json(e);
        const std::array<int, 3> at = bricks->brick_of(e.voxel.x, e.voxel.y, e.voxel.z);
        const std::size_t n = std::size_t(at[0]) + std::size_t(bricks->grid[0]) * (std::size_t(at[1]) + std::size_t(bricks->grid[1]) * std::size_t(at[2]));
        JsonWriter w;
        w.begin_object().key("at");
        numbers(&w, at);
        w.key("active").boolean(n < bricks->active->size() && (*bricks->active)[n]);
        const BrickPyramid* p = runs.pyramid_of(at);
        w.key("count").number(p ? double(p->count()) : 0).end_object();
        text.insert(text.size() - 1, ",\"brick\":" + w.text());
        return text;
    }
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

// hp.stats().bricks: the first level of a bricked compaction of the file or PNG shown
// (brick_grid.h: its bricks straddling the iso, a shell's where one is made; classify=labels: the
// labels' bricks reading more than one label, once the surface was asked in bricks), and the
// surface made in bricks where it is (brick_runs.h), else null.
void bricks_json(JsonWriter* w, const DemoApp& app) {
    w->key("bricks");
    const LoadedVolume* loaded = app.sources().values_shown(app.state());  // a shell where one is made
    const bool labels = app.state().classify == Classify::Labels;
    const BrickGrid* grid = loaded && labels ? app.bricks().labels_grid(loaded->generation, app.state().brick) : loaded ? &loaded->bricks : nullptr;
    if (!grid || grid->lo.empty() || app.state().classify == Classify::Solid) return void(w->null());
    const BrickCount c = active_bricks(*grid, labels ? kLabelIso : app.state().iso);
    w->begin_object().key("size").integer(grid->size).key("grid");
    numbers(w, grid->grid);
    w->key("count").number(double(grid->bricks())).key("active").number(double(c.active));
    w->key("voxelsHeld").number(double(c.voxels_held));
    std::uint32_t on_gpu = 0;  // the same count, found by the GPU's brick level (WebGL2 modes)
    w->key("activeOnGpu");
    if (app.bricks_on_gpu(&on_gpu)) w->number(double(on_gpu));
    else w->null();
    w->key("surface");
    if (const BrickedSurface::Figures* f = app.bricks().figures()) {
        w->begin_object().key("brick").integer(app.state().brick).key("active").number(f->active);
        w->key("rounds").number(f->rounds).key("slots").number(f->slots).key("round").number(f->round);
        w->key("uploaded").number(f->uploaded).key("uploads").number(double(f->uploads));
        w->key("vertices").number(double(f->vertices)).key("truncated").boolean(f->truncated);
        // WebGPU: the CPU's part of the last run (the plan; the uploads and the rounds issued),
        // its wait, from the submit to the total's arrival (a frame's granularity), and the GPU's
        // time over its rounds (timestamp-query; else null).
        w->key("ms").begin_object().key("plan").number(f->ms_plan).key("issue").number(f->ms_upload);
        w->key("wait").number(f->ms_mesh).key("gpu");
        (f->ms_gpu >= 0 ? w->number(f->ms_gpu) : w->null()).end_object().end_object();
    } else {
        w->null();
    }
    w->key("why").string(app.bricks().why_not());
    w->end_object();
}

}  // namespace

void web_bind(DemoApp* app) { g_app = app; }
DemoApp* web_app() { return g_app; }
std::string& web_reply() { return g_reply; }

void web_event(const char* name, const std::string& json) {
    EM_ASM({ if (Module.hpEvent) Module.hpEvent(UTF8ToString($0), UTF8ToString($1)); }, name, json.c_str());
}

}  // namespace hp

using hp::g_app;

extern "C" {

// hp.set's settings, one JSON object ({"pyramid": "vec4", "iso": 0.4}): "" when applied at the
// next frame, else why nothing changed.
EMSCRIPTEN_KEEPALIVE const char* hp_request(const char* json) {
    hp::g_reply.clear();
    std::string lines;
    if (!hp::settings_lines_from_json(json, &lines, &hp::g_reply) || !g_app->request(lines, &hp::g_reply))
        g_app->set_message(hp::g_reply);
    return hp::g_reply.c_str();
}

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
    w.key("repeated").number(double(g_app->repeated()));
    w.key("keysDrawn").number(r.keys_drawn).key("mesh").boolean(r.mesh).key("extracted").boolean(r.extracted);
    w.key("meshCapacity").number(g_app->mesh_capacity());
    // Work that runs over many slices (the processed mesh): {task, done, total}, null when idle.
    // The page's own (a DICOM folder read) first.
    const hp::MeshProgress p = g_app->mesh_work().progress();
    const hp::DemoApp::PageTask& page = g_app->page_task();
    w.key("progress");
    if (!page.task.empty())
        w.begin_object().key("task").string(page.task).key("done").integer(page.done).key("total").integer(page.total).end_object();
    else if (p.task)
        w.begin_object().key("task").string(p.task).key("done").integer(p.done).key("total").integer(p.total).end_object();
    else w.null();
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
    w.key("programs").number(gl.programs).key("buffers").number(gl.buffers).key("programsKept").number(gl.programs_kept);
    w.end_object();
    const hp::gl::ProgramBuilds builds = hp::gl::program_builds();
    w.key("glPrograms").begin_object().key("asked").number(builds.asked).key("built").number(builds.built).end_object();
    // The volume's own size; past one atlas, the atlas holds every previewFactor-th voxel.
    w.key("dims");
    hp::numbers(&w, shown_file ? shown_file->dims : g_app->layout().dims);
    w.key("previewFactor").integer(shown ? shown->preview_factor : 1);
    w.key("spacing");
    hp::numbers(&w, shown_file ? shown_file->spacing : std::array<double, 3>{1, 1, 1});
    w.key("range");
    hp::numbers(&w, g_app->range_of(g_app->state()));
    w.key("file");
    if (shown_file) w.string(shown_file->file);
    else w.null();
    hp::layout_and_camera(&w, *g_app);
    // The hollow shell in effect (shell_cache.h): voxel figures; the mesh report has the exact ones.
    w.key("shellMade").raw(hp::shell_json(g_app->state().shell > 0 ? g_app->sources().shell().info() : nullptr));
    hp::bricks_json(&w, *g_app);
    w.key("explain").raw(hp::explain_json(g_app->explanation(), g_app->bricks()));
    w.key("message").string(g_app->message());
    // The heap's bytes in use (the allocator's count, dlmalloc's mallinfo): what a load holds.
    w.key("heapUsed").number(double(mallinfo().uordblks));
    w.end_object();
    hp::g_reply = w.text();
    return hp::g_reply.c_str();
}

// hp.explain(key): asks for the walk of `key`; hp_explained() gives "pending" until a frame has
// walked it, then its JSON (explain.h) or {"error": why}.
EMSCRIPTEN_KEEPALIVE void hp_explain_ask(double key) { g_app->ask_explain(std::uint32_t(key)); }
EMSCRIPTEN_KEEPALIVE const char* hp_explained() {
    const hp::Explanation& e = g_app->explained();
    hp::g_reply = e.state == hp::Explanation::State::Pending ? hp::json_string("pending")
                                                             : hp::explain_json(e, g_app->bricks());
    return hp::g_reply.c_str();
}

// The saturated benchmark (web/bench/bench.js, through hp.runFrames): the page's own frame loop
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

// The samples the page offers, a JSON array of {"name", "label"} (hp.samples()).
EMSCRIPTEN_KEEPALIVE void hp_set_samples(const char* json) {
    hp::JsonValue list;
    std::string unused;
    std::vector<std::pair<std::string, std::string>> samples;
    if (hp::read_json(json, &list, &unused))
        for (const hp::JsonValue& s : list.items) {
            const hp::JsonValue* name = hp::json_member(s, "name");
            const hp::JsonValue* label = hp::json_member(s, "label");
            if (name && name->kind == hp::JsonValue::Kind::String)
                samples.emplace_back(name->text, label && label->kind == hp::JsonValue::Kind::String ? label->text : name->text);
        }
    g_app->sources().set_samples(std::move(samples));
}

// A problem the page met on its own (a file it could not fetch, a DICOM folder refused): shown
// in the overlay and given by hp.stats().message, like the app's own; a load's, so the next
// load that succeeds clears it.
EMSCRIPTEN_KEEPALIVE void hp_set_message(const char* text) { g_app->set_message(text, true); }

EMSCRIPTEN_KEEPALIVE double hp_requested_serial() { return double(g_app->frames().requested_serial()); }

EMSCRIPTEN_KEEPALIVE void hp_reset_timings() { g_app->reset_timings(); }

// The page asks for frames (a paused page is quiet once nothing asks: DemoApp::quiet): until
// `frame` frames have completed (0: two more); `run` 1: frames that run every pass even where
// they would repeat the last result (DemoApp::compute).
EMSCRIPTEN_KEEPALIVE void hp_wake(double frame, int run) {
    g_app->wake(frame > 0 ? std::uint64_t(frame) : 0, run != 0);
}

}  // extern "C"
