// The demo's three views, each drawn into a panel of the current framebuffer, scaled to fit:
// the slice atlas, the pyramid (base and every level side by side, like the article's debug
// image) and the compacted stream. Each reads the pipeline's textures directly: no copies.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gl_objects.h"
#include "compactor.h"
#include "surface_view.h"
#include "volume_stages.h"

namespace hp {


class Views {
public:
    bool init(std::string* error);
    void abandon();

    void slices(PanelRect r, const VolumeStages& volume, float iso) const;
    // The pyramid view's program depends on how the compactor stores its levels: built the
    // first time a kind of compactor is shown, then kept.
    void pyramid(PanelRect r, const gl::Texture& base, const PyramidViewSource& c);
    // `stream`: RGBA32F, size×size, key k at (k mod size, k div size).
    void stream(PanelRect r, const gl::Texture& stream, int size, std::uint32_t count, int volume) const;

    // The pyramid view is twice as wide as high (the base, then the levels beside it).
    static float pyramid_aspect() { return 2.0f; }
    // The stream view shows its first rows, a power of two from 16 that holds `count` keys.
    static int stream_rows_shown(int size, std::uint32_t count);

private:
    struct ViewProgram {
        gl::Program program;
        GLint panel = -1, shown = -1;
    };
    bool build(ViewProgram* v, const std::vector<const char*>& chunks, std::string* error,
               const std::string& defines = "");
    void begin(const ViewProgram& v, PanelRect r, float shown_w, float shown_h) const;

    struct PyramidProgram {
        std::string key;  // the compactor's chunks and defines
        ViewProgram view;
        GLint size = -1;
    };
    const PyramidProgram* pyramid_program(const PyramidViewSource& c);

    ViewProgram slices_, stream_;
    std::vector<PyramidProgram> pyramids_;
    GLint u_count_ = -1, u_volume_size_ = -1;
    gl::VertexArray vao_;
};

}  // namespace hp
