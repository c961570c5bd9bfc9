// The pyramid view: the base and every level above it side by side, like the article's debug
// image, each texel colored by its total (shaders/view_pyramid.frag). How the levels are
// stored depends on the compaction (mip chain, the baseline's atlas, WebGPU's Morton-ordered
// copy): its PyramidViewSource names the chunks that read them, so the program is built the
// first time a kind of compaction is shown, then kept.
#pragma once

#include <string>
#include <vector>

#include "compactor.h"
#include "view_program.h"

namespace hp {

class PyramidView {
public:
    void init() { programs_.clear(); }  // each built on its first show
    void abandon();
    // False with the reason when the program for `c`'s levels cannot be built (the panel
    // stays empty; the same reason is given again, nothing is compiled again).
    bool draw(PanelRect r, const gl::Texture& base, const PyramidViewSource& c, std::string* error);
    // Twice as wide as high: the base, then the levels beside it.
    static float aspect() { return 2.0f; }

private:
    struct Program {
        std::string key;    // the compaction's chunks and defines
        std::string error;  // why it could not be built; empty when it was
        ViewProgram view;
        GLint size = -1;
    };
    const Program& program_for(const PyramidViewSource& c);

    std::vector<Program> programs_;
};

}  // namespace hp
