// One frame of the demo in WebGPU compute, the whole of it on its own device (WebGL and
// WebGPU share no textures): source → classify (base in Morton order) → compaction → count →
// stream, then the surface (compute_mesh.h) when asked for. The frame is an ordered list of
// stages (stage.h), built at init for the mode and the scan (webgpu_stages.cpp):
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
// read back for display (frame_readback.h), as are the views' copies (display_copy.h).
//
// Errors: init returns its own; what fails while frames run (a scan or the surface that
// cannot be built, a failed read-back) and what the device reports later (validation, loss)
// come out of take_error(), one message each, in the order they happened.
#pragma once

#include <cstdint>
#include <deque>
#include <string>

#include "atlas_layout.h"
#include "compute_mesh.h"
#include "display_copy.h"
#include "frame.h"
#include "frame_readback.h"
#include "volume_file.h"
#include "webgpu_stages.h"

namespace hp {

class PassTimes;

class WebGpuCompaction {
public:
    // Whether the page got a WebGPU device; if not, why.
    static bool available(std::string* reason);
    // Whether the device this was built on is still the page's: false (and why) once it was
    // lost, and stays false after the page got another (whose objects these are not).
    bool alive(std::string* why) const;

    WebGpuCompaction() = default;
    WebGpuCompaction(const WebGpuCompaction&) = delete;  // its stages point into it
    WebGpuCompaction& operator=(const WebGpuCompaction&) = delete;

    bool init(const AtlasLayout& layout, Pyramid mode, std::string* error);
    void upload(const Volume& volume);  // this layout must hold its dims

    // Collects what has arrived (counts, timestamps into `timer`, display data). Call once
    // at the start of every frame.
    void poll(PassTimes* timer);
    // Run nothing new now (FrameReadback::busy).
    bool busy() const { return readback_.busy(); }
    // No count on its way, the views' copy holds what they ask for (DisplayCopy::current) and
    // the surface's buffers hold its total (else the next frame grows them: prepare()).
    bool idle() const { return readback_.idle() && display_.current() && !outgrown(); }
    // A count on its way (idle but for it, once it has arrived).
    bool reading() const { return !readback_.idle(); }
    // The result run(s) would give now without Readback::Sync, from the counts arrived so far.
    FrameResult newest(const FrameSettings& s) const { return readback_.async_result(s, s.mesh && mesh_.ready()); }
    bool outgrown() const {
        return mesh_.ready() && readback_.newest_vertices() > mesh_vertices_ && mesh_vertices_ < max_mesh_vertices_;
    }
    void set_frames_in_flight(int frames) { readback_.set_in_flight(std::size_t(std::max(1, frames))); }
    // Issues one frame. With Readback::Sync the result's count comes through
    // take_sync_result() once it arrives; otherwise the result is final.
    FrameResult run(const FrameSettings& s);
    bool take_sync_result(FrameResult* r) { return readback_.take_sync_result(r); }
    // DisplayCopy::take.
    bool take_display(ComputeDisplay* out, int stream_rows, bool volume) {
        return display_.take(out, stream_rows, volume);
    }
    // The oldest error not yet said ("" when none): this backend's own, met while frames ran,
    // then the device's (a pipeline WebGPU rejected, a validation error, the device lost).
    std::string take_error();
    // A buffer the GPU had no memory for (WebGPU says so after init returned): the pipeline
    // cannot run, and why.
    static bool out_of_memory(std::string* why);

    const AtlasLayout& layout() const { return layout_; }
    bool timestamps() const { return readback_.timestamps(); }  // the adapter has timestamp-query
    const PyramidPlan& pyramid_plan() const { return mode_stages_.plan; }
    wgpu::BufferRef atlas_buffer() const { return atlas_; }
    wgpu::BufferRef stream_buffer() const { return stream_; }
    // The surface's buffers (none until a frame has run the mesh stages) and the counter
    // holding its draw arguments (compaction_counter.h); its capacity in vertices.
    wgpu::BufferRef positions_buffer() const { return mesh_.positions(); }
    wgpu::BufferRef normals_buffer() const { return mesh_.normals(); }
    wgpu::BufferRef indices_buffer() const { return mesh_.indices(); }  // vertices=shared
    wgpu::BufferRef counter_buffer() const { return counter_; }
    std::uint32_t mesh_capacity() const { return mesh_vertices_; }
    // The stream's capacity in keys: the volume's voxels (not S²: 512³ in 16384² would be a
    // 4 GiB stream), within the binding limit. A count past it writes the first `stream_keys`.
    std::uint32_t stream_keys() const { return stream_keys_; }
    // The surface's capacity in vertices: first min(S², 2^22) (64 MiB each of positions and
    // normals), then grown to the next power of two that holds the vertex total read back, up to
    // S², the binding limit and 2^26 (1 GiB each; the gyroid at 512³ has 45M soup vertices).
    static constexpr std::uint32_t kFirstMeshVertices = 1u << 22;
    static constexpr std::uint32_t kMaxMeshVertices = 1u << 26;

private:
    wgpu::FrameBuffers frame_buffers() const;
    bool size_buffers(const AtlasLayout& layout, std::string* error);  // stream_keys_, mesh_vertices_
    void write_volume(const FrameSettings& s);
    // The stages after the source for the mode and scan (re-made when the scan changes), and
    // the surface's for the frame's scan; a failure goes to errors_.
    void follow_scan(const FrameSettings& s);
    std::uint32_t record_frame(const FrameSettings& s);  // the passes timed (bit p: Pass p)

    AtlasLayout layout_;
    Pyramid mode_ = Pyramid::WebgpuScan;
    ScanKind scan_ = ScanKind::Blocks;  // webgpu-scan's scan, as built
    // The frame's own buffers; the stages own their kernels and the buffers only they use.
    wgpu::Buffer volume_uniform_, atlas_, counter_, stream_;
    std::uint32_t stream_keys_ = 0, mesh_vertices_ = 0, max_mesh_vertices_ = 0;
    std::unique_ptr<wgpu::Stage> source_;
    wgpu::ModeStages mode_stages_;
    // the surface: allocated by the first frame that runs it (S² vertices are 512 MiB at 4096²)
    wgpu::ComputeMesh mesh_;
    wgpu::FrameReadback readback_;
    wgpu::DisplayCopy display_;
    std::deque<std::string> errors_;  // met while frames ran, not said yet
    int device_ = 0;                   // the page's device serial at init (hpgpu_ready)
};

}  // namespace hp
