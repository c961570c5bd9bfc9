#include "frame_readback.h"

#include <algorithm>

#include "pass_times.h"

namespace hp::wgpu {

namespace {
constexpr int kTimedPasses = kPassCount;  // query pairs, indexed by Pass
constexpr std::size_t kMaxTimestampReads = 16;
}  // namespace

void FrameReadback::init(bool timestamps, std::uint32_t mesh_capacity) {
    *this = FrameReadback();
    timestamps_ = timestamps;
    mesh_capacity_ = mesh_capacity;
    if (!timestamps_) return;
    hpgpu_timestamps(2 * kTimedPasses);
    timestamp_buffer_ = buffer(16.0 * kTimedPasses, kQueryResolve | kCopySrc, "timestamps");
}

FrameResult FrameReadback::issue(const FrameSettings& s, BufferRef counter, bool mesh, std::uint32_t timed) {
    ++frames_issued_;
    if (mesh && !last_mesh_) mesh_since_ = frames_issued_;
    last_mesh_ = mesh;
    if (timestamps_) {
        resolve_timestamps(2 * kTimedPasses, timestamp_buffer_);
        timestamp_reads_.push_back({read(timestamp_buffer_, 0, 16 * kTimedPasses), frames_issued_, false, timed});
    }
    Ticket count = read(counter, 0, kCountReadBytes);
    if (s.readback == Readback::Sync) {
        sync_ticket_ = std::move(count);
        sync_done_ = false;
        sync_mesh_ = mesh;
        return FrameResult();  // completed by take_sync_result()
    }
    count_reads_.push_back({std::move(count), frames_issued_, mesh});
    return async_result(s, mesh);
}

// The surface's total as the count's: the newest arrived (in expected mode too: the mesh is
// sized by the GPU, not by the expected count). `mesh` once a total of it is known.
FrameResult FrameReadback::async_result(const FrameSettings& s, bool mesh) const {
    FrameResult r;
    const bool known = newest_vertices_frame_ >= mesh_since_ && newest_vertices_frame_ > 0;
    r.mesh = mesh && known;
    r.extracted = r.mesh;  // compute always extracts
    r.vertices = r.mesh ? newest_vertices_ : 0;
    r.shared_vertices = r.mesh ? newest_shared_vertices_ : 0;
    r.vertex_keys_drawn = std::min(r.vertices, mesh_capacity_);
    if (s.readback == Readback::Expected) {
        r.count = s.expected;
        r.keys_drawn = s.expected;
    } else {
        r.count = newest_count_;
        r.count_age = have_count_ ? std::uint32_t(frames_issued_ - newest_count_frame_) : 0;
        r.keys_drawn = newest_count_;
    }
    return r;
}

void FrameReadback::count_arrived(const Counter& c, std::uint64_t frame, bool mesh) {
    newest_count_ = c.total;
    newest_count_frame_ = frame;
    have_count_ = true;
    if (!mesh) return;
    newest_vertices_ = c.vertices;
    newest_shared_vertices_ = c.shared_vertices;
    newest_vertices_frame_ = frame;
}

void FrameReadback::poll(PassTimes* timer, std::string* error) {
    poll_sync(error);
    poll_counts();
    poll_timestamps(timer);
}

void FrameReadback::poll_sync(std::string* error) {
    if (!sync_ticket_ || sync_ticket_.state() == 0) return;
    const bool arrived = sync_ticket_.state() == 1;
    Counter c{};
    sync_ticket_.take(&c, kCountReadBytes);
    if (!arrived) *error = "WebGPU: the count's read-back failed; the last count read stays shown";
    sync_result_ = FrameResult{};
    sync_result_.count = arrived ? c.total : newest_count_;
    sync_result_.count_read = arrived;
    sync_result_.keys_drawn = c.written;
    sync_result_.mesh = sync_mesh_;
    if (sync_mesh_) {
        sync_result_.vertices = c.vertices;
        sync_result_.shared_vertices = c.shared_vertices;
        sync_result_.vertices_read = arrived;
        sync_result_.vertex_keys_drawn = std::min(c.vertices, mesh_capacity_);
    }
    if (arrived) count_arrived(c, frames_issued_, sync_mesh_);
    sync_done_ = true;
}

// The newest count that has arrived; the reads before it are done with (the queue runs in
// order), and a failed read ends like an arrived one so that frames go on.
void FrameReadback::poll_counts() {
    for (std::size_t i = count_reads_.size(); i-- > 0;) {
        const int state = count_reads_[i].ticket.state();
        if (state == 0) continue;
        Counter c{};
        count_reads_[i].ticket.take(&c, kCountReadBytes);
        if (state == 1) count_arrived(c, count_reads_[i].frame, count_reads_[i].mesh);
        count_reads_.erase(count_reads_.begin(), count_reads_.begin() + std::ptrdiff_t(i) + 1);
        return;
    }
}

void FrameReadback::poll_timestamps(PassTimes* timer) {
    while (!timestamp_reads_.empty() && timestamp_reads_.front().ticket.state() != 0) {
        std::uint64_t t[2 * kTimedPasses] = {};
        const int got = timestamp_reads_.front().ticket.take(t, sizeof t);
        const std::uint32_t timed = timestamp_reads_.front().timed;
        timestamp_reads_.pop_front();
        if (got != int(sizeof t) || !timer) continue;
        for (int p = 0; p < kTimedPasses; ++p) {
            const std::uint64_t begin = t[2 * p], end = t[2 * p + 1];
            if ((timed >> p & 1u) && end >= begin && begin != 0) timer->add(p, double(end - begin) / 1e6);
        }
    }
    while (timestamp_reads_.size() > kMaxTimestampReads) timestamp_reads_.pop_front();
}

bool FrameReadback::take_sync_result(FrameResult* r) {
    if (!sync_done_) return false;
    *r = sync_result_;
    sync_done_ = false;
    return true;
}

}  // namespace hp::wgpu
