// The frame's GPU work behind one interface: the WebGL2 passes (gl_backend.cpp) or WebGPU
// compute (webgpu_backend.cpp), each made by its make_*_backend below. DemoApp runs frames, feeds the views and answers the API
// through this interface alone; it never asks which backend it holds.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "atlas_layout.h"
#include "brick_grid.h"
#include "bricked_surface.h"
#include "explain.h"
#include "frame.h"
#include "gpu_timer.h"
#include "label_set.h"
#include "orbit_camera.h"
#include "volume_file.h"
#include "surface_view.h"
#include "views.h"

namespace hp {

// What the 2D views read this frame (null: nothing yet).
struct ViewSources {
    const VolumeStages* volume = nullptr;  // the slices and the base
    const PyramidViewSource* pyramid = nullptr;
    const gl::Texture* stream = nullptr;
    const ScanTiles* scan = nullptr;  // a scan's tiles (webgpu-scan): no levels to walk
};

// Which views the last layout showed: a backend copies for display only what they need.
struct ShownViews {
    bool volume = true;  // the slices or the pyramid
    bool stream = true;
    bool surface = true;
    bool operator==(const ShownViews& o) const { return volume == o.volume && stream == o.stream && surface == o.surface; }
};

// The processed mesh (mesh_work.h) for the 3D view, in voxel index units as the GPU's own
// surface: 3 floats a vertex, 3 indices a triangle; `revision` changes with the mesh.
struct ProcessedSurface {
    std::vector<float> positions, normals;
    std::vector<float> labels;  // a label map's: each vertex's label (empty: none)
    std::vector<std::uint32_t> indices;
    std::uint64_t revision = 0;
};

// The 3D view's draw: where, and what.
struct SurfaceDraw {
    PanelRect panel;             // framebuffer pixels, origin at the bottom left
    double css_scale = 1;        // framebuffer pixels per CSS pixel
    int framebuffer_height = 0;
    SurfaceScene scene;          // what to draw
    MeshRoute route = MeshRoute::Vertex;  // WebGL2: from the extraction, or walking the pyramid at iso
    Classify classify = Classify::Surface;
    float iso = 0;
    const std::vector<LabelInfo>* labels = nullptr;  // classify=labels: colours and what is shown
    std::uint64_t labels_revision = 0;
    // The processed mesh instead of the GPU's surface (null: the GPU's); each backend uploads
    // it into buffers its own draw reads when its revision changes.
    const ProcessedSurface* processed = nullptr;
};

// A mesh read back for the API and the export: 3 floats a vertex.
struct MeshCopy {
    std::uint32_t vertices = 0;  // the true total
    std::vector<float> positions, normals;
    std::vector<float> labels;  // classify=labels: each vertex's label (its position's w)
    // ... and each whole triangle's other side (its vertices' normal w; NaN where they differ)
    std::vector<float> other_labels;
};

// The surface of a loaded volume made in bricks (bricked_surface.h), as the app asks for it.
struct BrickedAsk {
    const VoxelValues* values = nullptr;  // the volume's
    const BrickGrid* grid = nullptr;      // its bricks (labels: label_bricks', brick_grid.h)
    bool labels = false;                  // classify=labels: the voxels between labels, surface nets
    std::uint64_t key = 0;                // the load, the brick size and labels: another key, another pool
    double budget_bytes = 0;              // the GPU memory the pool may take (BrickedSurface::slots_for)
    float iso = 0;                        // labels: kLabelIso
    const BrickCrop* crop = nullptr;  // a crop box that is not the whole volume, or none
    bool run = true;  // the frame needs the surface: made now where the last one was for another iso
    int view_factor = 1;  // the atlas is a preview of every f-th voxel: the 3D view's units are f voxels
};

// What a read-back asks of the backend (Backend::read).
struct ReadRequest {
    bool stream = false;  // the stream from key 0: at most `keys` entries (and the count, and what it holds)
    bool atlas = false;   // the atlas, S×S floats
    bool mesh = false;    // the surface's soup from vertex 0: at most `vertices` (and the total)
    bool labels = false;  // ... with each vertex's label and each triangle's other side (classify=labels)
    std::uint32_t keys = 0xffffffffu, vertices = 0xffffffffu;
};

// What it gives back.
struct Reading {
    std::vector<float> stream;  // 4 floats an entry: x, y, z, w as the stream holds them
    std::vector<float> atlas;
    MeshCopy mesh;              // the soup
    // Where the GPU indexed the surface itself (WebGPU, vertices=shared): its vertex list (3
    // floats a vertex, `shared` of them) and a soup vertex's index into it (the soup above is
    // that list at these indices); else empty.
    std::vector<float> shared_positions, shared_normals;
    std::vector<std::uint32_t> indices;
    std::uint32_t shared = 0;
    bool indexed = false;  // the mesh came with the GPU's own indices (however many)
};

// A read-back in flight.
class ReadTicket {
public:
    virtual ~ReadTicket() = default;
    // 0 while it is on its way; 1 once *out holds it; -1 when it failed, with why.
    virtual int poll(Reading* out, std::string* why) = 0;
};
// A read answered at once.
std::unique_ptr<ReadTicket> answered(Reading r);

// Where the per-pass times come from: WebGL2 timer queries, WebGPU timestamp queries, CPU-side
// times of issuing the work (no timer queries here), or nowhere (no timestamp-query).
enum class Timing { Queries, Timestamps, Cpu, None };

class Backend {
public:
    virtual ~Backend() = default;
    virtual const char* name() const = 0;  // "webgl2" or "webgpu" (hp.stats().backend)
    virtual Timing timing(const GpuTimer& timer) const = 0;
    // The GL context is gone: forget its objects without deleting them.
    virtual void abandon() {}
    // False once the backend can no longer run (its device was lost), with why.
    virtual bool alive(std::string* /*why*/) const { return true; }
    // True when the pipeline turned out not to fit after it was made (WebGPU says out of memory
    // later), with why: the demo goes back to what ran before it.
    virtual bool failed(std::string* /*why*/) { return false; }

