// The reference article's histopyramid as published, for comparison in the same run: scalar
// sums in RGBA32F, each level rendered into its own texture and copied into one pyramid atlas
// (levels side by side), the traversal reading that atlas through normalized texture
// coordinates (three reads a level), the count packed into RGBA8 and read back with a
// blocking readPixels every frame. Only what the article gets wrong is fixed (docs/benchmark.md); the
// stream is the same as the histopyramid's.
#pragma once

#include "compactor.h"

namespace hp {

class BaselinePyramid final : public Compactor {
public:
    bool init(int size, const std::vector<const char*>& emit, std::string* error);
    void abandon() override;
    int size() const override { return size_; }

    void reduce(const gl::Texture& base) override;
    std::uint32_t read_count() override;
    void traverse(const gl::Texture& base, std::uint32_t limit) override;

    std::vector<float> read_stream(std::uint32_t count) const override;
    const gl::Texture& stream() const override { return stream_; }
    const gl::Program& traversal_program() const override { return traverse_; }
    std::vector<const char*> view_chunks() const override { return {"view_levels_baseline.glsl"}; }
    void bind_view(const gl::Program& p, const gl::Texture& base) const override;

private:
    int size_ = 0, levels_ = 0;
    std::vector<gl::Texture> levels_tex_;       // S/2, S/4, ..., 1
    std::vector<gl::Framebuffer> level_targets_;
    gl::Texture atlas_;                         // S × S/2: the level of s×s at x = S - 2s
    gl::Texture packed_;                        // 1×1 RGBA8: the count's four bytes
    gl::Framebuffer packed_target_;
    gl::Texture stream_;
    gl::Framebuffer stream_target_;
    gl::Program reduce_, pack_, traverse_;
    gl::VertexArray vao_;
    GLint u_previous_size_ = -1, u_limit_ = -1;
    int stream_rows_dirty_ = 0;
};

}  // namespace hp
