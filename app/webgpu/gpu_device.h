// The WebGPU calls, implemented in JavaScript (app/webgpu/hp_webgpu.js, and hp_webgpu_surface.js
// for the 3D view's; linked with --js-library): a handful of functions over the browser's API,
// objects named by integer ids.
// C++ holds those ids only as typed handles (Buffer, ComputePipeline, RenderPipeline,
// BindGroup): each owns one object and releases it, moves but never copies, and passing one
// kind where another is wanted does not compile (as gl::Handle<Tag> on the GL side). The
// functions below the handles are the typed way to call the library; the raw ids stay here.
// Only the WebGPU backend includes this.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

extern "C" {
int hpgpu_ready();  // the page's device: its serial (1, then +1 for each got after a loss); 0: none
void hpgpu_reason(char* out, int capacity);      // why not
int hpgpu_take_error(char* out, int capacity);   // the oldest asynchronous device error, if any
int hpgpu_out_of_memory(char* out, int capacity);  // a buffer the GPU had no memory for, if any
int hpgpu_has_timestamps();
int hpgpu_has_subgroups();                      // the device has `subgroups` (and the page allows it)
// 0 maxBufferSize, 1 maxStorageBufferBindingSize; what a test asks for (0: none): 2 the stream
// keys, 3 the surface buffers' first vertices
double hpgpu_limit(int which);
int hpgpu_buffer(double bytes, int usage, const char* label);
void hpgpu_release(int id);
// kinds[i]: binding i's kind (BindingKind: 0 uniform, 1 read-only storage, 2 storage); sizes[i]
// its minBindingSize in bytes (0: none).
int hpgpu_pipeline(const char* wgsl, const char* label, const int* kinds, const int* sizes, int count);
int hpgpu_group(int pipeline, const int* buffers, int count);  // 0: an id is stale (error recorded)
void hpgpu_write(int buffer, double offset, const void* data, int bytes);
void hpgpu_timestamps(int count);
void hpgpu_begin();
void hpgpu_pass_begin(int timestamp);
void hpgpu_dispatch(int pipeline, int group, int x, int y);
void hpgpu_dispatch_indirect(int pipeline, int group, int buffer, int offset);
void hpgpu_pass_end();
void hpgpu_resolve_timestamps(int count, int buffer);
int hpgpu_query_set(int count);                       // a query set of its own; 0 without timestamp-query
void hpgpu_pass_begin_in(int set, int begin, int end);  // a pass writing queries begin / end of set (-1: none)
void hpgpu_resolve_queries(int set, int count, int buffer);
int hpgpu_read(int buffer, double offset, int bytes);
void hpgpu_submit();
int hpgpu_read_state(int ticket);                // 0 pending, 1 ready, -1 failed
int hpgpu_read_take(int ticket, void* out, int capacity);
// The 3D view on the page's WebGPU canvas (#gpu-surface): a render pipeline (surface.wgsl's
// layout), a draw at a CSS rectangle of pw × ph pixels (pipeline 0: only the clear; indices
// 0: not indexed), hiding it.
int hpgpu_surface_pipeline(const char* wgsl, const char* label);
void hpgpu_surface_draw(int pipeline, int group, int args, int offset, int indices, double x, double y, double w,
                        double h, int pw, int ph);
void hpgpu_surface_hide();
}

namespace hp::wgpu {

enum Usage { kStorage = 1, kUniform = 2, kIndirect = 4, kCopySrc = 8, kCopyDst = 16, kQueryResolve = 32, kIndex = 64 };

template <typename Tag>
class Handle;

// Names an object of one kind without owning it (empty: none). Made only from a Handle.
template <typename Tag>
class Ref {
public:
    Ref() = default;
    int id() const { return id_; }  // the library's id (for the page's own read-backs)
    explicit operator bool() const { return id_ != 0; }
    bool operator==(Ref o) const { return id_ == o.id_; }
    bool operator!=(Ref o) const { return id_ != o.id_; }

private:
    friend class Handle<Tag>;
    explicit Ref(int id) : id_(id) {}
    int id_ = 0;
};

// Owns one object of the library's table; released with it (Tag::release).
template <typename Tag>
class Handle {
public:
    Handle() = default;
    // Takes an id that the library returned for an object of this kind.
    static Handle adopt(int id) {
        Handle h;
        h.id_ = id;
        return h;
    }
    Handle(Handle&& o) noexcept : id_(std::exchange(o.id_, 0)) {}
    Handle& operator=(Handle&& o) noexcept {
        if (this != &o) {
            reset();
            id_ = std::exchange(o.id_, 0);
        }
        return *this;
    }
    Handle(const Handle&) = delete;
    Handle& operator=(const Handle&) = delete;
    ~Handle() { reset(); }

