#include "png_volume.h"

#include "png_atlas.h"

namespace hp {

bool load_png_volume(const std::uint8_t* data, std::size_t size, int tile, int max_texture_size, Volume* out,
                     AtlasLayout* layout, std::string* error) {
    PngAtlas png;
    if (!load_png_atlas(data, size, tile, max_texture_size, &png, error)) return false;
    const AtlasLayout& l = png.layout;
    Volume v;
    v.dims = l.dims;
    v.values = VoxelValues(Stored::F32, v.count());
    float* f = v.values.floats();
    for (int z = 0; z < v.dims[2]; ++z)
        for (int y = 0; y < v.dims[1]; ++y)
            for (int x = 0; x < v.dims[0]; ++x) {
                const Texel t = l.texel_of({x, y, z});
                f[std::size_t(x) + std::size_t(v.dims[0]) * (std::size_t(y) + std::size_t(v.dims[1]) * std::size_t(z))] =
                    png.values[std::size_t(t.y) * std::size_t(l.atlas) + std::size_t(t.x)];
            }
    v.lo = 0;  // a PNG's values are 0..1 whatever this one holds (iso's range)
    v.hi = 1;
    v.file = "png";
    v.type = png.bits == 16 ? "uint16" : "uint8";
    v.notes.push_back("a " + std::to_string(l.atlas) + "² PNG atlas, " + std::to_string(png.bits) + "-bit, " +
                      std::to_string(png.channels) + (png.channels == 1 ? " channel" : " channels") + ", tiles of " +
                      std::to_string(l.dims[0]));
    *out = std::move(v);
    *layout = l;
    return true;
}

}  // namespace hp
