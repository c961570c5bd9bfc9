#include "mc_tables.h"

#include <array>
#include <cstdint>

#include "marching_cubes.h"

namespace hp {

void McTables::init() {
    std::array<std::uint8_t, 256> counts{};
    for (int c = 0; c < 256; ++c) counts[std::size_t(c)] = std::uint8_t(mc::vertex_count(c));
    counts_ = gl::Texture(GL_R8UI, 256, 1);
    edges_ = gl::Texture(GL_R8I, 16, 256);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glBindTexture(GL_TEXTURE_2D, counts_.id());
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 256, 1, GL_RED_INTEGER, GL_UNSIGNED_BYTE, counts.data());
    glBindTexture(GL_TEXTURE_2D, edges_.id());
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 16, 256, GL_RED_INTEGER, GL_BYTE, mc::triangle_table());
    glBindTexture(GL_TEXTURE_2D, 0);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
}

void McTables::abandon() {
    counts_.abandon();
    edges_.abandon();
}

void McTables::bind() const {
    gl::bind_texture(kMcCountsUnit, counts_);
    gl::bind_texture(kMcEdgesUnit, edges_);
}

}  // namespace hp
