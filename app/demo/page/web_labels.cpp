// The page's label-map calls (classify=labels): a table given with the volume, the labels
// (hp.labels) and which are shown (hp.showLabels). The mesh's per-label report comes with
// hp.meshReport (web_reads.cpp); hp.labels adds it where the page asks.
#include <emscripten.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "demo_app.h"
#include "exporter.h"
#include "json_writer.h"
#include "view_registry.h"
#include "web_api.h"

extern "C" {

// A label table for the loaded volume (MRIcron .nii.txt / .lut, ITK-SNAP: label_table.h): ""
// once its names and colours are the labels', else why not (the labels keep theirs).
EMSCRIPTEN_KEEPALIVE const char* hp_label_table(const std::uint8_t* data, int size, const char* name) {
    std::string& reply = hp::web_reply();
    reply.clear();
    const std::string n = name ? name : "";
    if (!hp::web_app()->sources().set_label_table(data, std::size_t(size > 0 ? size : 0), n, &reply)) {
        reply = "cannot read the label table " + n + ": " + reply;
        hp::web_app()->set_message(reply);
    }
    return reply.c_str();
}

// {labels: [{value, name, color, voxels, shown}], from} for the volume shown, or {error}.
EMSCRIPTEN_KEEPALIVE const char* hp_labels() {
    hp::DemoApp* app = hp::web_app();
    const hp::DemoState& s = app->frames().state();
    hp::JsonWriter j;
    j.begin_object();
    const std::vector<hp::LabelInfo>* labels = app->sources().labels(s);
    if (!labels) {
        j.key("error").string(app->sources().labels_refused(s));
    } else {
        j.key("from").string(app->sources().shown(s)->table.from);
        j.key("labels");
        hp::labels_json(j, *labels, nullptr);
    }
    j.end_object();
    return hp::web_reply(j.text());
}

// The label under (x, y), CSS pixels of the page, in the 3D view (what a click there names):
// {value, name, voxel: [x, y, z]}, or null where the ray meets no shown label.
EMSCRIPTEN_KEEPALIVE const char* hp_label_at(double x, double y) {
    hp::DemoApp* app = hp::web_app();
    const hp::ViewInput in = app->view_input(1, 0);
    std::array<int, 3> voxel{};
    float value = 0;
    const std::string text = hp::label_under(in, app->shown_layout(), float(x), float(y), &voxel, &value);
    if (text.empty() || !in.labels) return hp::web_reply("null");
    hp::JsonWriter j;
    const int k = hp::label_index(*in.labels, value);
    j.begin_object().key("value").number(value, 9).key("name").string(k >= 0 ? (*in.labels)[std::size_t(k)].name : "");
    j.key("voxel");
    hp::numbers(&j, voxel);
    j.end_object();
    return hp::web_reply(j.text());
}

// Shows the labels listed (`values`, n of them); all where n is 0.
EMSCRIPTEN_KEEPALIVE void hp_show_labels(const double* values, int n) {
    std::vector<float> v;
    for (int i = 0; i < n; ++i) v.push_back(float(values[i]));
    hp::web_app()->sources().show_labels(v);
}

}  // extern "C"
