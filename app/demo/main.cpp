// The demo's entry point in the browser: SDL2 window and WebGL2 context, Dear ImGui, the
// frame loop, WebGL context loss. The plain Dear ImGui example shape: init, loop (events →
// compute → views → overlay → present), nothing to clean up in a page.
//   argv[1]: the URL's settings, one "name=value" a line (web/main.js passes them)
#include <SDL.h>
#include <emscripten.h>
#include <emscripten/html5.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <imgui_impl_sdl.h>

#include <cmath>
#include <string>
#include <utility>

#include "demo_app.h"
#include "json_writer.h"
#include "load_options.h"
#include "overlay.h"
#include "view_crop.h"
#include "web_api.h"

namespace {

struct Main {
    SDL_Window* window = nullptr;
    hp::DemoApp app;
    double last_ms = 0;
    hp::FrameHistory history;
    bool context_lost = false;
    hp::Layout layout;      // the last frame's panels (for the pointer)
    bool dragging = false;  // a drag began on the 3D view
    bool cropping = false;  // ... on a handle of its crop box
    int settle = 0;         // quiet frames still drawn (DemoApp::quiet)
    int css_w = 0, css_h = 0;  // the canvas's size last frame
} g;

bool enable_float_targets() {
    return emscripten_webgl_enable_extension(emscripten_webgl_get_current_context(),
                                             "EXT_color_buffer_float");
}

// Mouse and touch on the 3D view: a drag on a crop box's handle moves its face, any other drag
// orbits, right or middle drag (or shift) pans, the wheel and a pinch zoom. Only where the
// pointer is over the view and not over the overlay's windows.
void camera_input(const SDL_Event& e) {
    if (e.type == SDL_MOUSEBUTTONUP && g.cropping) hp::crop_release(), g.cropping = false;
    if (e.type == SDL_MOUSEMOTION && g.cropping)
        hp::crop_drag(g.app.view_input(g.layout.scale, 0), float(e.motion.x), float(e.motion.y), &g.app.pending());
    if (e.type == SDL_MOUSEBUTTONDOWN && e.button.button == SDL_BUTTON_LEFT && g.app.state().overlay &&
        !ImGui::GetIO().WantCaptureMouse)
        g.cropping = hp::crop_grab(g.app.view_input(g.layout.scale, 0), g.layout, float(e.button.x), float(e.button.y));
    if (g.cropping) return;
    if (g.layout.pointer < 0) return;
    const hp::Panel& p = g.layout.panels[std::size_t(g.layout.pointer)];
    int mx = 0, my = 0;
    const Uint32 buttons = SDL_GetMouseState(&mx, &my);
    const bool over = mx >= p.x && mx < p.x + p.w && my >= p.y && my < p.y + p.h;
    hp::OrbitCamera& c = g.app.camera();
    if (e.type == SDL_MOUSEBUTTONDOWN && over && !ImGui::GetIO().WantCaptureMouse) g.dragging = true;
    if (e.type == SDL_MOUSEBUTTONUP) g.dragging = false;
    if (e.type == SDL_MOUSEMOTION && g.dragging) {
        const float dx = float(e.motion.xrel) / p.h, dy = float(e.motion.yrel) / p.h;
        const bool pan = (buttons & (SDL_BUTTON_RMASK | SDL_BUTTON_MMASK)) || (SDL_GetModState() & KMOD_SHIFT);
        if (pan) c.pan(dx, dy);
        else c.orbit(dx, dy);
    }
    if (e.type == SDL_MOUSEWHEEL && over && !ImGui::GetIO().WantCaptureMouse)
        c.zoom(e.wheel.y > 0 ? 1.0f / 1.1f : e.wheel.y < 0 ? 1.1f : 1.0f);
    if (e.type == SDL_MULTIGESTURE && std::abs(e.mgesture.dDist) > 0.0f) c.zoom(1.0f - 2.0f * e.mgesture.dDist);
}

// The chosen view's own input, where its entry takes it: a click (CSS pixels) and the arrows.
void view_input(const SDL_Event& e) {
    const hp::ViewHooks* hooks = hp::view_hooks(g.app.state().view);
    if (!hooks || ImGui::GetIO().WantCaptureMouse) return;
    const hp::ViewHooks& view = *hooks;
    if (!view.click && !view.key) return;
    const hp::ViewInput in = g.app.view_input(g.layout.scale, 0);
    if (view.click && e.type == SDL_MOUSEBUTTONDOWN && e.button.button == SDL_BUTTON_LEFT)
        view.click(in, g.layout, float(e.button.x), float(e.button.y), &g.app.pending());
    if (!view.key || e.type != SDL_KEYDOWN || ImGui::GetIO().WantTextInput) return;
    static const std::pair<SDL_Keycode, hp::ViewKey> kArrows[] = {
        {SDLK_LEFT, hp::ViewKey::Left}, {SDLK_RIGHT, hp::ViewKey::Right}, {SDLK_UP, hp::ViewKey::Up}, {SDLK_DOWN, hp::ViewKey::Down}};
    for (const auto& [sdl, key] : kArrows)
        if (e.key.keysym.sym == sdl) view.key(in, key, &g.app.pending());
}

void frame() {
    SDL_Event e;
    bool input = false;
    while (SDL_PollEvent(&e)) {
        input = true;
        ImGui_ImplSDL2_ProcessEvent(&e);
        if (e.type == SDL_KEYDOWN && e.key.keysym.sym == SDLK_h && !ImGui::GetIO().WantTextInput)
            g.app.pending().overlay = !g.app.pending().overlay;
        camera_input(e);
        view_input(e);
    }
    if (g.context_lost) return;

    const double now = emscripten_get_now();
    const double dt = g.last_ms > 0 ? now - g.last_ms : 1000.0 / 60.0;
    g.last_ms = now;
    int css_w = 0, css_h = 0, fb_w = 0, fb_h = 0;
    SDL_GetWindowSize(g.window, &css_w, &css_h);
    if (input || css_w != g.css_w || css_h != g.css_h) g.app.wake(g.app.frames().frame() + 4);  // ImGui answers over frames
    g.css_w = css_w, g.css_h = css_h;
    // Quiet frames still drawn after a change: two where the controls show (ImGui sizes its
    // windows over frames), one where they are hidden.
    const int settle = g.app.state().overlay ? 2 : 1;
    if (!g.app.quiet()) {
        g.settle = settle;
        g.history.add(float(dt));
        // Animation advances with the wall clock but never jumps more than 1/10 s a frame.
        g.app.compute(g.app.pending().clock == hp::Clock::Fixed ? 1.0 / 60.0 : std::min(dt, 100.0) / 1000.0, true);
    } else {
        // Paused with nothing asked: no pass runs; what completes is drawn once or twice more, then the
        // canvas keeps its picture and the GPU rests.
        if (g.app.collect()) g.settle = settle;
        if (g.settle-- <= 0) return;
        g.app.begin_redraw();
    }

    SDL_GL_GetDrawableSize(g.window, &fb_w, &fb_h);
    g.layout = hp::compute_layout(g.app.state(), float(css_w), float(css_h), css_w > 0 ? float(fb_w) / css_w : 1.0f);
    const hp::Layout& layout = g.layout;
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, fb_w, fb_h);
    glClearColor(0.105f, 0.11f, 0.13f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    g.app.draw_views(layout, fb_h);

    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplSDL2_NewFrame();
    ImGui::GetIO().DeltaTime = 1.0f / 60.0f;  // fixed: what is drawn never depends on the clock
    ImGui::NewFrame();
    const hp::OverlayActions actions = hp::draw_overlay(g.app, layout, g.history);
    g.layout.controls = actions.controls;
    g.app.set_shown_layout(g.layout);
    ImGui::Render();
    glViewport(0, 0, fb_w, fb_h);
    // Nothing to draw (the overlay hidden): not called, since it backs the GL state up with
    // two dozen glGetIntegerv, and in Chromium some of those wait for the GPU process to catch
    // up with every command sent before them (WebGL and WebGPU alike): a stall a frame.
    if (ImGui::GetDrawData()->TotalVtxCount > 0) ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());

