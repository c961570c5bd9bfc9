// The Explain view's pass: walks one key down the pyramid a frame built, on the GPU, and reads
// the walk back (shaders/explain_walk.frag): each level's texel, sum, first key and children's
// sums. It reads the levels through the same PyramidViewSource as the pyramid view, so the one
// pass serves every layout (scalar and vec4 mips, float or uint, the baseline's atlas, the
// WebGPU histopyramid's Morton-ordered copy); for a scan (no levels) it finds the key's element
// inside the tile that app/core/explain.h's scan_place chose. Then the cell's corners are read
// from the atlas. Not timed: it runs for the view and the API, outside the frame's passes.
#pragma once

#include <string>
#include <vector>

#include "compactor.h"
#include "explain.h"
#include "gl_objects.h"
#include "volume_stages.h"

namespace hp {

class ExplainPass {
public:
    bool init(std::string* error);  // the targets; each program is built the first time it is needed
    void abandon();

    // The walk of key `e->key` over `levels`' pyramid (its base: `volume`'s); fills e's path,
    // base texel, voxel and cell, or refuses the key past the pyramid's total. False with why
    // when the program cannot be built or the walk does not hold together.
    bool walk(const PyramidViewSource& levels, const VolumeStages& volume, Classify classify, float iso,
              Explanation* e, std::string* error);
    // The same for a scan: `e->place` says the tile and the key's place in it.
    bool find_in_tile(const PyramidViewSource& levels, const VolumeStages& volume, Classify classify, float iso,
                      Explanation* e, std::string* error);

private:
    struct Program {
        std::string key, error;
        gl::Program program;
        GLint key_u = -1, top = -1, scan_size = -1, scan_first = -1;
    };
    const Program* program_for(const PyramidViewSource& c, std::string* error);
    // Draws the walk into the targets and reads `steps` of them back, 8 numbers a step.
    std::vector<std::uint32_t> run(const Program& p, const PyramidViewSource& levels, const VolumeStages& volume,
                                   std::uint32_t key, int steps, int scan_size, std::uint32_t scan_first);
    void read_cell(const VolumeStages& volume, Classify classify, float iso, Explanation* e) const;

    static constexpr int kWidth = 16;  // steps: up to 4096² (12 levels above the base)
    std::vector<Program> programs_;
    gl::Texture steps_, children_;
    gl::Framebuffer target_;
    gl::VertexArray vao_;
};

}  // namespace hp