    Ref<Tag> ref() const { return Ref<Tag>(id_); }
    operator Ref<Tag>() const { return ref(); }  // NOLINT: a handle is usable where its kind is named
    int id() const { return id_; }
    explicit operator bool() const { return id_ != 0; }
    void reset() {
        if (id_) Tag::release(id_);
        id_ = 0;
    }

protected:
    int forget() { return std::exchange(id_, 0); }  // the id, no longer owned

private:
    int id_ = 0;
};

// The kinds differ only in type: each goes back to the library's table the same way.
struct TableObject { static void release(int id) { hpgpu_release(id); } };
struct BufferTag : TableObject {};
struct ComputePipelineTag : TableObject {};
struct RenderPipelineTag : TableObject {};
struct BindGroupTag : TableObject {};
struct QuerySetTag : TableObject {};
// A read-back in flight: released by dropping it (its staging buffer goes back once it maps).
struct TicketTag { static void release(int id) { hpgpu_read_take(id, nullptr, 0); } };
using Buffer = Handle<BufferTag>;
using BufferRef = Ref<BufferTag>;
using ComputePipeline = Handle<ComputePipelineTag>;
using RenderPipeline = Handle<RenderPipelineTag>;
using BindGroup = Handle<BindGroupTag>;
using QuerySet = Handle<QuerySetTag>;

// A read-back in flight (read()): taken once it has arrived, else dropped with its owner.
class Ticket : public Handle<TicketTag> {
public:
    Ticket() = default;
    explicit Ticket(Handle<TicketTag> h) : Handle(std::move(h)) {}
    int state() const { return id() ? hpgpu_read_state(id()) : -1; }  // 0 pending, 1 arrived, -1 failed
    // Copies what arrived (at most `capacity` bytes) and ends the read; returns the bytes copied.
    int take(void* out, int capacity) {
        const int ticket = forget();
        return ticket ? hpgpu_read_take(ticket, out, capacity) : 0;
    }
};

// The library's calls on typed objects.
inline Buffer buffer(double bytes, int usage, const char* label) {
    return Buffer::adopt(hpgpu_buffer(bytes, usage, label));
}
inline void write(BufferRef b, double offset, const void* data, int bytes) { hpgpu_write(b.id(), offset, data, bytes); }
// Starts reading `bytes` of `b` back, recorded into the frame being encoded.
inline Ticket read(BufferRef b, double offset, int bytes) {
    return Ticket(Handle<TicketTag>::adopt(hpgpu_read(b.id(), offset, bytes)));
}
inline void dispatch(const ComputePipeline& p, const BindGroup& g, int x, int y) {
    hpgpu_dispatch(p.id(), g.id(), x, y);
}
inline void dispatch_indirect(const ComputePipeline& p, const BindGroup& g, BufferRef args, int offset) {
    hpgpu_dispatch_indirect(p.id(), g.id(), args.id(), offset);
}
inline void resolve_timestamps(int count, BufferRef into) { hpgpu_resolve_timestamps(count, into.id()); }
// A bind group of whole buffers, buffers[i] at binding i, in the layout of `p`; empty when an
// id names no live object (a Ref kept past its Handle's release): the library records why.
template <typename PipelineTag>
BindGroup bind_group(const Handle<PipelineTag>& p, const std::vector<BufferRef>& buffers) {
    std::vector<int> ids;
    for (BufferRef b : buffers) ids.push_back(b.id());
    return BindGroup::adopt(hpgpu_group(p.id(), ids.data(), int(ids.size())));
}

// Shows #gpu-surface at (x, y, w, h) CSS pixels with pw × ph pixels, cleared; with a pipeline
// (null: only the clear) draws indirectly with the arguments at byte `offset` of `args`: with
// `indices` (u32) drawIndexedIndirect, without them drawIndirect.
inline void surface_draw(const RenderPipeline* p, const BindGroup& g, BufferRef args, int offset, BufferRef indices,
                         double x, double y, double w, double h, int pw, int ph) {
    hpgpu_surface_draw(p ? p->id() : 0, g.id(), args.id(), offset, indices.id(), x, y, w, h, pw, ph);
}

}  // namespace hp::wgpu
