#include "exporter.h"

#include "reference_mesh.h"

namespace hp {
std::vector<std::uint8_t> export_mesh(const FrameData& f, MeshFile type, bool closed, const float* atlas,
                                      std::string* error) {
    const LoadedVolume* loaded = f.sources.shown(f.state);
    std::vector<float> values;  // the voxels, x fastest, when they are not the loaded volume's own
    const std::array<int, 3> dims = f.layout.dims;
    if (!loaded) {
        const float* a = atlas;
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
