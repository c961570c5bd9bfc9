// The demo's views, one entry each: its name (the overlay's choice, `view=`, hp.stats()), what
// it lays out (one panel, every panel, or none), its panel's shape, what the backend must keep
// for it, its draw (GL, into its panel) and its caption and legend (ImGui, above the panel).
// The settings, the layout, the overlay and the frame's drawing all read this table: a new view
// is one entry in view_registry.cpp plus its draw.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "backend.h"
#include "demo_state.h"
#include "explain.h"
#include "frame.h"
#include "brick_pyramid.h"
#include "view_slices.h"

namespace hp {

struct Panel { float x = 0, y = 0, w = 0, h = 0; };  // CSS pixels, origin at the top left

// What a view's draw and caption are given: the frame that ran and where to draw it.
struct ViewInput {
    const DemoState& state;
    const FrameResult& result;
    const AtlasLayout& layout;
    Backend* backend = nullptr;  // its views' sources and the 3D view's draw; null: nothing to draw
    Views* views = nullptr;      // the 2D views' programs
    const OrbitCamera* camera = nullptr;
    float css_scale = 1;         // framebuffer pixels per CSS pixel
    int framebuffer_height = 0;
    std::string* problem = nullptr;  // where a draw says why it could not draw (shown to the user)
    std::array<float, 2> range{0, 1};    // the source's values, lowest and highest
    std::array<float, 3> scale{1, 1, 1};  // the voxels' proportions (a scan's spacing over its least)
    int preview_factor = 1;  // a volume past one atlas: the atlas holds every f-th voxel
    const Explanation* explanation = nullptr;  // the Explain view's walk (null: none asked for)
    const ProcessedSurface* processed = nullptr;  // the 3D view draws it instead (`processed` on, one made)
    const std::vector<LabelInfo>* labels = nullptr;  // classify=labels: the label map's (colours, shown)
    std::uint64_t labels_revision = 0;
    const Volume* label_volume = nullptr;  // ... and its values (a click names the label under it)
    const BrickMarks* bricks = nullptr;    // the surface is made in bricks: those its first level took
    const BrickPyramid* brick_pyramid = nullptr;  // ... and the Explain key's brick's own pyramid
};


struct Layout;

// The label under (x, y), CSS pixels, in the 3D view's panel of `l` (classify=labels): "name
// (value)" and its voxel, or "" where the ray meets no shown label (label_pick.h).
std::string label_under(const ViewInput& in, const Layout& l, float x, float y, std::array<int, 3>* voxel = nullptr,
                        float* value = nullptr);

// The keys a view may act on (main.cpp maps the keyboard's arrows to them).
enum class ViewKey { Left, Right, Up, Down };

enum class ViewKind {
    Panel,  // one panel, alone or beside the others in "all"
    All,    // every panel
    None,   // nothing drawn (and, in the WebGPU modes, nothing copied for display): for timing
};

// What a view with behaviour adds to its entry, given in its own file (the Explain view's:
// view_explain.cpp). The app, main.cpp and the overlay call these for the view chosen, and
// never name a view.
struct ViewHooks {
    bool walks_key = false;  // per frame while shown: the app walks the `key` setting down the pyramid
    void (*marks)(const ViewInput& in, const Layout& l) = nullptr;        // drawn over the panels (ImGui)
    void (*controls)(const ViewInput& in, DemoState* pending) = nullptr;  // its section atop the controls
    void (*key)(const ViewInput& in, ViewKey k, DemoState* pending) = nullptr;  // an arrow key pressed
    // A click at (x, y), CSS pixels (the Explain view's: a texel of the stream panel picks its key).
    void (*click)(const ViewInput& in, const Layout& l, float x, float y, DemoState* pending) = nullptr;
};

struct ViewEntry {
    const char* name;
    ViewKind kind;
    float aspect = 1;    // the panel's width / height
    ShownViews needs{false, false, false};  // what the backend keeps for display while it is shown
    bool pointer = false;  // the mouse and touch act on it (the 3D view's camera)
    void (*draw)(const ViewInput& in, PanelRect r) = nullptr;
    void (*caption)(const ViewInput& in, const Panel& p) = nullptr;
    const ViewHooks* hooks = nullptr;  // null: a view with no behaviour of its own
};

// In the order of the `view` setting's choices and of the panels in "all"; the first is the
// view the page opens on.
const std::vector<ViewEntry>& view_entries();
const std::vector<const char*>& view_names();
// The entry of that name (its index), or -1.
int view_entry(const char* name);
// The hooks of entry `view` (the `view` setting), or null: a view with none, or no such entry.
const ViewHooks* view_hooks(int view);

inline constexpr std::size_t kMaxViews = 16;

struct Layout {
    float scale = 1;                       // framebuffer pixels per CSS pixel
    bool narrow = false;                   // the control panel floats over the views, collapsed at first
    Panel controls;                        // the control panel as drawn (w == 0: hidden or collapsed)
    std::array<Panel, kMaxViews> panels{};  // by entry; w == 0: not shown
    int pointer = -1;                      // the shown panel the pointer acts on (-1: none)
    bool shows(std::size_t entry) const { return panels[entry].w > 0; }
};

// Where the views go on a canvas of css_w × css_h CSS pixels: right of the control panel
// when the overlay is shown, each view as large as its shape allows. On a narrow canvas (a
// phone) the views take the whole width, below the control panel's title bar: the panel opens
// over them and closes again (overlay.cpp).
Layout compute_layout(const DemoState& s, float css_w, float css_h, float scale);
// What the backend must keep for display with this layout.
ShownViews shown_views(const Layout& l);

// Layout constants shared by the overlay and the captions, CSS pixels.
constexpr float kControlsWidth = 390;  // the control panel
constexpr float kMargin = 10;
constexpr float kCaption = 38;         // room above each view for its caption and legend
constexpr float kTitleBar = 26;        // the control panel's title bar, all that shows of it collapsed
inline bool narrow(float css_w) { return css_w < kControlsWidth + 320; }

std::string with_thousands(std::uint64_t v);
// The pyramid view's colour of t (log(1 + sum) / log(1 + 4^level), 0–1), as an ImU32.
std::uint32_t pyramid_view_color(float t);

}  // namespace hp