    virtual void upload(const Volume& volume) = 0;  // the backend's layout holds its dims
    // Start of every frame: collect what has arrived (times into `timer`, display copies for
    // `shown`). True with `*done` when a frame issued earlier completes now; a problem to
    // show the user goes to `*message`.
    virtual bool poll(GpuTimer* /*timer*/, const ShownViews& /*shown*/, const FrameSettings& /*last*/,
                      FrameResult* /*done*/, std::string* /*message*/) {
        return false;
    }
    // Issuing a frame now would only queue it behind earlier ones.
    virtual bool busy() const { return false; }
    // No frame issued is still waiting for its answer, and the views hold all they show (a
    // WebGPU frame makes their copies): a frame that repeats the last result runs no pass
    // (DemoApp::compute).
    virtual bool idle() const { return true; }
    // Not idle only while a frame's answer (a count, a total) is on its way: a frame that would
    // repeat the last result waits for it instead of running the passes again, which would send
    // another (WebGPU's expected-count frames: each call ran two frames of passes).
    virtual bool reading() const { return false; }
    // What a frame that repeats `last` gives: `last`, or where answers arrive frames after their
    // frame (WebGPU's expected-count frames: the surface's total), `last` with the newest of them.
    virtual FrameResult repeated(const FrameSettings& /*s*/, const FrameResult& last) const { return last; }
    // How many frames may be on the GPU at once before busy() (WebGPU; 0: the backend's own
    // bound). The saturated benchmark raises it.
    virtual void set_frames_in_flight(int /*frames*/) {}
    // Waits for every frame issued so far to finish on the GPU (WebGL2: a blocking read; WebGPU
    // cannot block: the page awaits its queue instead).
    virtual void finish() {}
    // Issues one frame. True when `*r` is final; false when it completes in a later poll().
    virtual bool run(const FrameSettings& s, GpuTimer* timer, FrameResult* r) = 0;

    virtual ViewSources view_sources() const = 0;
    // Counts the times the views' sources changed (every frame in WebGL2; each copy that
    // arrives in WebGPU): what a read of them made after a request waits for.
    virtual std::uint64_t shown_serial() const = 0;
    // The views read the frame's own resources (WebGL2), not copies that arrive later (WebGPU):
    // a walk asked now reads what the last frame left, with no frame run for it.
    virtual bool views_read_frame() const { return false; }
    virtual void draw_surface(const SurfaceDraw& d) = 0;
    // After the views: `surface_drawn` says whether the 3D view was drawn this frame.
    virtual void end_views(bool /*surface_drawn*/) {}
    virtual std::uint32_t mesh_capacity() const = 0;

    // A read-back for the API (readbacks.h), of what the last completed frame (`last`) made:
    // answered at once in WebGL2 (a blocking read), over later polls in WebGPU (mapAsync).
    virtual std::unique_ptr<ReadTicket> read(const ReadRequest& r, const FrameResult& last) = 0;
    // Whether `last` holds a surface a read can take (the stages ran; WebGL2: and extracted).
    virtual bool mesh_ready(const FrameResult& last) const { return last.mesh && last.extracted; }
    // Whether this backend can index the surface itself (WebGPU, with vertices=shared: its
    // buffers are made by the first frame that runs the surface stages so; a read then gives
    // the indices, Reading::indexed).
    virtual bool indexes_mesh() const { return false; }
    // The first level of a bricked compaction run on the GPU (issue 40): the bricks of `grid`
    // (a load's, or its labels', `generation` naming which) whose range straddles `iso` counted, the count read
    // without waiting: brick_level_request starts it (false where the backend has no brick
    // level yet: WebGPU), brick_level_newest gives it once a count asked at `iso` has arrived.
    virtual bool brick_level_request(const BrickGrid& /*grid*/, std::uint64_t /*generation*/, float /*iso*/,
                                     std::string* /*why*/) {
        return false;
    }
    virtual bool brick_level_newest(float /*iso*/, std::uint32_t* /*active*/) { return false; }
    // set_bricked refused the surface this frame and tries it again at the next, smaller (a pool
    // the GPU had no memory for): the page stays awake for it.
    virtual bool bricked_again() const { return false; }
    // The surface in bricks instead of the atlas's, from the next frame on (null: the atlas's
    // again): made where `ask->run` and the last one was not for this key, pool and iso. True
    // with what the last run did (WebGPU: its vertex total once it has arrived); false and why
    // where the pool cannot be made.
    virtual bool set_bricked(const BrickedAsk* ask, BrickFigures* figures, std::string* why) = 0;
    // What the surface in bricks shown did, as known now (WebGPU: its total arrives after the
    // run); false where none is shown.
    virtual bool bricked_figures(BrickFigures* /*out*/) const { return false; }
};

// The backend for a mode (WebGL2 for the fragment-pass modes, WebGPU for the compute ones);
// null with a message when it cannot be built.
std::unique_ptr<Backend> make_backend(const AtlasLayout& layout, const CompactionMode& mode, std::string* error);
std::unique_ptr<Backend> make_gl_backend(const AtlasLayout& layout, const CompactionMode& mode, std::string* error);
std::unique_ptr<Backend> make_webgpu_backend(const AtlasLayout& layout, Pyramid mode, std::string* error);
// Whether this page can run the WebGPU modes at all; if not, why.
bool webgpu_available(std::string* why);
// The page's WebGPU device: its serial (1, then one more for each got after a loss); 0: none.
int webgpu_device_serial();

}  // namespace hp
