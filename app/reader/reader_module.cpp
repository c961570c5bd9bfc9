// The volume files' reader as a wasm program of its own (reader.js + reader.wasm), which the page
// runs in a Worker (web/volume_reader.js) so that it draws on while a file is inflated and
// decoded: the core readers (app/core/volume/), no GL, no GDCM. One file at a time: the worker
// writes its bytes into this heap, asks for its header (its claims checked before anything is
// decoded, and the sizes it would open at downsampled by 2), then reads it whole; the decoded
// volume's description (volume_meta.h) and values go to the page, which writes them into the
// volume the app allocates for it (web/volume_open.js).
#include <emscripten.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "json_writer.h"
#include "load_options.h"
#include "volume_atlas.h"
#include "volume_meta.h"
#include "volume_stream.h"

namespace {

hp::LoadOptions g_options;  // the options of the file asked about last (hpr_header)
hp::Volume g_volume;        // the volume read last (hpr_read)
hp::VolumeStream g_stream;  // the plan of the file streamed last (hpr_plan)
std::string g_reply;        // the last string handed to JavaScript

// The most bytes a file may have to be read here: the file and its volume (512³ floats, 512 MiB)
// stay within the 4 GiB a wasm heap can have. A larger one gets a message from its header alone.
constexpr double kMaxFileBytes = 2147483648.0;

// The page's worker posts progress (at most every 100 ms: web/volume_reader.js).
EM_JS(void, hpr_progress, (const char* task, double done, double total), {
    if (Module["hpProgress"]) Module["hpProgress"](UTF8ToString(task), done, total);
});

std::uint64_t voxels(const std::array<int, 3>& d) {
    return std::uint64_t(d[0]) * std::uint64_t(d[1]) * std::uint64_t(d[2]);
}

// The options the page gives, with the demo's cap on voxels (2^30: volume_atlas.h; the app
// checks the stored bytes).
bool options_of(const char* text, hp::LoadOptions* o, std::string* error) {
    *o = hp::LoadOptions();
    const bool ok = hp::parse_load_options_json(text ? text : "", o, error);
    o->max_voxels = std::min(o->max_voxels, hp::kMaxBrickedVoxels);
    return ok;
}

// The header's answer: {dims} (the volume as opened) or {error}, each with `halved`: the dims it
// opens at downsampled by 2, where that is worth offering (the app offers it where they fit the
// atlas of the modes in use), else null.
const char* header_json(const std::string& error, const std::array<int, 3>& dims, const std::array<int, 3>* halved,
                        const hp::VolumeStream* stream = nullptr) {
    hp::JsonWriter w;
    w.begin_object();
    if (!error.empty()) w.key("error").string(error);
    else {
        w.key("dims");
        hp::numbers(&w, dims);
    }
    w.key("halved");
    if (halved) hp::numbers(&w, *halved);
    else w.null();
    if (stream) {
        w.key("stream").begin_object();
        w.key("offset").number(double(stream->offset)).key("count").number(double(stream->count));
        w.key("fileSize").number(stream->file_size).key("keptSize").number(stream->kept_size);
        w.end_object();
        w.key("meta").string(hp::volume_meta_text(stream->meta));
    }
    w.end_object();
    g_reply = w.text();
    return g_reply.c_str();
}

// The file's header checked against the options and the cap, as the app opens files. Halving is
// offered where the file opens at full size (the atlas may still refuse it) and where the cap
// refused it; no other refusal of the reader's is lifted by it.
// With `stream`, `data` is the file's start (of `file_size` bytes): where it streams, the
// plan's offset, count and sizes ("stream") and the volume's description ("meta") follow.
const char* header_of(const std::uint8_t* data, std::size_t size, std::uint64_t file_size, bool stream = false) {
    std::string error;
    std::array<int, 3> d{};
    const bool ok = hp::volume_dims(data, size, g_options, &d, &error, file_size);
    hp::VolumeOptions half = g_options, uncapped = g_options;
    half.downsample = 2;
    uncapped.max_voxels = std::uint64_t(1) << 62;
    std::array<int, 3> full{}, any{};
    std::string unused;
    const bool halves = g_options.downsample == 1 && hp::volume_dims(data, size, half, &full, &unused, file_size) &&
                        (ok || (hp::volume_dims(data, size, uncapped, &any, &unused, file_size) &&
                                voxels(any) > g_options.max_voxels));
    const std::array<int, 3> halved{full[0] / 2, full[1] / 2, full[2] / 2};
    if (g_options.downsample == 2) d = {d[0] / 2, d[1] / 2, d[2] / 2};
    bool streams = false;
    if (ok && stream && !hp::plan_stream(data, size, file_size, g_options, &g_stream, &streams, &error))
        return header_json(error, d, nullptr);  // its data are short: no halving lifts that
    return header_json(ok ? std::string() : error, d, halves ? &halved : nullptr, streams ? &g_stream : nullptr);
}

}  // namespace

