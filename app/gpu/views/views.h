// The demo's three 2D views, each drawn into a panel of the current framebuffer, scaled to
// fit: the slice atlas (view_slices.h), the pyramid (view_pyramid.h) and the compacted
// stream (view_stream.h). Each reads the pipeline's textures directly: no copies.
#pragma once

#include <cstdint>
#include <string>

#include "compactor.h"
#include "gl_objects.h"
#include "surface_view.h"
#include "view_pyramid.h"
#include "view_slices.h"
#include "view_stream.h"
#include "volume_stages.h"

namespace hp {

class Views {
public:
    bool init(std::string* error);
    void abandon();

    // range: the values drawn from black to white; bricks: null, or the bricks to mark.
    void slices(PanelRect r, const VolumeStages& volume, float iso, const std::array<float, 2>& range,
                const BrickMarks* bricks = nullptr) {
        slices_.draw(r, volume, iso, range, bricks);
    }
    // False with the reason in `error` (when given) if the program for `c`'s levels cannot be
    // built: the panel stays empty.
    bool pyramid(PanelRect r, const gl::Texture& base, const PyramidViewSource& c, std::string* error = nullptr) {
        return pyramid_.draw(r, base, c, error);
    }
    // `stream`: RGBA32F, size×size, key k at (k mod size, k div size).
    void stream(PanelRect r, const gl::Texture& stream, int size, std::uint32_t count,
                const std::array<int, 3>& dims) const {
        stream_.draw(r, stream, size, count, dims);
    }

    static float pyramid_aspect() { return PyramidView::aspect(); }
    static int stream_rows_shown(int size, std::uint32_t count) { return StreamView::rows_shown(size, count); }

private:
    SlicesView slices_;
    PyramidView pyramid_;
    StreamView stream_;
};

}  // namespace hp
