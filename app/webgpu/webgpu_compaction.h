// One frame of the demo in WebGPU compute, the whole of it on its own device (WebGL and
// WebGPU share no textures): source → classify (base in Morton order) → compaction → count →
// stream, then the surface (compute_mesh.h) when asked for. The frame is an ordered list of
// stages (stage.h), built at init for the mode and the scan:
//  - webgpu-scan, scan=blocks: classification fused with the block scan of the base (each
//    1024-texel Morton block scanned in its workgroup, its count written), the block counts
//    scanned (BlockScan), the count, then a scatter of the active elements to prefix + offset;
//  - webgpu-scan, scan=rts: reduce-then-scan over tiles of 4096 texels (tile_scan.h): a
//    classifying reduce, one spine workgroup that also fills the counter, a downsweep that
//    scatters; scan=single: one dispatch with decoupled look-back and fallback;
//  - webgpu-pyramid: a histopyramid built by compute reduction (up to five levels a
//    dispatch) and traversed one invocation a key, dispatched indirectly.
// Both write the WebGL2 modes' stream: same elements, same order, same [x, y, z, w]. The
// count is never needed by the CPU for the work (the GPU sizes its own dispatches); it is
// read back with mapAsync for display, sync (the next frame waits for it) or async (the
// newest arrived, with its age).
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "atlas_layout.h"
#include "compute_mesh.h"
#include "compute_plan.h"
#include "frame.h"
#include "gpu_device.h"
#include "png_atlas.h"
#include "stage.h"
#include "tile_scan.h"

namespace hp {

class PassTimes;

// What the views show of the newest frame, read back from WebGPU (display only: outside the
// timed passes).
struct ComputeDisplay {
    std::vector<float> atlas;           // the volume's rows of the atlas, row-major (or none)
    std::vector<std::uint32_t> levels;  // webgpu-pyramid: the level buffer (PyramidPlan)
    std::vector<float> stream;          // the first `stream_rows` rows of the stream, RGBA
    int stream_rows = 0;
};

class WebGpuCompaction {
public:
    // Whether the page got a WebGPU device; if not, why.
    static bool available(std::string* reason);

    WebGpuCompaction() = default;
    WebGpuCompaction(const WebGpuCompaction&) = delete;  // its stages point into it
    WebGpuCompaction& operator=(const WebGpuCompaction&) = delete;

    bool init(const AtlasLayout& layout, Pyramid mode, std::string* error);
    void upload(const PngAtlas& png);

    // Collects what has arrived (counts, timestamps into `timer`, display data). Call once
    // at the start of every frame.
    void poll(PassTimes* timer);
    // Run nothing new now: in sync readback the last frame's count has not arrived yet;
    // otherwise kFramesInFlight frames are still on the GPU (WebGPU submissions are not
    // throttled by the page's frame rate: without a bound a slow GPU's queue grows forever).
    static constexpr std::size_t kFramesInFlight = 3;
    bool busy() const { return bool(sync_ticket_) || count_reads_.size() >= kFramesInFlight; }
    // Issues one frame. With Readback::Sync the result's count comes through
    // take_sync_result() once it arrives; otherwise the result is final.
    FrameResult run(const FrameSettings& s);
    bool take_sync_result(FrameResult* r);
    // Asks for a display copy of the next frame if none is on its way (the atlas and levels
    // only when `volume` views are shown; nothing at all for 0 stream rows: no view shown);
    // true and the data once one has arrived.
    bool take_display(ComputeDisplay* out, int stream_rows, bool volume);
    // The oldest error not yet taken ("" when none): a pipeline or bind group this backend could
    // not make, a failed read-back, a validation error the device reported.
    static std::string take_error();

    const AtlasLayout& layout() const { return layout_; }
    bool timestamps() const { return timestamps_; }  // the adapter has timestamp-query
    Pyramid mode() const { return mode_; }
    ScanKind scan() const { return scan_; }  // webgpu-scan's scan, as built
    const PyramidPlan& pyramid_plan() const { return pyramid_plan_; }
    int atlas_buffer() const { return atlas_.id(); }
    int stream_buffer() const { return stream_.id(); }
    // The surface's buffers (0 until a frame has run the mesh stages), the counter holding its
    // draw arguments (ComputeMesh::kDrawArgsAt) and its capacity in vertices.
    int positions_buffer() const { return mesh_.positions(); }
    int normals_buffer() const { return mesh_.normals(); }
    int counter_buffer() const { return counter_.id(); }
    std::uint32_t mesh_capacity() const { return std::uint32_t(layout_.texel_count()); }

private:
    void write_volume(const FrameSettings& s);
    // The stages after the source for the mode and scan (re-made when the scan changes).
    bool build_stages(ScanKind scan, std::string* error);
    void build_block_scan_stages();
    void build_tile_scan_stages(ScanKind scan, std::string* error);
    void build_pyramid_stages();
    wgpu::Kernel count_kernel(int totals, std::uint32_t index);
    std::uint32_t record_frame(const FrameSettings& s);  // the passes timed (bit p: Pass p)

    AtlasLayout layout_;
    Pyramid mode_ = Pyramid::WebgpuScan;
    ScanKind scan_ = ScanKind::Blocks;
    bool timestamps_ = false;
    // The frame's own buffers; the stages own their kernels and the buffers only they use.
    wgpu::Object volume_uniform_, atlas_, counter_, stream_, timestamp_buffer_;
    wgpu::Object base_, levels_;  // blocks: each texel's prefix in its block; pyramid: base, levels
    wgpu::Object total_at_, traverse_uniform_;  // the count's and the traversal's uniforms
    PyramidPlan pyramid_plan_;
    wgpu::Stages stages_;  // stages_[0] is the source
    // the surface: allocated by the first frame that runs it (S² vertices are 512 MiB at 4096²)
    wgpu::ComputeMesh mesh_;
    int mesh_failed_ = -1;  // the ScanKind the surface's stages could not be made with

    // `timed`: the passes the frame wrote timestamps for (bit p: Pass p); the others' query
    // pairs still hold an earlier frame's values.
    struct Read { wgpu::Ticket ticket; std::uint64_t frame; bool mesh; std::uint32_t timed = 0; };
    std::deque<Read> count_reads_, timestamp_reads_;
    std::uint64_t frames_issued_ = 0;
    std::uint32_t newest_count_ = 0;
    std::uint64_t newest_count_frame_ = 0;
    bool have_count_ = false;
    // The newest vertex total read from a frame that ran the mesh stages, counted only from
    // frames issued since they last started running (mesh_since_): none is stale.
    std::uint32_t newest_vertices_ = 0;
    std::uint64_t newest_vertices_frame_ = 0, mesh_since_ = 0;
    bool last_mesh_ = false, sync_mesh_ = false;
    wgpu::Ticket sync_ticket_;
    FrameResult sync_result_;
    bool sync_done_ = false;
    wgpu::Ticket display_atlas_, display_levels_, display_stream_;  // one display copy at a time
    int display_rows_ = 0, display_rows_issued_ = 0;
    bool display_volume_ = false;
};

}  // namespace hp
