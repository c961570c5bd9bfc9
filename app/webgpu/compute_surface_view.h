// The 3D view in the WebGPU modes. The GL canvas cannot read WebGPU buffers, so the mesh is
// drawn on a second canvas of the page (#gpu-surface), under the GL canvas at the view's
// panel, where the GL canvas is left transparent. A render pipeline reads the extraction's
// positions and normals by vertex_index (no copy) and draws indirectly: the vertex count is
// the one the GPU wrote into the frame's counter; with shared vertices the draw is indexed
// (drawIndexedIndirect, the index count from the counter too). Shading as surface.frag (shaders/surface.wgsl).
#pragma once

#include <cstdint>
#include <string>

#include "gpu_device.h"
#include "label_set.h"
#include "surface_scene.h"

namespace hp::wgpu {

struct CssRect { double x, y, w, h; };  // CSS pixels, origin at the top left

// What the view draws: the extraction's buffers (positions none: no mesh yet, the view is
// only cleared), the counter holding the draw's arguments (compaction_counter.h), and the
// shared vertices' triangles (indices; none: the soup, drawn as it is).
struct SurfaceBuffers {
    BufferRef positions, normals, counter, indices;
};

class ComputeSurfaceView {
public:
    // Draws the mesh of `mesh` at `r` with pw × ph pixels. False and why, once, when its
    // pipeline cannot be made (the view then shows only its background).
    bool draw(CssRect r, int pw, int ph, const SurfaceBuffers& mesh, const SurfaceScene& scene, std::string* error);
    // A label map's colours and what is shown (color=label), written when `revision` changes;
    // null: none.
    void set_labels(const std::vector<LabelInfo>* labels, std::uint64_t revision);
    // Hides the canvas (the view is not shown or the mode is not WebGPU); cheap when hidden.
    void hide();
    // Drops the pipeline and buffers (the device they belong to is gone).
    void reset();

private:
    bool make_pipeline(std::string* error);

    RenderPipeline pipeline_;
    Buffer uniform_;
    Buffer label_buffer_;  // vec4 a label (surface.wgsl's `labels`)
    std::size_t label_capacity_ = 1;
    int label_count_ = 0;
    std::uint64_t label_revision_ = 0;
    bool labels_rebound_ = false;
    BindGroup group_;
    SurfaceBuffers bound_;  // what group_ binds
    bool shown_ = false;
    bool failed_ = false;  // the pipeline could not be made (said once)
};

}  // namespace hp::wgpu
