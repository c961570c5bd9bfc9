#include "exporter.h"

#include <algorithm>
#include <cmath>

#include "json_writer.h"
#include "mesh_files.h"
#include "reference_mesh.h"

namespace hp {

bool closed_of(const FrameData& f, int asked) { return asked < 0 ? f.state.closed : asked != 0; }

MeshSteps steps_of(const FrameData& f) {
    const std::array<double, 12> w = f.sources.mesh_world(f.state);
    double smallest = INFINITY;
    for (int c = 0; c < 3; ++c)  // a voxel's edge along each index axis
        smallest = std::min(smallest, std::sqrt(w[c] * w[c] + w[4 + c] * w[4 + c] + w[8 + c] * w[8 + c]));
    return mesh_steps(f.state, smallest);
}

bool gpu_indexes(const FrameData& f, bool closed) {
    return !closed && f.state.classify != Classify::Labels && f.state.vertices == MeshVertices::Shared && f.backend && f.backend->indexes_mesh();
}

std::string surface_key(const FrameData& f, bool closed) {
    const LoadedVolume* loaded = f.sources.values_shown(f.state);
    char iso[40];
    std::snprintf(iso, sizeof iso, "%a", double(f.state.iso));  // exact
    std::string key = loaded ? "loaded " + std::to_string(loaded->generation)
                             : std::string(name_of(f.state.source)) + " " + std::to_string(f.layout.dims[0]) + " " +
                                   std::to_string(f.layout.atlas) + " t" + std::to_string(f.state.time);
    const CropBox box = crop_of(f.state, loaded ? loaded->volume.dims : f.layout.dims);
    for (std::size_t a = 0; a < 3; ++a) key += " " + std::to_string(box.lo[a]) + "-" + std::to_string(box.hi[a]);
    // Every label's mesh, closed; names, colours and what is shown are applied when written.
    if (f.state.classify == Classify::Labels) return key + " labels";
    return key + " iso " + iso + (closed ? " closed" : " open") + (gpu_indexes(f, closed) ? " gpu" : " cpu");
}

MeshInput mesh_input(const FrameData& f, const std::string& key, const MeshSteps& steps, bool closed) {
    const LoadedVolume* loaded = f.sources.values_shown(f.state);
    MeshInput in;
    in.surface_key = key;
    in.steps = steps;
    in.closed = closed;
    // A loaded volume's own dims: one loaded since the last frame is not yet in the layout.
    in.dims = loaded ? loaded->volume.dims : f.layout.dims;
    in.iso = f.state.iso;
    in.crop = crop_of(f.state, in.dims);
    in.background = crop_background(f.state.classify, f.state.iso, f.sources.range_of(f.state));
    in.world = f.sources.mesh_world(f.state);
    if (f.state.classify == Classify::Labels) {
        in.labels = true;
        in.closed = true;  // by construction: the background is past the volume's faces
        if (const std::vector<LabelInfo>* l = f.sources.labels(f.state)) in.parts = mesh_parts(*l);
    }
    return in;
}

bool read_values(const FrameData& f, const float* atlas, MeshInput* in, std::string* error) {
    if (const LoadedVolume* loaded = f.sources.values_shown(f.state)) {
        in->values = loaded->volume.values;  // in its stored type, read where it is
        return true;
    }
    if (!atlas) return *error = "the volume could not be read back", false;
    const std::array<int, 3>& d = in->dims;
    in->owned.resize(std::size_t(f.layout.voxel_count()));
    for (int z = 0; z < d[2]; ++z)
        for (int y = 0; y < d[1]; ++y)
            for (int x = 0; x < d[0]; ++x)
                in->owned[std::size_t(x) + std::size_t(d[0]) * (std::size_t(y) + std::size_t(d[1]) * std::size_t(z))] =
                    atlas_value(f.layout, atlas, {x, y, z});
    return true;
}

void voxel_surface(const MeshWork& w, ProcessedSurface* out) {
    const std::array<double, 12>& m = w.world();
    // The 3×3 part's inverse (its adjugate over the determinant); normals go by its transpose.
    const double a = m[0], b = m[1], c = m[2], d = m[4], e = m[5], f = m[6], g = m[8], h = m[9], i = m[10];
    const double adj[9] = {e * i - f * h, c * h - b * i, b * f - c * e, f * g - d * i, a * i - c * g,
                           c * d - a * f, d * h - e * g, b * g - a * h, a * e - b * d};
    const double det = a * adj[0] + b * adj[3] + c * adj[6];
    const WorldMesh& mesh = w.mesh();
    out->positions.clear(), out->normals.clear();
    out->positions.reserve(3 * mesh.positions.size()), out->normals.reserve(3 * mesh.positions.size());
    for (std::size_t v = 0; v < mesh.positions.size(); ++v) {
        const Vec3 p = mesh.positions[v] - Vec3{m[3], m[7], m[11]};
        const Vec3& n = mesh.normals[v];
        for (int r = 0; r < 3; ++r) {
            out->positions.push_back(float((adj[3 * r] * p.x + adj[3 * r + 1] * p.y + adj[3 * r + 2] * p.z) / det));
            out->normals.push_back(float(m[r] * n.x + m[4 + r] * n.y + m[8 + r] * n.z));  // Mᵀ n
        }
    }
    out->indices = mesh.faces;
    out->labels.clear();
    if (!mesh.face_part.empty()) {  // a label map's: each label's vertices its own
        out->labels.assign(mesh.positions.size(), 0.0f);
        for (std::size_t t = 0; t < mesh.face_part.size(); ++t)
            for (std::size_t k = 0; k < 3; ++k) out->labels[mesh.faces[3 * t + k]] = mesh.parts[mesh.face_part[t]].label;
    }
    if (det < 0)  // a mirrored frame: the faces were turned for the world; turned back for voxels
        for (std::size_t t = 0; t < out->indices.size(); t += 3) std::swap(out->indices[t + 1], out->indices[t + 2]);
    out->revision = w.revision();
}

namespace {
// A mesh's report (mesh_process.h) as the JSON's fields: the whole mesh's and each label's.
void report_fields(JsonWriter& j, const MeshReport& r) {
    j.key("triangles").integer(std::int64_t(r.triangles)).key("vertices").integer(std::int64_t(r.vertices));
    j.key("pieces").integer(std::int64_t(r.pieces));
    j.key("boundaryEdges").integer(std::int64_t(r.boundary_edges));
    j.key("nonManifoldEdges").integer(std::int64_t(r.nonmanifold_edges));
    j.key("zeroAreaTriangles").integer(std::int64_t(r.zero_area));
    j.key("volumeMm3").number(r.volume_mm3, 12).key("areaMm2").number(r.area_mm2, 12);
}
}  // namespace

WorldMesh labelled_mesh(const WorldMesh& mesh, const std::vector<LabelInfo>& labels) {
    WorldMesh m = mesh;
    const std::vector<MeshPart> now = mesh_parts(labels);  // in the order the mesh's parts were made
    for (std::size_t i = 0; i < m.parts.size() && i < now.size(); ++i)
        if (m.parts[i].label == now[i].label) m.parts[i] = now[i];
    std::vector<float> shown;
    for (const LabelInfo& l : labels)
        if (l.shown) shown.push_back(l.value);
    return shown.size() == labels.size() ? m : shown_parts(m, shown);
}

void labels_json(JsonWriter& j, const std::vector<LabelInfo>& labels, const std::vector<MeshReport>* reports) {
    j.begin_array();
    for (std::size_t i = 0; i < labels.size(); ++i) {
        const LabelInfo& l = labels[i];
        char color[8];
        std::snprintf(color, sizeof color, "#%02x%02x%02x", l.rgb[0], l.rgb[1], l.rgb[2]);
        j.begin_object();
        j.key("value").number(l.value, 9).key("name").string(l.name).key("color").string(color);
        j.key("voxels").integer(std::int64_t(l.voxels)).key("shown").boolean(l.shown);
        if (reports && i < reports->size()) {
            report_fields(j, (*reports)[i]);
        }
        j.end_object();
    }
    j.end_array();
}

std::string mesh_report_json(const MeshWork& w, const std::vector<LabelInfo>* labels, const std::string& shell) {
    const MeshReport& r = w.report();
    const StepsDone& d = w.steps_done();
    const MeshSteps& s = w.steps();
    JsonWriter j;
    j.begin_object();
    report_fields(j, r);
    j.key("closed").boolean(w.closed());
    j.key("steps").begin_object();
    j.key("pieces").string(kPiecesNames[std::size_t(s.pieces)]).key("minPiece").number(s.min_piece_mm3);
    j.key("smooth").integer(s.smooth).key("decimate").integer(s.decimate);
    j.key("maxErrorMm").number(s.max_error_mm, 9);
    j.end_object();
    j.key("zeroAreaMerged").integer(std::int64_t(d.zero_area_merged));
    j.key("piecesBefore").integer(std::int64_t(d.pieces_before)).key("piecesKept").integer(std::int64_t(d.pieces_kept));
    j.key("decimatedFrom").integer(std::int64_t(d.decimate_from));
    j.key("decimateErrorMm").number(d.decimate_error_mm, 9);
    j.key("verticesSplit").integer(std::int64_t(d.vertices_split));
    j.key("ms").fixed(w.ms(), 1);
    j.key("shell").raw(shell);  // the shell the mesh was made of: its volume above is the material's
    if (w.labels() && labels) {
        j.key("labels");
        labels_json(j, *labels, &w.part_reports());
    }
    j.end_object();
    return j.text();
}

}  // namespace hp
