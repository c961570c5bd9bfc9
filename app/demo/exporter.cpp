#include "exporter.h"

#include <algorithm>

#include "reference_mesh.h"

namespace hp {
namespace {

// The atlas the frame ran on: `given`, or read back from the backend into `read`.
const float* atlas_of(const FrameData& f, const float* given, std::vector<float>* read) {
    if (given) return given;
    if (f.backend) *read = f.backend->read_atlas();
    return read->empty() ? nullptr : read->data();
}

}  // namespace

std::vector<float> gpu_stream(const FrameData& f, std::uint32_t limit) {
    return f.backend ? f.backend->read_stream(std::min(limit, f.result.count)) : std::vector<float>();
}

std::vector<StreamEntry> reference(const FrameData& f, const float* atlas, std::uint32_t limit) {
    std::vector<float> read;
    const float* a = atlas_of(f, atlas, &read);
    return a ? reference_stream(f.layout, a, f.state.classify, f.state.iso, limit) : std::vector<StreamEntry>();
}

MeshCopy gpu_mesh(const FrameData& f, std::uint32_t limit) {
    return f.backend ? f.backend->read_mesh(f.result, limit) : MeshCopy{};
}

MeshCopy reference_mesh(const FrameData& f, const float* atlas, std::uint32_t limit) {
    std::vector<float> read;
    const float* a = atlas_of(f, atlas, &read);
    if (!a) return {};
    const MeshData r = hp::reference_mesh(f.layout, a, f.state.iso, limit);
    return {r.vertices, r.positions, r.normals};
}

std::vector<std::uint8_t> export_mesh(const FrameData& f, MeshFile type, bool closed, const float* atlas,
                                      std::string* error) {
    const LoadedVolume* loaded = f.sources.shown(f.state);
    std::vector<float> values;  // the voxels, x fastest, when they are not the loaded volume's own
    const std::array<int, 3> dims = f.layout.dims;
    if (!loaded) {
        std::vector<float> read;
        const float* a = atlas_of(f, atlas, &read);
        if (!a) return *error = "the volume could not be read back", std::vector<std::uint8_t>();
        values.resize(std::size_t(f.layout.voxel_count()));
        for (int z = 0; z < dims[2]; ++z)
            for (int y = 0; y < dims[1]; ++y)
                for (int x = 0; x < dims[0]; ++x)
                    values[std::size_t(x) + std::size_t(dims[0]) * (std::size_t(y) + std::size_t(dims[1]) * std::size_t(z))] =
                        atlas_value(f.layout, a, {x, y, z});
    }
    const float* v = loaded ? loaded->volume.values.data() : values.data();
    return hp::export_mesh(volume_mesh(v, dims, f.state.iso, closed), type, f.sources.mesh_world(f.state), error);
}

std::vector<std::uint8_t> export_indexed(const FrameData& f, const IndexedMesh& mesh, MeshFile type,
                                         std::string* error) {
    return hp::export_mesh(mesh, type, f.sources.mesh_world(f.state), error);
}

}  // namespace hp
