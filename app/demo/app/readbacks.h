// The API's read-backs (window.hp's stream, reference, mesh, referenceMesh, exportMesh), each a
// ticket: asked for, polled once a frame by the page until it completes, then taken. Both
// backends answer through Backend::read (at once in WebGL2, over polls in WebGPU), so the page
// has one path for every mode; what is made of the data (the CPU reference, the mesh's edge
// ids and welding, the mesh files) is made here, from what the frame ran with.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "backend.h"
#include "exporter.h"

namespace hp {

enum class ReadKind { Stream, Reference, Mesh, ReferenceMesh, MeshFile };

struct ReadAsk {
    ReadKind kind = ReadKind::Stream;
    std::uint32_t limit = 0xffffffffu;  // entries (stream, reference) or vertices (meshes)
    MeshFile type = MeshFile::Ply;       // MeshFile: the format, and whether capped at the volume's faces
    bool closed = false;
};

struct ReadResult {
    std::vector<float> entries;  // Stream, Reference: 4 floats an entry
    MeshCopy mesh;               // Mesh, ReferenceMesh: the soup, volume units
    std::vector<double> edges;   // Mesh: each soup vertex's global edge id (exact in a double)
    // Mesh: the soup's indices: the GPU's own with vertices=shared (the soup is its vertex list
    // at them), else the edges welded in the order they first appear; and how many vertices.
    std::vector<std::uint32_t> indices;
    std::uint32_t shared_vertices = 0;
    std::vector<std::uint8_t> bytes;  // MeshFile
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

private:
    struct Job {
        ReadAsk ask;
        std::unique_ptr<ReadTicket> ticket;
        bool shared_tried = false;  // MeshFile: the GPU's indexed mesh asked for first
        std::uint64_t waits_from = 0;  // the frame a mesh read began to wait at (0: not waiting)
        int state = 0;
        ReadResult result;
    };
    enum class Start { Waiting, Asked, Nothing };
    int fail(Job* j, const std::string& why);
    Start start(Job* j, const FrameData& f, std::uint64_t frame, const std::function<void()>& want_mesh);
    int finish(Job* j, Reading& r, const FrameData& f);
    std::map<int, Job> jobs_;
    int next_ = 1;
};

}  // namespace hp
