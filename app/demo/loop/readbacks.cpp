#include "readbacks.h"

#include <unordered_map>

#include "cpu_reference.h"
#include "reference_mesh.h"

namespace hp {
namespace {

constexpr int kMeshFramesWaited = 30;

std::vector<float> floats_of(const std::vector<StreamEntry>& entries) {
    std::vector<float> out;
    out.reserve(4 * entries.size());
    for (const StreamEntry& e : entries) out.insert(out.end(), {e.x, e.y, e.z, e.w});
    return out;
}

// Each soup vertex's edge id, from the surface stream the mesh was extracted from (a cell's
// vertices follow the table's order for its case).
std::vector<double> edges_of(const std::vector<float>& stream, std::size_t n, const std::array<int, 3>& dims) {
    std::vector<StreamEntry> entries(stream.size() / 4);
    for (std::size_t i = 0; i < entries.size(); ++i)
        entries[i] = {stream[4 * i], stream[4 * i + 1], stream[4 * i + 2], stream[4 * i + 3]};
    const std::vector<std::uint64_t> ids = stream_edges(entries, dims);
    return std::vector<double>(ids.begin(), ids.begin() + std::ptrdiff_t(std::min(n, ids.size())));
}

}  // namespace

int Readbacks::ask(const ReadAsk& a) {
    const int id = next_++;
    jobs_[id].ask = a;
    return id;
}

const ReadResult* Readbacks::result(int id) const {
    const auto it = jobs_.find(id);
    return it == jobs_.end() ? nullptr : &it->second.result;
}

int Readbacks::fail(Job* j, const std::string& why) {
    j->result.error = why;
    return j->state = -1;
}

// Asks the backend for what the read needs: Waiting while a mesh read waits for a frame that
// ran the surface stages; Nothing where nothing needs reading (a loaded volume's own values);
// Processing where the mesh work holds or makes the processed mesh asked for already.
Readbacks::Start Readbacks::start(Job* j, const FrameData& f, std::uint64_t frame,
                                  const std::function<void()>& want_mesh) {
    const ReadAsk& a = j->ask;
    const bool processed = a.kind == ReadKind::MeshFile || a.kind == ReadKind::MeshReport;
    const bool closed = processed && closed_of(f, a.closed);
    const bool gpu_mesh = a.kind == ReadKind::Mesh || (processed && gpu_indexes(f, closed) && !j->shared_tried);
    if (processed && !j->shared_tried) {
        j->steps = steps_of(f);
        j->surface_key = surface_key(f, closed);
        if (mesh_.has(j->surface_key, j->steps)) return Start::Processing;
        if (mesh_.has_surface(j->surface_key)) {  // other steps on the surface kept: nothing to read
            mesh_.start(mesh_input(f, j->surface_key, j->steps, closed));
            return Start::Processing;
        }
    }
    if (gpu_mesh && !f.backend->mesh_ready(f.result)) {
        if (!j->waits_from) j->waits_from = frame + 1;
        if (frame < j->waits_from + kMeshFramesWaited) {
            want_mesh();
            return Start::Waiting;
        }
    }
    ReadRequest q;
    switch (a.kind) {
        case ReadKind::Stream:
            q.stream = true;
            q.keys = a.limit;
            break;
        case ReadKind::Reference:
        case ReadKind::ReferenceMesh: q.atlas = true; break;
        case ReadKind::Mesh:
            q.mesh = true;
            q.labels = f.state.classify == Classify::Labels;
            q.vertices = a.limit;
            q.stream = true;  // the edge ids
            break;
        case ReadKind::MeshFile:
        case ReadKind::MeshReport:
            if (gpu_mesh) {
                j->shared_tried = true;
                q.mesh = true;
            } else if (f.sources.shown(f.state)) {
                return Start::Nothing;
            } else {
                q.atlas = true;
            }
            break;
    }
    j->ticket = f.backend->read(q, f.result);
    return Start::Asked;
}

int Readbacks::poll(int id, const FrameData& f, std::uint64_t frame, const std::function<void()>& want_mesh) {
    const auto it = jobs_.find(id);
    if (it == jobs_.end()) return -1;
    Job* j = &it->second;
    if (j->state != 0) return j->state;
    if (j->processing) return processed(j, f);
    if (!f.backend) return fail(j, "there is no pipeline to read back");
    std::string gone;
    if (!f.backend->alive(&gone)) return fail(j, "the GPU cannot be read back: " + gone);
    Reading r;
    if (!j->ticket) {
        const Start s = start(j, f, frame, want_mesh);
        if (s == Start::Waiting) return 0;
        if (s == Start::Processing) return j->processing = true, processed(j, f);
        if (s == Start::Nothing) return finish(j, r, f);
    }
    std::string why;
    const int state = j->ticket->poll(&r, &why);
    if (state == 0) return 0;
    j->ticket.reset();
    if (state < 0) return fail(j, why);
    return finish(j, r, f);
}

int Readbacks::finish(Job* j, Reading& r, const FrameData& f) {
    ReadResult& out = j->result;
    const ReadAsk& a = j->ask;
    // A pipeline made while the atlas was on its way (a new layout) does not read it.
    if (!r.atlas.empty() && r.atlas.size() != std::size_t(f.layout.texel_count()))
        return fail(j, "the volume changed while its atlas was read back: ask again");
    // The reference reads the atlas as the GPU did: voxels outside the crop box as background.
    if ((a.kind == ReadKind::Reference || a.kind == ReadKind::ReferenceMesh) && !r.atlas.empty())
        crop_atlas(f.layout, r.atlas.data(), crop_of(f.state, f.layout.dims),
                   crop_background(f.state.classify, f.state.iso, f.sources.range_of(f.state)));
    switch (a.kind) {
        case ReadKind::Stream: out.entries = std::move(r.stream); break;
        case ReadKind::Reference:
            if (r.atlas.empty()) return fail(j, "the atlas could not be read back");
            out.entries = floats_of(reference_stream(f.layout, r.atlas.data(), f.state.classify, f.state.iso, a.limit));
            break;
        case ReadKind::ReferenceMesh: {
            if (r.atlas.empty()) return fail(j, "the atlas could not be read back");
            const MeshData m = f.state.classify == Classify::Labels
                                   ? reference_label_mesh(f.layout, r.atlas.data(), a.limit)
                                   : reference_mesh(f.layout, r.atlas.data(), f.state.iso, a.limit);
            out.mesh = {m.vertices, m.positions, m.normals, m.labels, m.other_labels};
            break;
        }
        case ReadKind::Mesh: {
            out.mesh = std::move(r.mesh);
            const std::size_t n = out.mesh.positions.size() / 3;
            if (f.state.classify == Classify::Labels) {  // a soup of dual-cell vertices: no edge ids
                out.indices.resize(n);
                for (std::size_t i = 0; i < n; ++i) out.indices[i] = std::uint32_t(i);
                out.shared_vertices = std::uint32_t(n);
                break;
            }
            out.edges = edges_of(r.stream, n, f.layout.dims);
            if (r.indexed) {
                out.indices = std::move(r.indices);
                out.shared_vertices = r.shared;
                break;
            }
            std::unordered_map<double, std::uint32_t> seen;  // the edges welded as they first appear
            for (double e : out.edges) out.indices.push_back(seen.emplace(e, std::uint32_t(seen.size())).first->second);
            out.shared_vertices = std::uint32_t(seen.size());
            break;
        }
        case ReadKind::MeshFile:
        case ReadKind::MeshReport: {
            // The GPU's own vertices and indices, welded already, where it kept the whole surface.
            const bool whole = r.indexed && r.indices.size() == r.mesh.vertices && r.shared == r.shared_positions.size() / 3;
            if (!whole && r.atlas.empty() && !f.sources.shown(f.state))
                return 0;  // not the GPU's indexed mesh after all: the atlas, from the next poll
            // The mesh is made under the key and steps the read was asked with (the surface the
            // GPU indexed, or its fallback read from the atlas: the same surface).
            MeshInput in = mesh_input(f, j->surface_key, j->steps, closed_of(f, a.closed));
            if (whole) {
                in.indexed = {std::move(r.shared_positions), std::move(r.shared_normals), std::move(r.indices)};
                in.indexed.indices.resize(in.indexed.indices.size() / 3 * 3);
                in.has_indexed = true;
            } else if (!read_values(f, r.atlas.empty() ? nullptr : r.atlas.data(), &in, &out.error)) {
                return fail(j, out.error);
            }
            mesh_.start(std::move(in));
            j->processing = true;
            return processed(j, f);
        }
    }
    return j->state = 1;
}

int Readbacks::processed(Job* j, const FrameData& f) {
    if (!mesh_.has(j->surface_key, j->steps))
        return fail(j, "another mesh was asked for while this one was made: ask again");
    const bool made = mesh_.step(kPollSliceMs);
    if (!mesh_.failed().empty()) return fail(j, mesh_.failed());
    if (!made) return 0;
    ReadResult& out = j->result;
    if (j->ask.kind == ReadKind::MeshReport) {
        const ShellInfo* shell = f.state.shell > 0 && f.state.classify == Classify::Surface ? f.sources.shell().info() : nullptr;
        const std::string json = mesh_report_json(mesh_, f.sources.labels(f.state), shell_json(shell));
        out.bytes.assign(json.begin(), json.end());
    } else {
        const std::vector<LabelInfo>* labels = mesh_.labels() ? f.sources.labels(f.state) : nullptr;
        out.bytes = labels ? write_mesh(labelled_mesh(mesh_.mesh(), *labels), j->ask.type, &out.error)
                           : write_mesh(mesh_.mesh(), j->ask.type, &out.error);
        if (out.bytes.empty()) return fail(j, out.error.empty() ? "no surface to export" : out.error);
    }
    return j->state = 1;
}

// The key of the surface the processed view shows for this frame.
std::string Readbacks::view_key(const FrameData& f) const { return surface_key(f, f.state.closed); }

bool Readbacks::processed_current(const FrameData& f) const {
    return mesh_.done() && mesh_.has(view_key(f), steps_of(f));
}

void Readbacks::show_processed(const FrameData& f, std::uint64_t frame, const std::function<void()>& want_mesh) {
    if (view_read_) {
        const auto it = jobs_.find(view_read_);
        if (it != jobs_.end() && it->second.processing && mesh_.busy()) return;  // work() makes it, a slice a frame
        const int state = poll(view_read_, f, frame, want_mesh);
        if (state == 0) return;
        end(view_read_);
        view_read_ = 0;
    }
    if (mesh_.busy() || !f.backend || !(shows_processed(f.state) || processed_asked_)) return;
    processed_asked_ = false;
    if (mesh_.has(view_key(f), steps_of(f))) return;
    ReadAsk a;
    a.kind = ReadKind::MeshReport;
    view_read_ = ask(a);
}

}  // namespace hp
