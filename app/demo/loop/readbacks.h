// The API's read-backs (window.hp's stream, reference, mesh, referenceMesh, exportMesh,
// meshReport), each a
// ticket: asked for, polled once a frame by the page until it completes, then taken. Both
// backends answer through Backend::read (at once in WebGL2, over polls in WebGPU), so the page
// has one path for every mode; what is made of the data (the CPU reference, the mesh's edge
// ids and welding) is made here, from what the frame ran with; the processed mesh (the mesh
// files, the report, the processed view) by the mesh work it holds (mesh_work.h), a slice each
// poll and each frame.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "backend.h"
#include "exporter.h"
#include "mesh_work.h"

namespace hp {

enum class ReadKind { Stream, Reference, Mesh, ReferenceMesh, MeshFile, MeshReport };

struct ReadAsk {
    ReadKind kind = ReadKind::Stream;
    std::uint32_t limit = 0xffffffffu;  // entries (stream, reference) or vertices (meshes)
    MeshFile type = MeshFile::Ply;       // MeshFile: the format
    int closed = -1;                     // MeshFile, MeshReport: capped at the volume's faces (-1: the `closed` setting's)
};

struct ReadResult {
    std::vector<float> entries;  // Stream, Reference: 4 floats an entry
    MeshCopy mesh;               // Mesh, ReferenceMesh: the soup, volume units
    std::vector<double> edges;   // Mesh: each soup vertex's global edge id (exact in a double)
    // Mesh: the soup's indices: the GPU's own with vertices=shared (the soup is its vertex list
    // at them), else the edges welded in the order they first appear; and how many vertices.
    std::vector<std::uint32_t> indices;
    std::uint32_t shared_vertices = 0;
    std::vector<std::uint8_t> bytes;  // MeshFile; MeshReport: its JSON
    std::string error;
};

class Readbacks {
public:
    int ask(const ReadAsk& a);
    // 0 while it is on its way, 1 done, -1 failed (result(id)->error). `frame`: the frames
    // completed so far; `want_mesh` asks the next frames for the surface stages (a mesh read
    // waits up to 30 frames for one that ran them).
    int poll(int id, const FrameData& f, std::uint64_t frame, const std::function<void()>& want_mesh);
    const ReadResult* result(int id) const;
    void end(int id) { jobs_.erase(id); }
    // The processed mesh: made a slice at a time by the reads that need it, by each frame
    // (work()) and by the processed view (show_processed).
    const MeshWork& mesh_work() const { return mesh_; }
    void work() { mesh_.step(slice_ms_); }
    // The frame's slice (work()): as long as the frame's own compute, within [12, 80] ms, so a
    // page whose frames are slow (a software GPU) does not take a hundred frames to make a mesh,
    // and one whose frames are fast keeps its frame rate. A read's polls between frames take
    // kPollSliceMs each, so the page's frames still come.
    void set_frame_ms(double ms) { slice_ms_ = ms < 12 ? 12 : ms > 80 ? 80 : ms; }
    // The processed view's mesh for this frame (with `processed` on, or once after
    // ask_processed): asked as an internal MeshReport read when the frame's surface or steps
    // changed and no mesh is under way.
    void show_processed(const FrameData& f, std::uint64_t frame, const std::function<void()>& want_mesh);
    void ask_processed() { processed_asked_ = true; }
    // Whether the mesh made is this frame's (its surface and steps): the view draws it only then.
    bool processed_current(const FrameData& f) const;
    // A loaded volume is about to be replaced: a mesh reading its values stops.
    void drop_values() { mesh_.drop_values(); }
    // A read open, a processed mesh under way or asked for: frames must come.
    bool busy() const { return !jobs_.empty() || mesh_.busy() || view_read_ != 0 || processed_asked_; }

private:
    struct Job {
        ReadAsk ask;
        std::unique_ptr<ReadTicket> ticket;
        bool shared_tried = false;  // MeshFile: the GPU's indexed mesh asked for first
        std::uint64_t waits_from = 0;  // the frame a mesh read began to wait at (0: not waiting)
        bool processing = false;       // MeshFile, MeshReport: the mesh work makes its mesh
        std::string surface_key;       // which
        MeshSteps steps;
        int state = 0;
        ReadResult result;
    };
    enum class Start { Waiting, Asked, Nothing, Processing };
    int fail(Job* j, const std::string& why);
    Start start(Job* j, const FrameData& f, std::uint64_t frame, const std::function<void()>& want_mesh);
    int finish(Job* j, Reading& r, const FrameData& f);
    int processed(Job* j, const FrameData& f);  // a processing job's turn
    std::string view_key(const FrameData& f) const;
    std::map<int, Job> jobs_;
    int next_ = 1;
    MeshWork mesh_;
    double slice_ms_ = 12;  // the frame's slice of the mesh work
    static constexpr double kPollSliceMs = 12;
    int view_read_ = 0;  // the processed view's read under way (0: none)
    bool processed_asked_ = false;
};

}  // namespace hp