extern "C" {

// The file at `data` (all of its `size` bytes) with the load's options (one JSON object,
// load_options.h): its header, as header_json says. A file past kMaxFileBytes is refused here,
// with its size and what the page opens: call hpr_too_large with its start instead.
EMSCRIPTEN_KEEPALIVE const char* hpr_header(const std::uint8_t* data, double size, const char* options) {
    std::string error;
    if (!options_of(options, &g_options, &error)) return header_json(error, {}, nullptr);
    return header_of(data, std::size_t(size), std::uint64_t(size));
}

// The start of a file (`size` bytes at `data`, of `file_size` in all) with the load's options:
// its header as hpr_header answers, and where its values can be decoded a part at a time as
// the file is read (volume_stream.h), "stream": {offset (the first value's byte), count,
// fileSize and keptSize (bytes a value in the file, as kept)} and "meta" (the description, as
// hpr_meta's); then hpr_decode_part decodes each part. Without "stream", read the file whole.
EMSCRIPTEN_KEEPALIVE const char* hpr_plan(const std::uint8_t* data, double size, double file_size, const char* options) {
    std::string error;
    if (!options_of(options, &g_options, &error)) return header_json(error, {}, nullptr);
    return header_of(data, std::size_t(size), std::uint64_t(file_size), true);
}

// `count` values of the file planned last from its bytes at `raw` into `out` (count·keptSize bytes).
EMSCRIPTEN_KEEPALIVE void hpr_decode_part(const std::uint8_t* raw, double count, std::uint8_t* out) {
    hp::volume::decode_values(g_stream.header, raw, std::uint64_t(count), out);
}

EMSCRIPTEN_KEEPALIVE double hpr_max_file() { return kMaxFileBytes; }

// A file too large to be read (`file_size` bytes, past kMaxFileBytes): {error} naming its size
// and what the page opens, then what its header (the `size` bytes at `data`, its start) says
// where that refuses it.
EMSCRIPTEN_KEEPALIVE const char* hpr_too_large(const std::uint8_t* data, double size, double file_size, const char* options) {
    std::string error;
    char what[300];
    std::snprintf(what, sizeof what,
                  "the file is %.2f GiB (%.0f bytes): this page reads files of at most %.0f GiB, and opens "
                  "volumes of at most %llu voxels (past 512³ in bricks) from at most %.0f GiB of stored data",
                  file_size / 1073741824.0, file_size, kMaxFileBytes / 1073741824.0,
                  static_cast<unsigned long long>(hp::kMaxBrickedVoxels),
                  double(hp::VolumeOptions().max_data_bytes) / 1073741824.0);
    if (!options_of(options, &g_options, &error)) return header_json(std::string(what) + "; " + error, {}, nullptr);
    std::array<int, 3> d{};
    if (!hp::volume_dims(data, std::size_t(size), g_options, &d, &error, std::uint64_t(file_size)))
        return header_json(std::string(what) + "; " + error, {}, nullptr);
    return header_json(what, {}, nullptr);
}

// Reads the file whose header was asked about last (the same bytes): "" when read (hpr_meta,
// hpr_values), else the reader's message.
EMSCRIPTEN_KEEPALIVE const char* hpr_read(const std::uint8_t* data, double size) {
    g_reply.clear();
    g_volume = hp::Volume();
    hp::VolumeOptions o = g_options;
    o.progress = [](const char* task, std::uint64_t done, std::uint64_t total) {
        hpr_progress(task, double(done), double(total));
    };
    if (!hp::load_volume(data, std::size_t(size), o, &g_volume, &g_reply) && g_reply.empty())
        g_reply = "the file could not be read";
    return g_reply.c_str();
}

// The volume read: its description (volume_meta.h), its X·Y·Z values (x fastest, stored as the
// description's "stored" says).
EMSCRIPTEN_KEEPALIVE const char* hpr_meta() {
    g_reply = hp::volume_meta_text(g_volume);
    return g_reply.c_str();
}
EMSCRIPTEN_KEEPALIVE const std::uint8_t* hpr_values() { return g_volume.values.bytes(); }
EMSCRIPTEN_KEEPALIVE void hpr_clear() { g_volume = hp::Volume(); }

}  // extern "C"
