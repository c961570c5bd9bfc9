#include "histopyramid.h"

namespace hp {

// The levels 1..L: one texture whose lods are the levels, a render target for each lod.
bool HistoPyramid::make_levels(std::string* error) {
    const bool vec4 = desc_.layout == PyramidLayout::Vec4;
    const bool uint = desc_.format == SumFormat::Uint;
    const GLenum format = vec4 ? (uint ? GL_RGBA32UI : GL_RGBA32F) : (uint ? GL_R32UI : GL_R32F);
    pyramid_ = gl::Texture(format, desc_.size / 2, desc_.size / 2, levels_);
    for (int lod = 0; lod < levels_; ++lod) {
        level_targets_.push_back(gl::color_target(pyramid_, lod));
        if (!level_targets_.back()) {
            *error = std::string("cannot render into ") + (vec4 ? "RGBA" : "R") + (uint ? "32UI" : "32F") +
                     " textures" + (uint ? "" : " (EXT_color_buffer_float missing?)");
            return false;
        }
    }
    return true;
}

bool HistoPyramid::init(const HistoPyramidDesc& desc, std::string* error) {
    *this = HistoPyramid();  // start from nothing: what a previous init made is freed

    desc_ = desc;
    const int size = desc.size;
    if (size < 2 || (size & (size - 1)) != 0) {
        *error = "histopyramid size " + std::to_string(size) + " is not a power of two ≥ 2";
        return false;
    }
    levels_ = 0;
    while ((1 << levels_) < size) ++levels_;
    defines_ = std::string(desc.format == SumFormat::Uint ? "#define HP_UINT 1\n" : "") +
               (desc.layout == PyramidLayout::Vec4 ? "#define HP_VEC4 1\n" : "");
    if (!make_levels(error) || !reduce_.init(desc, defines_, error) ||
        !traverse_.init(desc, defines_, levels_, error))
        return false;
    count_.init(desc);
    return true;
}

void HistoPyramid::abandon() {
    pyramid_.abandon();
    for (auto& t : level_targets_) t.abandon();
    reduce_.abandon();
    count_.abandon();
    traverse_.abandon();
}

std::vector<const char*> HistoPyramid::view_chunks() const {
    return {"pyramid_format.glsl", "view_levels_mips.glsl"};
}

void HistoPyramid::bind_view(const gl::Program&, const gl::Texture& base) const {
    gl::bind_texture(0, pyramid_);
    gl::bind_texture(1, base);
}

}  // namespace hp
