#include "mesh_extract_pass.h"

#include "surface_mesh.h"

namespace hp {

HistoPyramidDesc MeshExtractPass::pyramid_desc(int size, SumFormat format) {
    HistoPyramidDesc desc;
    desc.size = size;
    desc.format = format;
    desc.emit = {"volume.glsl", "mc_tables.glsl", "labels.glsl", "emit_mesh_vertex.glsl", "stream_tiles.glsl"};
    desc.traverse_main = "mesh_extract.frag";
    desc.stream_outputs = 2;
    desc.tiles = true;
    return desc;
}

void MeshExtractPass::run(SurfaceMesh& mesh, std::uint32_t limit) {
    mesh.tables().bind();
    mesh.pyramid().traverse(mesh.counts(), limit);
}

}  // namespace hp
