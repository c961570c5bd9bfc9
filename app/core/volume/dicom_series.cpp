// Series from headers: grouping, order along the normal, spacing and world frame, and the
// checks a stack of slices must pass to be a volume (dicom_series.h).
#include "dicom_series.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "json_writer.h"

namespace hp {
namespace {

using Vec = std::array<double, 3>;
double dot(const Vec& a, const Vec& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
Vec cross(const Vec& a, const Vec& b) {
    return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
Vec scaled(const Vec& a, double s) { return {a[0] * s, a[1] * s, a[2] * s}; }
Vec minus(const Vec& a, const Vec& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
double length(const Vec& a) { return std::sqrt(dot(a, a)); }

std::string mm(double x) {
    char b[32];
    std::snprintf(b, sizeof b, "%.4g", x);
    return b;
}

// Slices of one series that can stack: the same UID, size and orientation (to 10⁻³, as whole
// thousandths: -0.0001 and 0.0001 are one orientation).
std::string group_key(const DicomSlice& s) {
    std::string key = s.series_uid + "|" + std::to_string(s.rows) + "|" + std::to_string(s.cols);
    for (double o : s.orientation) key += "|" + std::to_string(std::llround(o * 1000));
    return key;
}

struct Group {
    DicomSeriesInfo info;
    std::vector<const DicomSlice*> slices;
};

// Largest first (ties: the order first met); a UID met again gets "#2", "#3", ...
std::vector<Group> groups_of(const std::vector<DicomSlice>& slices) {
    std::map<std::string, std::size_t> index;
    std::vector<Group> groups;
    for (const DicomSlice& s : slices) {
        const auto [it, fresh] = index.emplace(group_key(s), groups.size());
        if (fresh) groups.push_back({{s.series_uid, s.description, s.modality, 0, {s.cols, s.rows, 0}}, {}});
        groups[it->second].slices.push_back(&s);
    }
    std::stable_sort(groups.begin(), groups.end(),
                     [](const Group& a, const Group& b) { return a.slices.size() > b.slices.size(); });
    std::map<std::string, int> seen;
    for (Group& g : groups) {
        const int n = ++seen[g.info.uid];
        if (n > 1) g.info.uid += "#" + std::to_string(n);
        g.info.slices = int(g.slices.size());
        g.info.dims[2] = g.info.slices * std::max(1, g.slices.front()->frames);
    }
    return groups;
}

const char* stored_type(int bits, bool is_signed) {
    if (bits == 8) return is_signed ? "int8" : "uint8";
    if (bits == 16) return is_signed ? "int16" : "uint16";
    if (bits == 32) return is_signed ? "int32" : "uint32";
    return nullptr;
}

}  // namespace

void series_json(JsonWriter* w, const DicomSeriesInfo& s) {
    w->begin_object().key("uid").string(s.uid).key("description").string(s.description);
    w->key("modality").string(s.modality).key("slices").integer(s.slices).key("dims");
    numbers(w, s.dims);
    w->end_object();
}

std::vector<DicomSeriesInfo> dicom_series(const std::vector<DicomSlice>& slices) {
    std::vector<DicomSeriesInfo> out;
    for (const Group& g : groups_of(slices)) out.push_back(g.info);
    return out;
}

bool plan_dicom_series(const std::vector<DicomSlice>& slices, const std::string& uid, DicomPlan* out,
                       std::string* error) {
    const std::vector<Group> groups = groups_of(slices);
    if (groups.empty()) return *error = "no DICOM image among the files", false;
    const auto found = std::find_if(groups.begin(), groups.end(),
                                    [&](const Group& g) { return uid.empty() || g.info.uid == uid; });
    if (found == groups.end()) return *error = "no series " + uid.substr(0, 80) + " among the files", false;
    const Group& g = *found;
    const DicomSlice& first = *g.slices.front();
    const std::string what = "the series" + (first.description.empty() ? "" : " '" + first.description.substr(0, 60) + "'");
    if (first.samples != 1)
        return *error = what + " holds colour images (" + std::to_string(first.samples) +
                        " samples a pixel): a volume needs one value a voxel", false;
    if (first.frames > 1)
        return *error = what + " is multi-frame (" + std::to_string(first.frames) +
                        " frames in one file), which is not read: export it as one file a slice", false;
    const char* type = stored_type(first.bits_allocated, first.is_signed);
    if (!type)
        return *error = what + " has " + std::to_string(first.bits_allocated) +
                        " bits a pixel: 8, 16 or 32 are read", false;
    if (first.rows < 2 || first.cols < 2)
        return *error = what + " has images of " + std::to_string(first.cols) + "×" + std::to_string(first.rows) +
                        " pixels: a volume needs at least 2×2", false;
    if (g.slices.size() < 2)
        return *error = what + " is a single slice (" + std::to_string(first.cols) + "×" +
                        std::to_string(first.rows) + "): a volume needs at least two slices of one series", false;
    for (const DicomSlice* s : g.slices)
        if (!s->has_position)
            return *error = what + ": a slice carries no Image Position or Orientation (Patient), so the slices "
                                   "cannot be put in order", false;

    // The in-plane axes and the normal; slices ordered along it, never by name or number.
    Vec r{first.orientation[0], first.orientation[1], first.orientation[2]};
    Vec c{first.orientation[3], first.orientation[4], first.orientation[5]};
    if (length(r) < 0.5 || length(c) < 0.5 || std::fabs(dot(r, c)) > 0.01 * length(r) * length(c))
        return *error = what + " has an Image Orientation (Patient) whose axes are not perpendicular", false;
    r = scaled(r, 1 / length(r));
    c = scaled(c, 1 / length(c));
    const Vec n = cross(r, c);
    std::vector<const DicomSlice*> order = g.slices;
    std::stable_sort(order.begin(), order.end(),
                     [&](const DicomSlice* a, const DicomSlice* b) { return dot(a->position, n) < dot(b->position, n); });
    const std::size_t count = order.size();
    std::vector<double> gaps(count - 1);
    for (std::size_t k = 0; k + 1 < count; ++k) gaps[k] = dot(order[k + 1]->position, n) - dot(order[k]->position, n);
    std::vector<double> sorted = gaps;
    std::sort(sorted.begin(), sorted.end());
    const double median = sorted[sorted.size() / 2];
    const double tol = std::max(0.01, 0.01 * median);
    const std::size_t shared = std::size_t(std::count_if(gaps.begin(), gaps.end(), [](double x) { return x < 0.01; }));
    if (shared)
        return *error = what + ": " + std::to_string(shared + 1 > count ? count : shared + 1) +
                        " slices share a position with another (several acquisitions in one series?): "
                        "a volume needs one slice a position", false;
    for (std::size_t k = 0; k < gaps.size(); ++k) {
        if (std::fabs(gaps[k] - median) <= tol) continue;
        const double a = dot(order[k]->position, n), b = dot(order[k + 1]->position, n);
        const double steps = std::round(gaps[k] / median);
        if (steps >= 2 && std::fabs(gaps[k] - steps * median) <= tol)
            return *error = what + " is missing " + std::to_string(int(steps) - 1) + " slice(s) between " + mm(a) +
                            " and " + mm(b) + " mm along the slice normal (the others are " + mm(median) +
                            " mm apart): it opens when every slice is there", false;
        return *error = what + " is unevenly spaced: slices " + mm(sorted.front()) + " to " + mm(sorted.back()) +
                        " mm apart (" + mm(gaps[k]) + " mm between " + mm(a) + " and " + mm(b) +
                        " mm): a volume needs even spacing", false;
    }
    // The step from slice to slice; every position on the line it draws.
    const Vec p0 = order.front()->position;
    const Vec step = scaled(minus(order.back()->position, p0), 1.0 / double(count - 1));
    for (std::size_t k = 0; k < count; ++k)
        if (length(minus(order[k]->position, minus(p0, scaled(step, -double(k))))) > std::max(0.01, 0.05 * median))
            return *error = what + ": the slices' positions do not lie on one line, so they are not one volume", false;

    DicomPlan p;
    p.info = g.info;
    for (const DicomSlice* s : order) p.slices.push_back(*s);
    p.dims = {first.cols, first.rows, int(count)};
    p.spacing = {first.pixel_spacing[1], first.pixel_spacing[0], median};
    if (!(p.spacing[0] > 0 && p.spacing[1] > 0))
        return *error = what + " has a Pixel Spacing that is not positive", false;
    const Vec x = scaled(r, p.spacing[0]), y = scaled(c, p.spacing[1]);
    for (int row = 0; row < 3; ++row) {
        p.to_world[std::size_t(4 * row + 0)] = x[std::size_t(row)];
        p.to_world[std::size_t(4 * row + 1)] = y[std::size_t(row)];
        p.to_world[std::size_t(4 * row + 2)] = step[std::size_t(row)];
        p.to_world[std::size_t(4 * row + 3)] = p0[std::size_t(row)];
    }
    p.type = type;
    const bool uniform = std::all_of(order.begin(), order.end(), [&](const DicomSlice* s) {
        return s->bits_allocated == first.bits_allocated && s->is_signed == first.is_signed && s->slope == first.slope &&
               s->intercept == first.intercept;
    });
    if (uniform) p.kept = kept_integers(first.bits_allocated, first.is_signed, first.slope);
    if (p.kept != Stored::F32) p.scaling = {first.slope, first.intercept};
    const double tilt = std::acos(std::min(1.0, std::fabs(dot(step, n)) / length(step))) * 180 / M_PI;
    if (tilt > 0.01)
        p.notes.push_back("gantry tilt of " + mm(tilt) + "°: the slices are sheared in the volume's own frame; "
                          "world coordinates (the export) follow the scanner's positions");
    *out = std::move(p);
    return true;
}

}  // namespace hp
