#include "settings.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <type_traits>

#include "json_writer.h"

namespace hp {
namespace {

// A field reached through the table as a number: a choice's index, 0/1 for a flag.
template <auto M>
using FieldType = std::decay_t<decltype(std::declval<DemoState&>().*M)>;

// A value as the table holds it: a choice's index, 0/1 for a flag.
template <typename T>
double as_number(T v) {
    if constexpr (std::is_enum_v<T>) return double(int(v));
    else return double(v);
}

template <auto M>
double get(const DemoState& s) {
    return as_number(s.*M);
}

template <auto M>
void set(DemoState* s, double v) {
    using T = FieldType<M>;
    if constexpr (std::is_enum_v<T>) s->*M = T(int(v));
    else if constexpr (std::is_same_v<T, bool>) s->*M = v != 0;
    else s->*M = T(v);
}

// The rows' makers: the field, its name, its default (of the field's own type), its label and help.
template <auto M>
Setting choice(const char* key, FieldType<M> by_default, const char* label, const char* help) {
    Setting r{key, SettingKind::Choice, label, help};
    r.default_value = as_number(by_default);
    if constexpr (std::is_enum_v<FieldType<M>>) {
        const auto& names = names_of(FieldType<M>{});
        r.names.assign(names.begin(), names.end());
    }
    r.get = get<M>;
    r.set = set<M>;
    return r;
}

template <auto M>
Setting number(const char* key, FieldType<M> by_default, const char* label, const char* help, double lo,
               double hi) {
    Setting r{key, SettingKind::Number, label, help};
    r.default_value = as_number(by_default);
    r.lo = lo, r.hi = hi;
    r.get = get<M>;
    r.set = set<M>;
    return r;
}

template <auto M>
Setting flag(const char* key, FieldType<M> by_default, const char* label, const char* help) {
    Setting r{key, SettingKind::Flag, label, help};
    r.default_value = as_number(by_default);
    r.get = get<M>;
    r.set = set<M>;
    return r;
}

// A float for a message: as many digits as it has, no more.
std::string float_text(float v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.7g", double(v));
    return buf;
}

using S = DemoState;

// The table, a function per family of rows. Rows with a label are the overlay's, in its order;
// the others follow. Each row's default (after its key) is the field's value in the page's
// first frame: DemoState() holds it.

// The pipeline: the pyramid (or the WebGPU scan) and its sums.
void pipeline_rows(std::vector<Setting>* t) {
    t->push_back(choice<&S::pyramid>("pyramid", Pyramid::Scalar, "Pyramid",
                                     "scalar: sums, three reads a level; vec4: partial sums, one read a level;\n"
                                     "baseline: the article's design as published"));
    Setting& scan = t->emplace_back(choice<&S::scan>(
        "scan", ScanKind::Blocks, "Scan",
        "blocks: 1024 a block, level by level; rts: reduce-then-scan, three dispatches;\n"
        "single: one dispatch, decoupled look-back with fallback"));
    scan.shown = [](const S& s) { return s.pyramid == Pyramid::WebgpuScan; };
    Setting& sums =
        t->emplace_back(choice<&S::sums>("sums", Format::Float, "Sums", "the pyramid's sums: float or unsigned int"));
    sums.enabled = [](const S& s) { return s.pyramid != Pyramid::Baseline && !is_webgpu(s.pyramid); };
}

// The volume and what is compacted of it: the source, the classification, the iso value,
// the procedural sources' size and time.
void source_rows(std::vector<Setting>* t) {
    Setting& source = t->emplace_back(choice<&S::source>(
        "source", Source::Metaballs, "Source", "the volume: a procedural one, a loaded PNG atlas or a loaded file"));
    source.limit = [](S* s, const SettingsContext& c, bool) {
        return s->source == Source::File && !c.file ? std::string("source=file needs a volume file: load one first")
                                                    : std::string();
    };
    Setting& classify = t->emplace_back(choice<&S::classify>(
        "classify", Classify::Surface, "Classify",
        "surface: cells the iso-surface crosses (the marching-cubes case);\n"
        "solid: voxels at or above iso;\n"
        "labels: a label map's voxels next to another label, a closed mesh per label"));
    // A label map opens in its labels' colours, and leaves them with the mode.
    classify.then = [](S* s) {
        if (s->classify == Classify::Labels) s->color = SurfaceColor::Label, s->processed = false;
        else if (s->color == SurfaceColor::Label) s->color = SurfaceColor::Normal;
    };
    // A label map only: a state that comes to another source leaves labels quietly.
    classify.limit = [](S* s, const SettingsContext& c, bool given) {
        if (s->classify != Classify::Labels) return std::string();
        std::string why = c.labels_refused(*s);
        if (why.empty() || given) return why;
        s->classify = Classify::Surface;
        if (s->color == SurfaceColor::Label) s->color = SurfaceColor::Normal;
        return std::string();
    };
    // Any finite number parses; the limit holds it to the source's range (a file's data units).
    Setting& iso =
        t->emplace_back(number<&S::iso>("iso", 0.5f, "Iso", "the iso value, in the volume's units", -3.4e38, 3.4e38));
    iso.enabled = [](const S& s) { return s.classify != Classify::Labels; };  // labels need no iso
    iso.limit = [](S* s, const SettingsContext& c, bool given) {
        const std::array<float, 2> r = c.range_of(*s);
        if (s->iso >= r[0] && s->iso <= r[1]) return std::string();
        if (given)
            return "iso=" + float_text(s->iso) + " is out of the volume's range [" + float_text(r[0]) + ", " +
                   float_text(r[1]) + "]";
        s->iso = std::clamp(s->iso, r[0], r[1]);
        return std::string();
    };
    Setting& volume =
        t->emplace_back(number<&S::volume>("volume", 128, "Volume", "N of the procedural N³ volume", 0, 1e9));
    volume.values = {64, 128, 256, 512};  // 512³: the WebGPU modes, and WebGL2 with uint sums where the GPU holds 16384² (volume_atlas.h)
    volume.then = [](S* s) { s->atlas = 0; };
    // A file has its own X×Y×Z (hp.stats().dims): no N to report.
    volume.effective = [](const S& s, const SettingsContext& c) {
        return s.source == Source::File ? std::nan("") : double(c.layout.dims[0]);
    };
    volume.limit = [](S* s, const SettingsContext& c, bool given) {
        if (!given || s->source != Source::File) return std::string();
        const auto& d = c.layout_of(*s).dims;
        return "volume= sets the procedural sources' N; the file shown has its own size (" + std::to_string(d[0]) +
               "×" + std::to_string(d[1]) + "×" + std::to_string(d[2]) + ")";
    };
    volume.enabled = [](const S& s) { return s.source != Source::Png && s.source != Source::File; };
    t->push_back(number<&S::time>("time", 0.0, "Time", "the procedural sources' time, seconds", 0.0, 1e6));
    t->push_back(flag<&S::paused>("paused", false, nullptr, "time stands still"));
}

// The crop box (crop_box.h): each axis's first and last voxel (-1: the volume's last), six
// whole numbers the overlay draws as one row of three ranges (overlay_rows.cpp). A value given
// past the volume, or a last before its first, is refused; a volume that shrinks under a box
// crops it to itself (crop_of).
template <int Axis, bool Last>
std::string crop_limit(S* s, const SettingsContext& c, bool given) {
    if (!given) return std::string();
    static const char* kAxes[] = {"X", "Y", "Z"};
    const int end = c.layout_of(*s).dims[std::size_t(Axis)] - 1;
    const int first[3] = {s->crop_x0, s->crop_y0, s->crop_z0}, last[3] = {s->crop_x1, s->crop_y1, s->crop_z1};
    const int v = Last ? last[Axis] : first[Axis];
    const std::string key = std::string("crop") + kAxes[Axis] + (Last ? "1=" : "0=") + std::to_string(v);
    if (v > end) return key + " is past the volume's last voxel along " + kAxes[Axis] + " (" + std::to_string(end) + ")";
    const int to = last[Axis] < 0 ? end : last[Axis];
    if (to < first[Axis])
        return key + " leaves no voxel: crop" + kAxes[Axis] + "1 (" + std::to_string(to) + ") is before crop" +
               kAxes[Axis] + "0 (" + std::to_string(first[Axis]) + ")";
    return std::string();
}

template <auto M, int Axis, bool Last>
Setting crop_row(const char* key, const char* label, const char* help) {
    Setting r = number<M>(key, Last ? -1 : 0, label, help, Last ? -1 : 0, 16383);
    r.whole = true;
    r.limit = crop_limit<Axis, Last>;
    r.effective = [](const S& s, const SettingsContext& c) {
        const CropBox b = crop_of(s, c.layout.dims);
        return double(Last ? b.hi[std::size_t(Axis)] : b.lo[std::size_t(Axis)]);
    };
    return r;
}

void crop_rows(std::vector<Setting>* t) {
    const char* first = "the crop box's first voxel along this axis (voxels outside it are background)";
    const char* last = "the crop box's last voxel along this axis; -1: the volume's last";
    t->push_back(crop_row<&S::crop_x0, 0, false>("cropX0", "Crop", first));
    t->push_back(crop_row<&S::crop_x1, 0, true>("cropX1", nullptr, last));
    t->push_back(crop_row<&S::crop_y0, 1, false>("cropY0", nullptr, first));
    t->push_back(crop_row<&S::crop_y1, 1, true>("cropY1", nullptr, last));
    t->push_back(crop_row<&S::crop_z0, 2, false>("cropZ0", nullptr, first));
    t->push_back(crop_row<&S::crop_z1, 2, true>("cropZ1", nullptr, last));
}

// A hollow shell with drain holes (hollow.h): a loaded volume's surface, classify=surface.
void shell_rows(std::vector<Setting>* t) {
    Setting& shell = t->emplace_back(number<&S::shell>(
        "shell", 0.0, "Shell",
        "hollow the solid to a wall of this many mm (a loaded volume's surface); 0: solid", 0, 100));
    shell.shown = [](const S& s) { return s.classify == Classify::Surface; };
    shell.enabled = [](const S& s) { return !is_procedural(s.source); };
    shell.limit = [](S* s, const SettingsContext&, bool given) {
        if (!(s->shell > 0) || !is_procedural(s->source)) return std::string();
        char text[48];
        std::snprintf(text, sizeof text, "shell=%g", s->shell);
        if (given) return std::string(text) + " needs a loaded volume (a scan's surface): load one first";
        s->shell = 0;  // another source chosen: solid
        return std::string();
    };
    Setting& holes = t->emplace_back(number<&S::drain_holes>(
        "drainHoles", 1, "Drain holes", "drain holes a cavity, from its lowest points down through the wall", 0, 8));
    holes.whole = true;
    Setting& mm = t->emplace_back(
        number<&S::drain_mm>("drainMm", 5.0, "Hole mm",
                             "the drain holes' diameter, mm; a cavity narrower than a hole is filled", 0.5, 50));
    Setting& up = t->emplace_back(choice<&S::print_up>(
        "printUp", PrintUp::Z, "Print up", "the printer's up axis (the volume's voxel axes): holes go down from it"));
    for (Setting* row : {&holes, &mm, &up})
        row->shown = [](const S& s) { return s.classify == Classify::Surface && s.shell > 0; };
}

// A loaded volume's surface in bricks (issue 40): when, their size, the pool's budget.
void brick_rows(std::vector<Setting>* t) {
    Setting& bricks = t->emplace_back(choice<&S::bricks>(
        "bricks", Bricks::Auto, "Bricks",
        "auto: a volume past one atlas meshed in bricks; on: a loaded volume's surface always in bricks\n"
        "(WebGL2: the bricks straddling the iso compacted, then their cells, in rounds over the pool)"));
    Setting& brick = t->emplace_back(number<&S::brick>("brick", 16, "Brick", "a brick's cells a side", 8, 32));
    brick.values = {8, 16, 32};
    brick.whole = true;
    Setting& pool = t->emplace_back(number<&S::pool_mb>(
        "poolMb", 256.0, "Pool MiB",
        "the GPU brick pool's budget, MiB: the bricks it holds at once (more active ones: rounds)", 0.001, 4096));
    for (Setting* row : {&bricks, &brick, &pool}) {
        row->shown = [](const S& s) { return s.classify == Classify::Surface && !is_procedural(s.source); };
        row->enabled = [](const S& s) { return !is_webgpu(s.pyramid); };
    }
}

// The count's read-back.
void readback_rows(std::vector<Setting>* t) {
    t->push_back(choice<&S::readback>("readback", Readback::Sync, "Readback",
                                      "sync: read the count every frame (waits); async: read when ready (never\n"
                                      "waits, a few frames old); expected: never read, a given count"));
    Setting& expected = t->emplace_back(number<&S::expected>("expected", 50000u, "Expected",
                                                             "the count the expected readback assumes", 0,
                                                             16384.0 * 16384.0));
    expected.whole = true;
    expected.shown = [](const S& s) { return s.readback == Readback::Expected; };
    // No more keys than the atlas has texels (the overlay's limit too).
    expected.limit = [](S* s, const SettingsContext& c, bool given) {
        const AtlasLayout l = c.layout_of(*s);
        if (s->expected <= l.texel_count()) return std::string();
        if (given)
            return "expected=" + std::to_string(s->expected) + " is more than the " + std::to_string(l.texel_count()) +
                   " texels of the " + std::to_string(l.atlas) + "² atlas";
        s->expected = unsigned(l.texel_count());
        return std::string();
    };
}

// A row the WebGL2 shaders read, as u<Key> of the Settings block (settings_block.h).
Setting in_shaders(Setting row) {
    row.shader = true;
    return row;
}

// What the views draw: the 3D view's colour and mesh, the view, the Explain view's walk.
void view_rows(std::vector<Setting>* t) {
    t->push_back(in_shaders(choice<&S::color>("color", SurfaceColor::Normal, "Colour",
                                   "the 3D view's color: normal, depth, place in the stream, plain bone,\n"
                                   "or each label's own (classify=labels)")));
    Setting& vertices = t->emplace_back(choice<&S::vertices>(
        "vertices", MeshVertices::Soup, "Vertices",
        "soup: each cell computes its triangles' vertices (a shared vertex up to 4 times);\n"
        "shared: a vertex per crossing edge, computed once; triangles as indices, drawn indexed"));
    vertices.shown = [](const S& s) { return is_webgpu(s.pyramid); };
    vertices.enabled = [](const S& s) { return s.classify != Classify::Labels; };  // a soup (frame_settings)
    Setting& route = t->emplace_back(choice<&S::route>(  // vertex by default: measured faster (docs/algorithm.md)
        "route", MeshRoute::Vertex, "Route",
        "fragment: an extraction pass writes the vertices into float textures (Mol*);\n"
        "vertex: the draw walks the pyramid for each vertex (HPMC)"));
    route.enabled = [](const S& s) { return !is_webgpu(s.pyramid); };
    // 0, the registry's first entry: the 3D surface.
    t->push_back(choice<&S::view>("view", 0, "View", "which view is drawn: one, all of them, or none (for timing)"));
    // The Explain view's: its own panel at the top of the controls edits them (overlay.cpp).
    Setting& key = t->emplace_back(number<&S::key>("key", -1, nullptr,
                                                   "the stream key the Explain view walks down the pyramid; -1: the "
                                                   "middle of the stream",
                                                   -1, 4096.0 * 4096.0 - 1));
    key.whole = true;
    Setting& step = t->emplace_back(number<&S::step>("step", -1, nullptr,
                                                     "the levels of the walk the Explain view shows, from the top "
                                                     "(0: the 1×1 level alone); -1: all of them",
                                                     -1, 12));
    step.whole = true;
}

// The mesh that leaves the page (mesh_process.h), in the order its steps run.
void mesh_rows(std::vector<Setting>* t) {
    t->push_back(choice<&S::pieces>("pieces", Pieces::All, "Pieces",
                                    "the mesh's pieces kept: all, the largest (by enclosed volume), or those\n"
                                    "enclosing at least minPiece mm³"));
    Setting& min_piece = t->emplace_back(number<&S::min_piece>(
        "minPiece", 1000.0, "Min piece", "pieces=above: the smallest enclosed volume kept, mm³", 0, 1e12));
    min_piece.shown = [](const S& s) { return s.pieces == Pieces::Above; };
    Setting& smooth = t->emplace_back(number<&S::smooth>(
        "smooth", 0, "Smooth", "Taubin smoothing iterations (λ 0.5, μ −0.53): no shrinking; 0: none", 0, 200));
    smooth.whole = true;
    smooth.shown = [](const S& s) { return s.classify != Classify::Labels; };
    // A label map's own: joint smoothing that keeps shared faces shared, on by default, as
    // VTK's vtkSurfaceNets3D and 3D Slicer smooth label surfaces (its view shows the result).
    Setting& label_smooth = t->emplace_back(number<&S::label_smooth>(
        "labelSmooth", 10, "Smooth",
        "a label map's smoothing: Taubin iterations moving every label's vertices at one place as one\n"
        "(shared faces stay shared); the 3D view shows the smoothed meshes; 0: the voxels' staircase", 0, 200));
    label_smooth.whole = true;
    label_smooth.shown = [](const S& s) { return s.classify == Classify::Labels; };
    Setting& decimate = t->emplace_back(number<&S::decimate>(
        "decimate", 0, "Decimate",
        "target triangles (meshoptimizer, error within half a voxel; may stop short); 0: none.\n"
        "A label map: all labels' together, each interface simplified once for both its labels", 0, 1e9));
    decimate.whole = true;
    t->push_back(flag<&S::closed>("closed", false, "Closed", "cap the mesh where the volume's faces cut it"));
    t->push_back(flag<&S::processed>("processed", false, "Processed",
                                     "the 3D view draws the processed mesh (what Save mesh writes), not the GPU's"));
    // A label map's meshes are closed by construction and always drawn processed; its pieces,
    // smoothing and decimation apply, label by label, jointly and interface by interface.
    for (Setting& row : *t)
        for (const char* key : {"pieces", "minPiece", "smooth", "labelSmooth", "decimate"})
            if (std::string(row.key) == key) row.mesh_step = true;
    for (const char* key : {"closed", "processed"})
        for (Setting& row : *t)
            if (std::string(row.key) == key) row.enabled = [](const S& s) { return s.classify != Classify::Labels; };
}

// Not in the overlay.
void hidden_rows(std::vector<Setting>* t) {
    // 1024² holds a 64³ volume in its top quarter: the benchmark's fourth size. 0 (the default):
    // the smallest that holds the volume.
    Setting& atlas = t->emplace_back(number<&S::atlas>("atlas", 0, nullptr, "S of the S² atlas", 0, 1e9));
    atlas.values = {512, 1024, 2048, 4096, 16384};
    atlas.then = [](S* s) {
        s->volume = s->atlas <= 1024 ? 64 : s->atlas == 2048 ? 128 : s->atlas == 4096 ? 256 : 512;
    };
    atlas.effective = [](const S&, const SettingsContext& c) { return double(c.layout.atlas); };
    t->push_back(flag<&S::overlay>("overlay", true, nullptr, "the controls and captions (H toggles)"));
    t->push_back(
        choice<&S::clock>("clock", Clock::Wall, nullptr, "wall: time runs with the clock; fixed: 1/60 s a frame"));
    t->push_back(choice<&S::timestamps>("timestamps", Timestamps::Passes, nullptr,
                                        "WebGPU timestamps around each pass, or the whole"));
    t->push_back(
        flag<&S::fallback>("fallback", false, nullptr, "debug: the single-pass scan's look-back gives up at once"));
}

std::vector<Setting> make_table() {
    std::vector<Setting> t;
    pipeline_rows(&t);
    source_rows(&t);
    crop_rows(&t);
    shell_rows(&t);
    brick_rows(&t);
    readback_rows(&t);
    view_rows(&t);
    mesh_rows(&t);
    hidden_rows(&t);
    return t;
}

// Quotes a user's text for a message, cut short and with control characters dropped.
std::string quoted(const std::string& text) {
    std::string q;
    for (char c : text.substr(0, 40))
        if (static_cast<unsigned char>(c) >= 0x20 && c != 0x7f) q += c;
    return "'" + q + (text.size() > 40 ? "...'" : "'");
}

std::string number_text(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}

std::string joined(const std::vector<std::string>& items) {
    std::string out;
    for (const std::string& i : items) out += (out.empty() ? "" : ", ") + i;
    return out;
}

bool parse_choice(const Setting& row, const std::string& value, const SettingsContext& c, double* out,
                  std::string* error) {
    const std::vector<const char*> names = choices(row, c);
    for (std::size_t i = 0; i < names.size(); ++i)
        if (value == names[i]) return *out = double(i), true;
    *error = std::string(row.key) + "=" + quoted(value) + " is not one of: " +
             joined(std::vector<std::string>(names.begin(), names.end()));
    return false;
}

bool parse_number(const Setting& row, const std::string& value, double* out, std::string* error) {
    const std::string what = std::string(row.key) + "=" + quoted(value);
    char* end = nullptr;
    errno = 0;
    const double v = std::strtod(value.c_str(), &end);
    if (value.empty() || end != value.c_str() + value.size() || errno != 0 || !std::isfinite(v)) {
        *error = what + " is not a number";
        return false;
    }
    if (v < row.lo || v > row.hi) {
        *error = what + " is out of range [" + std::to_string(row.lo).substr(0, 8) + ", " +
                 std::to_string(row.hi).substr(0, 12) + "]";
        return false;
    }
    if (row.whole && v != std::floor(v)) {
        *error = what + " is not a whole number";
        return false;
    }
    std::vector<std::string> allowed;
    for (double a : row.values) {
        if (v == a) return *out = v, true;
        allowed.push_back(number_text(a));
    }
    if (!row.values.empty()) {
        *error = what + " is not one of: " + joined(allowed);
        return false;
    }
    *out = v;
    return true;
}

bool parse_flag(const Setting& row, const std::string& value, double* out, std::string* error) {
    if (value == "1" || value == "true") return *out = 1, true;
    if (value == "0" || value == "false") return *out = 0, true;
    *error = std::string(row.key) + "=" + quoted(value) + " is not 0, 1, true or false";
    return false;
}

// The row's value, the effective one where the row has it.
double value_of(const Setting& row, const DemoState& s, const SettingsContext& context) {
    return row.effective ? row.effective(s, context) : row.get(s);
}

}  // namespace

const std::vector<Setting>& settings() {
    static const std::vector<Setting> table = make_table();
    return table;
}

// Every field its row's default (the row's own field only: no `then`, no limit).
DemoState::DemoState() {
    for (const Setting& row : settings()) row.set(this, row.default_value);
}

const Setting* find_setting(const std::string& key) {
    for (const Setting& row : settings())
        if (key == row.key) return &row;
    return nullptr;
}

std::vector<const char*> choices(const Setting& row, const SettingsContext& context) {
    return row.names.empty() ? context.views : row.names;
}

bool apply_setting(DemoState* s, const std::string& key, const std::string& value, const SettingsContext& context,
                   std::string* error) {
    for (char c : key + value)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {  // a line break would start another setting
            *error = quoted(key) + ": a setting with a control character is not accepted";
            return false;
        }
    const Setting* row = find_setting(key);
    if (!row && key == "format") {  // its name until 2026-11-26
        *error = "format was renamed to sums (sums=float or sums=uint)";
        return false;
    }
    if (!row) {
        std::vector<std::string> known;
        for (const Setting& r : settings()) known.push_back(r.key);
        *error = "unknown setting " + quoted(key) + " (known: " + joined(known) + ")";
        return false;
    }
    double v = 0;
    const bool ok = row->kind == SettingKind::Choice ? parse_choice(*row, value, context, &v, error)
                    : row->kind == SettingKind::Flag ? parse_flag(*row, value, &v, error)
                                                     : parse_number(*row, value, &v, error);
    if (!ok) return false;
    set_value(*row, s, v);
    return true;
}

bool apply_limits(DemoState* s, const SettingsContext& context, const std::vector<std::string>& given,
                  std::string* error) {
    for (const Setting& row : settings()) {
        if (!row.limit) continue;
        const bool named = std::find(given.begin(), given.end(), row.key) != given.end();
        const std::string refusal = row.limit(s, context, named);
        if (!refusal.empty()) return *error = refusal, false;
    }
    return true;
}

void set_value(const Setting& row, DemoState* s, double v) {
    row.set(s, v);
    if (row.then) row.then(s);
}

std::string setting_text(const Setting& row, const DemoState& s, const SettingsContext& context) {
    const double v = value_of(row, s, context);
    switch (row.kind) {
        case SettingKind::Choice: {
            const std::vector<const char*> names = choices(row, context);
            return v >= 0 && v < double(names.size()) ? names[std::size_t(v)] : "?";
        }
        case SettingKind::Flag: return v != 0 ? "true" : "false";
        case SettingKind::Number: break;
    }
    return number_text(v);
}

void settings_json(JsonWriter* w, const DemoState& s, const SettingsContext& context) {
    for (const Setting& row : settings()) {
        w->key(row.key);
        switch (row.kind) {
            case SettingKind::Choice: w->string(setting_text(row, s, context)); break;
            case SettingKind::Flag: w->boolean(value_of(row, s, context) != 0); break;
            case SettingKind::Number: w->number(value_of(row, s, context)); break;  // NaN (none): null
        }
    }
}

namespace {
bool same_rows(const DemoState& a, const DemoState& b, bool mesh_steps) {
    for (const Setting& row : settings()) {
        if (row.mesh_step && !mesh_steps) continue;
        const double x = row.get(a), y = row.get(b);
        if (std::memcmp(&x, &y, sizeof x) != 0) return false;
    }
    return true;
}
}  // namespace

bool same_settings(const DemoState& a, const DemoState& b) { return same_rows(a, b, true); }
bool same_gpu_work(const DemoState& a, const DemoState& b) { return same_rows(a, b, false); }

}  // namespace hp
