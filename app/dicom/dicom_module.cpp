// The DICOM reader as a wasm program of its own (dicom.js + dicom.wasm), which the page loads in
// Workers only when it meets DICOM (web/dicom_worker.js): the files' headers are added one by
// one, the series listed and one planned (dicom_series.h); then each worker decodes its share
// of the slices one by one into a slice buffer it hands to the page. At most one file and one
// slice are in a worker at a time; the files stay with the page.
#include <emscripten.h>

#include <string>
#include <vector>

#include "dicom_reader.h"
#include "dicom_series.h"
#include "json_writer.h"

namespace {

std::vector<hp::DicomSlice> g_slices;  // the headers added since the last reset
hp::DicomPlan g_plan;                  // the series planned last
std::string g_reply;                   // the last string handed to JavaScript


}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE void hpd_reset() {
    g_slices.clear();
    g_plan = hp::DicomPlan();
}

// One file's header (`size` bytes from its start, `whole` when that is all of it), as file
// number `file`: 0 a DICOM image (kept), 1 not DICOM, 2 DICOM without an image, 3 the header
// runs past these bytes (give the whole file).
EMSCRIPTEN_KEEPALIVE int hpd_add(const std::uint8_t* data, int size, int file, int whole) {
    hp::DicomSlice s;
    switch (hp::read_dicom_header(data, std::size_t(size > 0 ? size : 0), whole != 0, &s)) {
        case hp::DicomHeader::Image: s.file = file; g_slices.push_back(std::move(s)); return 0;
        case hp::DicomHeader::NotDicom: return 1;
        case hp::DicomHeader::NoImage: return 2;
        case hp::DicomHeader::NeedWhole: return 3;
    }
    return 1;
}

// The series among the headers added, largest first: [{uid, description, modality, slices, dims}].
EMSCRIPTEN_KEEPALIVE const char* hpd_series() {
    hp::JsonWriter w;
    w.begin_array();
    for (const hp::DicomSeriesInfo& s : hp::dicom_series(g_slices)) hp::series_json(&w, s);
    w.end_array();
    g_reply = w.text();
    return g_reply.c_str();
}

// The series `uid` ("" = the largest) as a volume: {series, dims, spacing, toWorld, type, notes,
// files (in slice order), syntax} or {error}.
EMSCRIPTEN_KEEPALIVE const char* hpd_plan(const char* uid) {
    std::string error;
    hp::JsonWriter w;
    w.begin_object();
    if (!hp::plan_dicom_series(g_slices, uid ? uid : "", &g_plan, &error)) {
        w.key("error").string(error).end_object();
        g_reply = w.text();
        return g_reply.c_str();
    }
    w.key("series");
    hp::series_json(&w, g_plan.info);
    w.key("dims");
    hp::numbers(&w, g_plan.dims);
    w.key("spacing");
    hp::numbers(&w, g_plan.spacing);
    w.key("toWorld").begin_array();
    for (double x : g_plan.to_world) w.number(x);
    w.end_array();
    w.key("type").string(g_plan.type);
    w.key("stored").begin_object().key("type").string(hp::stored_name(g_plan.kept));
    w.key("slope").number(g_plan.scaling.slope).key("intercept").number(g_plan.scaling.intercept).end_object();
    w.key("syntax").string(g_plan.slices.front().transfer_syntax);
    w.key("notes").begin_array();
    for (const std::string& n : g_plan.notes) w.string(n);
    w.end_array();
    w.key("files").begin_array();
    for (const hp::DicomSlice& s : g_plan.slices) w.integer(s.file);
    w.end_array();
    w.end_object();
    g_reply = w.text();
    return g_reply.c_str();
}

// One file's slice, its header read again here (a decoder holds no plan): `cols` × `rows`
// values into `out` as the plan's "stored" says (`type` float32: in data units; 8 or 16 bits:
// the stored values, the slice's rescale checked to be `slope`, `intercept`). "" or why not
// (an image of another size is refused).
EMSCRIPTEN_KEEPALIVE const char* hpd_decode_file(const std::uint8_t* data, int size, int cols, int rows, void* out,
                                                 const char* type, double slope, double intercept) {
    g_reply.clear();
    const std::size_t n = std::size_t(size > 0 ? size : 0);
    hp::DicomSlice s;
    if (hp::read_dicom_header(data, n, true, &s) != hp::DicomHeader::Image) return g_reply = "it no longer reads as a DICOM image", g_reply.c_str();
    if (s.cols != cols || s.rows != rows)
        return g_reply = "its image is " + std::to_string(s.cols) + "×" + std::to_string(s.rows) + ", not the series' " +
                         std::to_string(cols) + "×" + std::to_string(rows), g_reply.c_str();
    hp::Stored as = hp::Stored::F32;
    if (!hp::stored_of(type ? type : "", &as)) return g_reply = "no stored type '" + std::string(type ? type : "") + "'", g_reply.c_str();
    if (!hp::decode_dicom_slice(data, n, s, out, &g_reply, hp::kMaxSlicePixels, as, {slope, intercept}) && g_reply.empty())
        g_reply = "cannot decode the slice";
    return g_reply.c_str();
}

}  // extern "C"
