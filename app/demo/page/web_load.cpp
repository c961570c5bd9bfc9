// The page's loads (hp.loadVolume, hp.loadAtlas, hp.loadSample, a dropped or picked file, the
// URL's load= and png=): a PNG atlas's bytes and their options (load_options.h) in one call; a
// volume file or a DICOM series decoded in the page's workers, in parts into the volume the app
// allocates for it. The app decides the rest (sources.h).
#include <emscripten.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <type_traits>
#include <string>
#include <vector>

#include "demo_app.h"
#include "json_reader.h"
#include "json_writer.h"
#include "load_options.h"
#include "volume_meta.h"
#include "web_api.h"

namespace {

std::string g_reply;  // the last string handed to JavaScript
bool g_opens_downsampled = false;

// A loaded volume as hp.loadVolume resolves it.
std::string volume_json(const hp::LoadedVolume& loaded) {
    const hp::Volume* v = &loaded.volume;
    const std::vector<hp::IsoPreset>& presets_of_file = loaded.presets;
    hp::JsonWriter w;
    w.begin_object();
    w.key("file").string(v->file);
    w.key("dims");
    hp::numbers(&w, v->dims);
    w.key("spacing");
    hp::numbers(&w, v->spacing);
    w.key("type").string(v->type);
    w.key("range");
    hp::numbers(&w, std::array<float, 2>{v->lo, v->hi});
    w.key("presets").begin_array();
    for (const hp::IsoPreset& p : presets_of_file)
        w.begin_object().key("name").string(p.name).key("iso").number(p.iso, 9).end_object();
    w.end_array();
    w.key("replaced").integer(std::int64_t(v->replaced));
    w.key("notes").begin_array();
    for (const std::string& n : v->notes) w.string(n);
    w.end_array();
    w.key("toWorld");
    hp::numbers(&w, v->to_world);
    w.key("space").string(v->space);
    w.key("stored").begin_object().key("type").string(hp::stored_name(v->values.type()));
    w.key("slope").number(v->values.scaling().slope).key("intercept").number(v->values.scaling().intercept);
    w.end_object();
    if (!loaded.series.empty()) {  // a DICOM folder's series, largest first, and the one shown
        w.key("series").begin_array();
        for (const hp::DicomSeriesInfo& s : loaded.series) hp::series_json(&w, s);
        w.end_array();
        w.key("seriesShown").string(loaded.series_shown);
    }
    w.end_object();
    return w.text();
}

// A member's text ("" when it is not a string).
std::string text_of(const hp::JsonValue& object, const char* key) {
    const hp::JsonValue* v = hp::json_member(object, key);
    return v && v->kind == hp::JsonValue::Kind::String ? v->text : std::string();
}

// A member that is an array of N finite numbers into *out; false otherwise.
template <typename T, std::size_t N>
bool numbers_in(const hp::JsonValue& object, const char* key, std::array<T, N>* out) {
    const hp::JsonValue* v = hp::json_member(object, key);
    if (!v || v->items.size() != N) return false;
    for (std::size_t i = 0; i < N; ++i) {
        const double x = v->items[i].number;
        if (v->items[i].kind != hp::JsonValue::Kind::Number || !std::isfinite(x)) return false;
        if (std::is_integral_v<T> && (x != std::floor(x) || std::fabs(x) > 2147483647.0)) return false;  // no cast past int
        (*out)[i] = T(x);
    }
    return true;
}

}  // namespace

