// The WebGPU calls, implemented in JavaScript (app/webgpu/hp_webgpu.js, linked with
// --js-library): a handful of functions over the browser's API, objects named by integer ids.
// Only the WebGPU backend includes this.
#pragma once

#include <cstdint>

extern "C" {
int hpgpu_ready();                               // 1: the page got a device
void hpgpu_reason(char* out, int capacity);      // why not
int hpgpu_take_error(char* out, int capacity);   // the oldest validation error, if any
int hpgpu_has_timestamps();
int hpgpu_has_subgroups();                      // the device has `subgroups` (and the page allows it)
double hpgpu_limit(int which);                   // 0 maxBufferSize, 1 maxStorageBufferBindingSize
int hpgpu_buffer(double bytes, int usage, const char* label);
void hpgpu_release(int id);
// kinds[i]: binding i's kind (BindingKind: 0 uniform, 1 read-only storage, 2 storage); sizes[i]
// its minBindingSize in bytes (0: none).
int hpgpu_pipeline(const char* wgsl, const char* label, const int* kinds, const int* sizes, int count);
int hpgpu_group(int pipeline, const int* buffers, int count);
void hpgpu_write(int buffer, double offset, const void* data, int bytes);
void hpgpu_timestamps(int count);
void hpgpu_begin();
void hpgpu_pass_begin(int timestamp);
void hpgpu_dispatch(int pipeline, int group, int x, int y);
void hpgpu_dispatch_indirect(int pipeline, int group, int buffer, int offset);
void hpgpu_pass_end();
void hpgpu_resolve_timestamps(int count, int buffer);
int hpgpu_read(int buffer, double offset, int bytes);
void hpgpu_submit();
int hpgpu_read_state(int ticket);                // 0 pending, 1 ready, -1 failed
int hpgpu_read_take(int ticket, void* out, int capacity);
// The 3D view on the page's WebGPU canvas (#gpu-surface): a render pipeline (surface.wgsl's
// layout), a draw at a CSS rectangle of pw × ph pixels (pipeline 0: only the clear), hiding it.
int hpgpu_surface_pipeline(const char* wgsl, const char* label);
void hpgpu_surface_draw(int pipeline, int group, int args, int offset, double x, double y, double w, double h,
                        int pw, int ph);
void hpgpu_surface_hide();
}

namespace hp::wgpu {

enum Usage { kStorage = 1, kUniform = 2, kIndirect = 4, kCopySrc = 8, kCopyDst = 16, kQueryResolve = 32 };

// Owns one WebGPU object id (a buffer, pipeline or bind group); released with it.
class Object {
public:
    Object() = default;
    explicit Object(int id) : id_(id) {}
    Object(Object&& o) noexcept : id_(o.id_) { o.id_ = 0; }
    Object& operator=(Object&& o) noexcept {
        if (this != &o) { reset(); id_ = o.id_; o.id_ = 0; }
        return *this;
    }
    ~Object() { reset(); }
    int id() const { return id_; }
    explicit operator bool() const { return id_ != 0; }
    void reset() {
        if (id_) hpgpu_release(id_);
        id_ = 0;
    }

private:
    int id_ = 0;
};

// A read-back in flight (hpgpu_read): taken once it has arrived, else dropped with its owner
// (its staging buffer goes back once it maps).
class Ticket {
public:
    Ticket() = default;
    explicit Ticket(int id) : id_(id) {}
    Ticket(Ticket&& o) noexcept : id_(o.id_) { o.id_ = 0; }
    Ticket& operator=(Ticket&& o) noexcept {
        if (this != &o) { drop(); id_ = o.id_; o.id_ = 0; }
        return *this;
    }
    ~Ticket() { drop(); }
    explicit operator bool() const { return id_ != 0; }
    int state() const { return id_ ? hpgpu_read_state(id_) : -1; }  // 0 pending, 1 arrived, -1 failed
    // Copies what arrived (at most `capacity` bytes) and ends the read; returns the bytes copied.
    int take(void* out, int capacity) {
        const int n = id_ ? hpgpu_read_take(id_, out, capacity) : 0;
        id_ = 0;
        return n;
    }
    void drop() { take(nullptr, 0); }

private:
    int id_ = 0;
};

}  // namespace hp::wgpu
