// A volume's description as one JSON object and back (volume_meta.h).
#include "volume_meta.h"

#include <cmath>

#include "json_reader.h"
#include "json_writer.h"

namespace hp {
namespace {

template <std::size_t N>
void doubles(JsonWriter* w, const std::array<double, N>& a) {
    w->begin_array();
    for (double x : a) w->number(x);  // 17 digits: every double back as it was
    w->end_array();
}

// An array of N finite numbers into *out.
template <typename T, std::size_t N>
bool read_numbers(const JsonValue& v, std::array<T, N>* out) {
    if (v.kind != JsonValue::Kind::Array || v.items.size() != N) return false;
    for (std::size_t i = 0; i < N; ++i) {
        if (v.items[i].kind != JsonValue::Kind::Number || !std::isfinite(v.items[i].number)) return false;
        (*out)[i] = T(v.items[i].number);
    }
    return true;
}

bool read_text(const JsonValue& v, std::string* out) {
    if (v.kind != JsonValue::Kind::String) return false;
    *out = v.text;
    return true;
}

// {"value", "name", "rgb": [r, g, b] or absent}.
bool read_label(const JsonValue& v, LabelEntry* e) {
    const JsonValue* value = json_member(v, "value");
    const JsonValue* name = json_member(v, "name");
    const JsonValue* rgb = json_member(v, "rgb");
    if (!value || value->kind != JsonValue::Kind::Number || !std::isfinite(float(value->number)) || !name ||
        !read_text(*name, &e->name))
        return false;
    e->value = float(value->number);
    e->has_color = rgb != nullptr;
    std::array<double, 3> c{};
    if (rgb && !read_numbers(*rgb, &c)) return false;
    for (std::size_t i = 0; rgb && i < 3; ++i) {
        if (c[i] < 0 || c[i] > 255 || c[i] != std::floor(c[i])) return false;
        e->rgb[i] = std::uint8_t(c[i]);
    }
    return true;
}

// One member into *v (the storage into *stored); false when it is not what volume_meta_text
// writes.
bool read_member(const std::string& key, const JsonValue& value, Volume* v, StoredSpec* stored) {
    if (key == "stored") return read_stored_spec(value, stored);
    if (key == "dims") {
        std::array<double, 3> d{};
        if (!read_numbers(value, &d)) return false;
        for (std::size_t i = 0; i < 3; ++i) {
            if (d[i] < 0 || d[i] > 1e9 || d[i] != std::floor(d[i])) return false;
            v->dims[i] = int(d[i]);
        }
        return true;
    }
    if (key == "spacing") return read_numbers(value, &v->spacing);
    if (key == "toWorld") return read_numbers(value, &v->to_world);
    if (key == "file") return read_text(value, &v->file);
    if (key == "type") return read_text(value, &v->type);
    if (key == "space") return read_text(value, &v->space);
    if (key == "labelsFrom") return read_text(value, &v->labels.from);
    if (key == "replaced") {
        if (value.kind != JsonValue::Kind::Number || !(value.number >= 0 && value.number <= 9e15) ||
            value.number != std::floor(value.number))
            return false;
        v->replaced = std::uint64_t(value.number);
        return true;
    }
    if (key == "notes" || key == "labels") {
        if (value.kind != JsonValue::Kind::Array) return false;
        for (const JsonValue& item : value.items) {
            LabelEntry e;
            if (key == "notes" ? !read_text(item, &v->notes.emplace_back()) : !read_label(item, &e)) return false;
            if (key == "labels") v->labels.entries.push_back(e);
        }
        return true;
    }
    return false;
}

}  // namespace

// {"type", "slope", "intercept"}: how the values are stored (voxel_values.h).
bool read_stored_spec(const JsonValue& v, StoredSpec* out) {
    const JsonValue* type = json_member(v, "type");
    const JsonValue* slope = json_member(v, "slope");
    const JsonValue* intercept = json_member(v, "intercept");
    if (!type || !slope || !intercept || slope->kind != JsonValue::Kind::Number ||
        intercept->kind != JsonValue::Kind::Number || !(slope->number > 0) || !std::isfinite(slope->number) ||
        !std::isfinite(intercept->number) || !stored_of(type->text, &out->type))
        return false;
    out->scaling = out->type == Stored::F32 ? Scaling{} : Scaling{slope->number, intercept->number};
    return true;
}

std::string volume_meta_text(const Volume& v) {
    JsonWriter w;
    w.begin_object();
    w.key("dims").begin_array().integer(v.dims[0]).integer(v.dims[1]).integer(v.dims[2]).end_array();
    w.key("spacing");
    doubles(&w, v.spacing);
    w.key("toWorld");
    doubles(&w, v.to_world);
    w.key("file").string(v.file).key("type").string(v.type).key("space").string(v.space);
    w.key("replaced").integer(std::int64_t(v.replaced));
    w.key("stored").begin_object().key("type").string(stored_name(v.values.type()));
    w.key("slope").number(v.values.scaling().slope).key("intercept").number(v.values.scaling().intercept).end_object();
    w.key("notes").begin_array();
    for (const std::string& n : v.notes) w.string(n);
    w.end_array();
    if (!v.labels.from.empty()) w.key("labelsFrom").string(v.labels.from);
    w.key("labels").begin_array();
    for (const LabelEntry& e : v.labels.entries) {
        w.begin_object().key("value").number(e.value, 9).key("name").string(e.name);
        if (e.has_color) w.key("rgb").begin_array().integer(e.rgb[0]).integer(e.rgb[1]).integer(e.rgb[2]).end_array();
        w.end_object();
    }
    w.end_array();
    w.end_object();
    return w.text();
}

bool read_volume_meta(const std::string& text, Volume* out, std::string* error, StoredSpec* stored) {
    StoredSpec unused;
    if (!stored) stored = &unused;
    JsonValue d;
    if (!read_json(text, &d, error)) return *error = "the volume's description: " + *error, false;
    if (d.kind != JsonValue::Kind::Object) return *error = "the volume's description is not an object", false;
    Volume v;
    for (const auto& [key, value] : d.members)
        if (!read_member(key, value, &v, stored)) return *error = "the volume's description: '" + key.substr(0, 40) + "'", false;
    v.values = std::move(out->values);
    *out = std::move(v);
    return true;
}

}  // namespace hp
