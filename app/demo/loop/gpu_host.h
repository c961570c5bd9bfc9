// The GPU side of the app: the backend that runs the frames (WebGL2 passes or WebGPU compute,
// backend.h), built for the layout and mode in effect and built again when they change; the
// volume uploaded to it; and what happens when the GPU fails: a pipeline that does not fit
// after all is undone, a lost WebGPU device gives way to the WebGL2 scalar pyramid until the
// page has a device again, a lost WebGL context waits to be restored.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "backend.h"
#include "frame_scheduler.h"
#include "settings_buffer.h"
#include "sources.h"
#include "volume_atlas.h"

namespace hp {

class GpuHost {
public:
    // The GPU's largest texture: requests for larger atlases are refused. Set first.
    void set_max_texture_size(int size) { max_texture_size_ = size; }
    int max_texture_size() const { return max_texture_size_; }
    AtlasLimit limit(const DemoState& s) const { return atlas_limit(s.pyramid, s.sums, max_texture_size_); }
    // Whether the modes of `s` can run an atlas of S²; if not, *error is `what` followed by the
    // limit and the way past it.
    bool atlas_fits(const DemoState& s, int atlas, const std::string& what, std::string* error) const;
    // Why the WebGPU modes cannot run ("" when they can).
    const std::string& webgpu_unavailable() const;

    // A backend for what `frames` has in effect (the state; its layout from `sources`).
    bool build(const DemoState& s, const Sources& sources, std::string* error);
    // Before a frame: a lost device or a pipeline that failed is handled, WebGPU taken back
    // when it returns, a backend built where there is none. False when none can run.
    bool ready(FrameScheduler* frames, const Sources& sources, std::string* message);
    // The pending state takes effect: a new layout or mode builds a new pipeline (if that fails,
    // what was in effect stays); the volume shown is uploaded once.
    void apply(FrameScheduler* frames, const Sources& sources, std::string* message, bool* new_timings);

    // The WebGL context is gone: forget its objects; recreate() once it is restored.
    void abandon();
    bool recreate(FrameScheduler* frames, const Sources& sources, std::string* message, std::string* error);
    bool lost() const { return gpu_lost_; }

    Backend* backend() const { return backend_.get(); }
    // The settings the WebGL2 shaders read (settings_block.h), whichever backend runs.
    SettingsBuffer& settings_buffer() { return settings_buffer_; }
    const AtlasLayout& layout() const { return layout_; }
    // Counts the changes of what the views read, across backends (Backend::shown_serial).
    std::uint64_t views_serial() const { return serial_base_ + (backend_ ? backend_->shown_serial() : 0); }
    // Grows each time a backend is dropped (a read made before then is of an old pipeline).
    std::uint64_t serial_base() const { return serial_base_; }
    // Grows with each backend built and each volume uploaded to it (what the passes read changed).
    std::uint64_t inputs_serial() const { return inputs_serial_; }

private:
    bool needs_rebuild(const DemoState& s, const Sources& sources) const;
    void leave_webgpu(FrameScheduler* frames, const std::string& why, std::string* message);
    void return_to_webgpu(FrameScheduler* frames, std::string* message);
    void undo_build(FrameScheduler* frames, const Sources& sources, const std::string& why, std::string* message);
    void drop();
    static CompactionMode mode_of(const DemoState& s) { return {s.pyramid, s.sums}; }
    static DemoState procedural(const DemoState& s, const Sources& sources);

    std::unique_ptr<Backend> backend_;
    AtlasLayout layout_;
    CompactionMode mode_;
    std::uint64_t uploaded_ = 0;  // the loaded volume's generation the backend holds (0: none)
    int max_texture_size_ = 0;
    mutable std::string webgpu_reason_;  // webgpu_unavailable()'s answer, asked each time
    std::optional<Pyramid> webgpu_wanted_;  // the WebGPU mode left when its device was lost,
                                            // or whose build failed; kept until it runs
    int webgpu_tried_on_ = 0;  // the device serial it was last tried on (0: none): once a device
    std::uint64_t serial_base_ = 0;
    std::uint64_t inputs_serial_ = 0;
    bool gpu_lost_ = false;  // the WebGL context is gone until recreate()
    SettingsBuffer settings_buffer_;
};

}  // namespace hp