    if (actions.open_file) hp::web_event("openFile");
    if (!actions.load_sample.empty()) hp::web_event("loadSample", hp::json_string(actions.load_sample));
    if (actions.open_folder) hp::web_event("openFolder");
    if (!actions.open_series.empty()) hp::web_event("openSeries", hp::json_string(actions.open_series));
    if (actions.show_labels) g.app.sources().show_labels(actions.labels_shown);
    if (actions.save_mesh) hp::web_event("saveMesh", hp::json_string(hp::kMeshFileNames[std::size_t(actions.mesh_file)]));
    hp::web_event("frame", std::to_string(g.app.frames().frame()));
}

EM_BOOL on_context_lost(int, const void*, void*) {
    g.context_lost = true;
    g.app.abandon_gpu();
    g.app.set_message("The WebGL context was lost; waiting for the browser to restore it.");
    hp::web_event("message", hp::json_string(g.app.message()));
    return EM_TRUE;  // without this the browser never restores the context
}

EM_BOOL on_context_restored(int, const void*, void*) {
    std::string error;
    if (!enable_float_targets()) error = "EXT_color_buffer_float is missing after the restore";
    emscripten_webgl_enable_extension(emscripten_webgl_get_current_context(), "EXT_disjoint_timer_query_webgl2");
    ImGui_ImplOpenGL3_DestroyDeviceObjects();
    ImGui_ImplOpenGL3_CreateDeviceObjects();
    if (error.empty()) g.app.recreate_gpu(&error);
    g.app.set_message(error.empty() ? "" : "Cannot rebuild after the context was restored: " + error);
    hp::web_event("message", hp::json_string(g.app.message()));
    g.context_lost = !error.empty();
    g.app.wake(0, true);  // a resting page runs its passes again and draws: the canvas was cleared
    return EM_TRUE;
}

}  // namespace