extern "C" {

// A PNG slice atlas: `options` one JSON object (load_options.h: name, tile). "" when it
// is shown from the next frame, at the iso source=png had, else why not (the volume shown stays).
// (A volume file is read in the page's reader worker and arrives as hp_file_* below.)
EMSCRIPTEN_KEEPALIVE const char* hp_load_atlas(const std::uint8_t* data, int size, const char* options) {
    g_reply.clear();
    hp::LoadOptions o;
    if (hp::parse_load_options_json(options, &o, &g_reply) &&
        hp::web_app()->load_atlas(data, std::size_t(std::max(size, 0)), o.tile, &g_reply))
        return g_reply.c_str();
    g_reply = "cannot load the PNG atlas: " + g_reply;
    hp::web_app()->set_message(g_reply, true);
    return g_reply.c_str();
}

// A volume file read by the page's reader worker (web/volume_open.js; its options the load's
// JSON object) arrives as a DICOM series does. hp_file_begin: its description (volume_meta.h:
// its dims and how its values are stored) as it opens, checked against the voxel cap and the
// atlas of the modes in use: where the page writes its X·Y·Z stored values (x fastest, as
// bytes), or 0 (hp_volume_refusal says why; the volume shown stays).
EMSCRIPTEN_KEEPALIVE std::uint8_t* hp_file_begin(const char* meta) {
    hp::Volume v, header;
    hp::StoredSpec stored;
    g_reply.clear();
    if (!hp::read_volume_meta(meta, &v, &g_reply, &stored)) return nullptr;
    header.dims = v.dims;
    // The page writes every value (volume_open.js refuses a file whose values fall short).
    if (hp::web_app()->begin_volume(std::move(header), stored, &g_reply, false)) return hp::web_app()->sources().arriving_bytes();
    return nullptr;
}
// Values [at, at + n) of the volume begun are in (the page's parts, in order for a file): the
// app takes their counts and brick ranges as they come (Sources::arrived).
EMSCRIPTEN_KEEPALIVE void hp_file_part(double at, double n) {
    hp::web_app()->sources().arrived(std::uint64_t(at), std::uint64_t(n));
}
// The file begun, filled: `meta` its description (volume_meta.h). "" when it is shown from the
// next frame (a sample at its first preset, else the reader's guess), else why not.
EMSCRIPTEN_KEEPALIVE const char* hp_file_end(const char* options, const char* meta) {
    hp::LoadOptions o;
    hp::Volume v;
    hp::StoredSpec stored;
    g_reply.clear();
    if (hp::parse_load_options_json(options, &o, &g_reply) && hp::read_volume_meta(meta, &v, &g_reply, &stored))
        hp::web_app()->end_file(std::move(v), stored, o.name, o.presets, &g_reply);
    return g_reply.c_str();
}
// A file refused (the reader's message, or hp_volume_refusal's) as the page and the overlay say
// it: "cannot open <name>: why", and where the reader found it halves to `hx`×`hy`×`hz` (0: it
// does not) and the atlas of the modes in use holds that, "; downsampled by 2 (downsample: 2) it
// opens as ...". hp_load_opens_downsampled() then says whether it does (the page's offer is
// driven by it, not by the message's words).
EMSCRIPTEN_KEEPALIVE const char* hp_file_refused(const char* options, const char* why, int hx, int hy, int hz) {
    hp::LoadOptions o;
    std::string unused;
    hp::parse_load_options_json(options, &o, &unused);
    g_reply = "cannot open " + (o.name.empty() ? std::string("the volume") : o.name) + ": " + why;
    g_opens_downsampled = hx > 0 && hp::web_app()->opens_halved({hx, hy, hz});
    if (g_opens_downsampled)
        g_reply += "; downsampled by 2 (downsample: 2) it opens as " + std::to_string(hx) + "×" + std::to_string(hy) +
                   "×" + std::to_string(hz);
    hp::web_app()->set_message(g_reply, true);
    return g_reply.c_str();
}

EMSCRIPTEN_KEEPALIVE int hp_load_opens_downsampled() { return g_opens_downsampled ? 1 : 0; }

// The volume loaded last, as hp.loadVolume resolves it ("null" before one is loaded).
EMSCRIPTEN_KEEPALIVE const char* hp_volume_info() {
    const hp::LoadedVolume* v = hp::web_app()->sources().loaded();
    g_reply = v ? volume_json(*v) : "null";
    return g_reply.c_str();
}
// That file's values as stored (hp_volume_info's "stored": X·Y·Z of its type, x fastest; 0
// before one is loaded). The page copies them out at once (hp.volume).
EMSCRIPTEN_KEEPALIVE const std::uint8_t* hp_volume_values() {
    const hp::LoadedVolume* v = hp::web_app()->sources().loaded();
    return v ? v->volume.values.bytes() : nullptr;
}

// A volume decoded by the page's DICOM worker (web/dicom_open.js) arrives in slices.
// hp_volume_begin: one JSON object, {"dims": [X, Y, Z], "spacing": [3 mm], "toWorld": [12: voxel →
// world, row-major, LPS mm], "type": its stored type, "stored": {type, slope, intercept} (how
// the app holds it, voxel_values.h; float32 in data units where absent), "notes": [texts]};
// returns where the page writes its X·Y·Z values (x fastest, as "stored" says), or 0 when the
// demo cannot hold it (hp_volume_refusal says why; the volume shown stays).
EMSCRIPTEN_KEEPALIVE std::uint8_t* hp_volume_begin(const char* json) {
    hp::JsonValue d;
    hp::Volume v;
    g_reply.clear();
    if (!hp::read_json(json, &d, &g_reply) || !numbers_in(d, "dims", &v.dims) || !numbers_in(d, "spacing", &v.spacing) ||
        !numbers_in(d, "toWorld", &v.to_world)) {
        if (g_reply.empty()) g_reply = "the DICOM volume's description is not {dims, spacing, toWorld, type, notes}";
        return nullptr;
    }
    v.file = "dicom";
    v.space = "LPS";
    if (const hp::JsonValue* type = hp::json_member(d, "type")) v.type = type->text;
    hp::StoredSpec stored;  // float32 where the description does not say
    if (const hp::JsonValue* s = hp::json_member(d, "stored"); s && !hp::read_stored_spec(*s, &stored)) {
        g_reply = "the DICOM volume's description has a \"stored\" that is not {type, slope, intercept}";
        return nullptr;
    }
    if (const hp::JsonValue* notes = hp::json_member(d, "notes"))
        for (const hp::JsonValue& n : notes->items)
            if (n.kind == hp::JsonValue::Kind::String && !n.text.empty() && v.notes.size() < 20) v.notes.push_back(n.text);
    if (hp::web_app()->begin_volume(std::move(v), stored, &g_reply)) return hp::web_app()->sources().arriving_bytes();
    return nullptr;
}
EMSCRIPTEN_KEEPALIVE const char* hp_volume_refusal() { return g_reply.c_str(); }
// The volume begun, filled: shown from the next frame. One JSON object: {"name", "series": the
// folder's series, largest first, as hp.loadVolume gives them ({uid, description, modality,
// slices, dims}; 200 at most), "shown": the UID of the one this is}. "" or why not.
EMSCRIPTEN_KEEPALIVE const char* hp_volume_end(const char* json) {
    hp::JsonValue d;
    g_reply.clear();
    if (!hp::read_json(json, &d, &g_reply)) return g_reply.c_str();
    std::vector<hp::DicomSeriesInfo> list;
    if (const hp::JsonValue* series = hp::json_member(d, "series"))
        for (const hp::JsonValue& s : series->items) {
            hp::DicomSeriesInfo info{text_of(s, "uid"), text_of(s, "description"), text_of(s, "modality")};
            const hp::JsonValue* slices = hp::json_member(s, "slices");
            info.slices = slices ? int(slices->number) : 0;
            if (numbers_in(s, "dims", &info.dims) && list.size() < 200) list.push_back(std::move(info));
        }
    hp::web_app()->end_volume(text_of(d, "name"), std::move(list), text_of(d, "shown"), &g_reply);
    return g_reply.c_str();
}
// A volume begun and not to be ended (the worker failed, or another load came first).
EMSCRIPTEN_KEEPALIVE void hp_volume_drop() { hp::web_app()->sources().drop_arriving(); }

// The page's own long work (a DICOM folder read): task "" when none (hp.stats().progress).
EMSCRIPTEN_KEEPALIVE void hp_page_task(const char* task, double done, double total) {
    hp::web_app()->set_page_task({task, std::int64_t(done), std::int64_t(total)});
}

// The load options' names, as the table has them (["name", "dims", ...]): the URL's keys beside load=.
EMSCRIPTEN_KEEPALIVE const char* hp_load_options() {
    hp::JsonWriter w;
    w.begin_array();
    for (const std::string& key : hp::load_option_keys()) w.string(key);
    w.end_array();
    g_reply = w.text();
    return g_reply.c_str();
}

}  // extern "C"
