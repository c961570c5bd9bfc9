#include "mesh_export.h"

#include <cstring>
#include <string>

namespace hp {
namespace {

// Little-endian on every machine this runs on (x86-64, wasm32); PLY says so in its header.
template <typename T>
void put(std::vector<std::uint8_t>* out, T v) {
    const auto* b = reinterpret_cast<const std::uint8_t*>(&v);
    out->insert(out->end(), b, b + sizeof v);
}

}  // namespace

std::vector<std::uint8_t> write_ply(const float* positions, const float* normals, std::uint32_t vertices) {
    const std::uint32_t faces = vertices / 3;
    const std::string header = "ply\nformat binary_little_endian 1.0\n"
                               "comment marching cubes on a histopyramid, volume units (voxels)\n"
                               "element vertex " + std::to_string(vertices) +
                               "\nproperty float x\nproperty float y\nproperty float z\n"
                               "property float nx\nproperty float ny\nproperty float nz\n"
                               "element face " + std::to_string(faces) +
                               "\nproperty list uchar int vertex_indices\nend_header\n";
    std::vector<std::uint8_t> out(header.begin(), header.end());
    out.reserve(out.size() + std::size_t(vertices) * 24 + std::size_t(faces) * 13);
    for (std::uint32_t i = 0; i < vertices; ++i) {
        for (int k = 0; k < 3; ++k) put(&out, positions[3 * std::size_t(i) + std::size_t(k)]);
        for (int k = 0; k < 3; ++k) put(&out, normals[3 * std::size_t(i) + std::size_t(k)]);
    }
    for (std::uint32_t f = 0; f < faces; ++f) {
        put(&out, std::uint8_t(3));
        for (std::uint32_t k = 0; k < 3; ++k) put(&out, std::int32_t(3 * f + k));
    }
    return out;
}

}  // namespace hp
