#include "mesh_extract_pass.h"

#include "mc_tables.h"
#include "volume_stages.h"

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

void MeshExtractPass::init(const HistoPyramid& pyramid) {
    McTables::set_units(pyramid.traversal_program());
    volume_ = VolumeUniforms::of(pyramid.traversal_program());
}

void MeshExtractPass::run(const VolumeStages& volume, const McTables& tables, HistoPyramid& pyramid,
                          const gl::Texture& counts, Classify mode, float iso, std::uint32_t limit) const {
    volume.bind_volume(pyramid.traversal_program(), volume_, mode, iso);
    tables.bind();
    pyramid.traverse(counts, limit);
}

}  // namespace hp
