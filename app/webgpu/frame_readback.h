// What comes back to the CPU from a WebGPU frame, none of it needed for the work (the GPU sizes
// its own dispatches): the counter (the count, the keys written, the surface's vertex total:
// compaction_counter.h) and the passes' timestamps, read with mapAsync. Readback::Sync: the
// frame completes when its count arrives (take_sync_result) and no frame is issued before;
// Async: the newest count arrived, with its age; Expected: the count assumed.
#pragma once

#include <algorithm>
#include <cstdint>
#include <deque>
#include <string>

#include "compaction_counter.h"
#include "frame.h"
#include "gpu_device.h"

namespace hp {
class PassTimes;
}

namespace hp::wgpu {

class FrameReadback {
public:
    // WebGPU submissions are not throttled by the page's frame rate: without a bound a slow
    // GPU's queue grows forever.
    static constexpr std::size_t kFramesInFlight = 3;
    // The saturated benchmark lets more frames queue (each still reads its counter back).
    void set_in_flight(std::size_t frames) { in_flight_ = std::max<std::size_t>(1, frames); }

    // `timestamps`: the adapter has timestamp-query (a query pair a Pass); `mesh_capacity`:
    // the surface's buffers' vertices.
    void init(bool timestamps, std::uint32_t mesh_capacity);
    void set_mesh_capacity(std::uint32_t vertices) { mesh_capacity_ = vertices; }
    // The newest surface vertex total read back (0 before one has arrived).
    std::uint32_t newest_vertices() const { return newest_vertices_; }
    bool timestamps() const { return timestamps_; }
    // In sync readback the last frame's count has not arrived yet, or kFramesInFlight frames
    // are still on the GPU.
    bool busy() const { return bool(sync_ticket_) || count_reads_.size() >= in_flight_; }
    // No frame's count is still on its way.
    bool idle() const { return !sync_ticket_ && count_reads_.empty(); }

    // Into the frame being encoded, after its passes: the timestamps of the passes in `timed`
    // (bit p: Pass p), then the counter. `mesh`: the frame ran the surface's stages. Returns
    // the frame's result: final, or in sync readback completed by take_sync_result().
    FrameResult issue(const FrameSettings& s, BufferRef counter, bool mesh, std::uint32_t timed);
    // Collects what has arrived (timestamps into `timer`); a failed read in *error.
    void poll(PassTimes* timer, std::string* error);
    bool take_sync_result(FrameResult* r);
    // The result of a frame not read in sync (async and expected counts): the newest count and,
    // with `mesh`, the newest surface total that have arrived.
    FrameResult async_result(const FrameSettings& s, bool mesh) const;

private:
    struct Read {
        Ticket ticket;
        std::uint64_t frame;
        bool mesh;
        std::uint32_t timed = 0;  // the passes the frame timed; the others' pairs hold older values
    };
    void poll_sync(std::string* error);
    void poll_counts();
    void poll_timestamps(PassTimes* timer);
    void count_arrived(const Counter& c, std::uint64_t frame, bool mesh);

    bool timestamps_ = false;
    std::size_t in_flight_ = kFramesInFlight;
    Buffer timestamp_buffer_;
    std::uint32_t mesh_capacity_ = 0;
    std::deque<Read> count_reads_, timestamp_reads_;
    std::uint64_t frames_issued_ = 0;
    std::uint32_t newest_count_ = 0;
    std::uint64_t newest_count_frame_ = 0;
    bool have_count_ = false;
    // The newest vertex total read from a frame that ran the mesh stages, counted only from
    // frames issued since they last started running (mesh_since_): none is stale.
    std::uint32_t newest_vertices_ = 0, newest_shared_vertices_ = 0;
    std::uint64_t newest_vertices_frame_ = 0, mesh_since_ = 0;
    bool last_mesh_ = false, sync_mesh_ = false;
    Ticket sync_ticket_;
    FrameResult sync_result_;
    bool sync_done_ = false;
};

}  // namespace hp::wgpu