int main(int argc, char** argv) {
    hp::web_bind(&g.app);
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
        hp::web_event("fail", hp::json_string(std::string("SDL cannot start: ") + SDL_GetError()));
        return 1;
    }
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
    SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 24);  // the 3D view
    // An alpha channel: in the WebGPU modes the 3D view's panel is left transparent, showing the
    // WebGPU canvas under it; every other pixel is drawn opaque.
    SDL_GL_SetAttribute(SDL_GL_ALPHA_SIZE, 8);
    SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 0);
    // The canvas's size comes from the page's CSS; SDL follows it and the device pixel ratio.
    g.window = SDL_CreateWindow("Histopyramid stream compaction", SDL_WINDOWPOS_UNDEFINED,
                                SDL_WINDOWPOS_UNDEFINED, 1280, 800,
                                SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    SDL_GLContext gl = g.window ? SDL_GL_CreateContext(g.window) : nullptr;
    if (!gl) {
        hp::web_event("fail", hp::json_string("This browser cannot create a WebGL2 context, which the demo needs."));
        return 1;
    }
    if (!enable_float_targets()) {
        hp::web_event("fail", hp::json_string("This browser's WebGL2 cannot render into float textures "
                     "(EXT_color_buffer_float is missing), which the histopyramid's exact sums need."));
        return 1;
    }
    // Timer queries are optional: without them the overlay shows CPU-side times, labelled.
    g.app.set_timer_queries(emscripten_webgl_enable_extension(emscripten_webgl_get_current_context(),
                                                              "EXT_disjoint_timer_query_webgl2"));
    GLint max_texture = 0;
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_texture);

    g.app.set_max_texture_size(max_texture);
    std::string error;
    // The URL's settings (web/main.js); its load options go with a load, not here.
    if (argc > 1 && !g.app.request(hp::without_load_options(argv[1]), &error)) {
        g.app.set_message("Ignored the page's URL settings: " + error);
        hp::web_event("message", hp::json_string(g.app.message()));
    }
    if (!g.app.init(&error)) {
        hp::web_event("fail", hp::json_string("The demo cannot start on this GPU: " + error));
        return 1;
    }

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;
    ImGui::StyleColorsDark();
    ImGui::GetStyle().WindowRounding = 4;
    ImGui_ImplSDL2_InitForOpenGL(g.window, gl);
    ImGui_ImplOpenGL3_Init("#version 300 es");

    emscripten_set_webglcontextlost_callback("#canvas", nullptr, EM_FALSE, on_context_lost);
    emscripten_set_webglcontextrestored_callback("#canvas", nullptr, EM_FALSE, on_context_restored);
    emscripten_set_main_loop(frame, 0, true);
    return 0;
}
