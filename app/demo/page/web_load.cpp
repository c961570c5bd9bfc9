// The page's loads (hp.loadVolume, hp.loadAtlas, hp.loadSample, a dropped or picked file, the
// URL's load= and png=): the bytes and their options (load_options.h) in one call; the app
// decides the rest (sources.h).
#include <emscripten.h>

#include <algorithm>
#include <string>
#include <vector>

#include "demo_app.h"
#include "json_writer.h"
#include "load_options.h"
#include "web_api.h"

namespace {

std::string g_reply;  // the last string handed to JavaScript
bool g_opens_downsampled = false;

// A loaded volume as hp.loadVolume resolves it.
std::string volume_json(const hp::Volume* v, const std::vector<hp::IsoPreset>& presets_of_file) {
    if (!v) return "null";
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
    w.end_object();
    return w.text();
}

}  // namespace

extern "C" {

// A volume file or a PNG slice atlas (by its signature): `options` holds "key=value" lines
// (name, dims "X,Y,Z", type, spacing "sx,sy,sz", endian "big"/"little", downsample; a PNG's
// tile; a sample's presets). "" when it is shown from the next frame, at the iso decided here
// (a sample's first preset, else the reader's guess; a PNG at source=png's), else why not (the
// volume shown stays). hp_load_opens_downsampled(): whether the file last refused opens
// downsampled by 2 (the page's offer is driven by it, not by the message's words).
EMSCRIPTEN_KEEPALIVE const char* hp_load_volume(const std::uint8_t* data, int size, const char* options) {
    g_reply.clear();
    hp::LoadOptions o;
    hp::LoadRefusal refusal;
    const std::size_t n = std::size_t(std::max(size, 0));
    bool ok = hp::parse_load_options(options, &o, &g_reply);
    const bool png = o.png || (n >= 8 && data[0] == 0x89 && data[1] == 'P' && data[2] == 'N' && data[3] == 'G');
    if (ok && png) ok = hp::web_app()->load_atlas(data, n, o.tile, &g_reply);
    else if (ok) ok = hp::web_app()->load_volume(data, n, o, o.presets, &g_reply, &refusal);
    g_opens_downsampled = refusal.opens_downsampled;
    if (ok) return g_reply.c_str();
    const std::string what = png ? "the PNG atlas" : o.name.empty() ? std::string("the volume") : o.name;
    g_reply = (png ? "cannot load " : "cannot open ") + what + ": " + g_reply;
    hp::web_app()->set_message(g_reply);
    return g_reply.c_str();
}

EMSCRIPTEN_KEEPALIVE int hp_load_opens_downsampled() { return g_opens_downsampled ? 1 : 0; }

// The volume loaded last, as hp.loadVolume resolves it ("null" before one is loaded).
EMSCRIPTEN_KEEPALIVE const char* hp_volume_info() {
    const hp::LoadedVolume* v = hp::web_app()->sources().loaded();
    g_reply = v ? volume_json(&v->volume, v->presets) : "null";
    return g_reply.c_str();
}
// That file's values, X·Y·Z floats, x fastest, as the GPU and the CPU reference get them (0
// before one is loaded). The page copies them out at once (hp.volume).
EMSCRIPTEN_KEEPALIVE const float* hp_volume_values() {
    const hp::LoadedVolume* v = hp::web_app()->sources().loaded();
    return v ? v->volume.values.data() : nullptr;
}

// The load options' names, as the table has them ("name, dims, ..."): the URL's keys beside load=.
EMSCRIPTEN_KEEPALIVE const char* hp_load_options() {
    g_reply = hp::load_option_names();
    return g_reply.c_str();
}

}  // extern "C"
