// The counter both WebGPU modes share, named once: the C++ twin of shaders/
// compaction_counter.wgsl's Counter, which every kernel that reads or writes it includes
// (count_finish.wgsl fills the compaction's part, mesh_extract.wgsl the surface's). The byte
// offsets the CPU needs (indirect dispatch and draw arguments, the read-back) come from this
// struct; its layout is pinned to the WGSL struct's below.
#pragma once

#include <cstddef>
#include <cstdint>

namespace hp::wgpu {

struct Counter {
    std::uint32_t total;           // the compaction's count
    std::uint32_t written;         // min(total, limit): the keys the stream holds this frame
    std::uint32_t tail_begin, tail_end;  // keys cleared this frame (a previous frame's past the end)
    std::uint32_t traverse_args[4];      // the traversal's indirect dispatch: x, y, z workgroups
    std::uint32_t tail_args[4];          // the stream tail's indirect dispatch
    std::uint32_t vertices;              // the surface's vertex total (3 a triangle)
    std::uint32_t shared_vertices;       // vertices=shared: one a crossing edge
    std::uint32_t pad[2];
    std::uint32_t draw_args[4];          // the surface's drawIndirect: min(vertices, S²), 1, 0, 0
    std::uint32_t indexed_args[5];       // vertices=shared: drawIndexedIndirect, min(vertices, S²), 1, 0, 0, 0
    std::uint32_t pad2[3];
};

// WGSL lays out u32 at 4 bytes and vec4<u32> at 16: these are compaction_counter.wgsl's offsets.
static_assert(offsetof(Counter, traverse_args) == 16, "compaction_counter.wgsl's traverse_args");
static_assert(offsetof(Counter, tail_args) == 32, "compaction_counter.wgsl's tail_args");
static_assert(offsetof(Counter, vertices) == 48, "compaction_counter.wgsl's vertices");
static_assert(offsetof(Counter, draw_args) == 64, "compaction_counter.wgsl's draw_args");
static_assert(offsetof(Counter, shared_vertices) == 52, "compaction_counter.wgsl's shared_vertices");
static_assert(offsetof(Counter, indexed_args) == 80, "compaction_counter.wgsl's indexed_args");
static_assert(sizeof(Counter) == 112, "compaction_counter.wgsl's Counter");

constexpr int kCounterBytes = int(sizeof(Counter));
constexpr int kTraverseArgsAt = int(offsetof(Counter, traverse_args));
constexpr int kTailArgsAt = int(offsetof(Counter, tail_args));
constexpr int kDrawArgsAt = int(offsetof(Counter, draw_args));
constexpr int kIndexedArgsAt = int(offsetof(Counter, indexed_args));
// What a frame reads back: the count, the keys written and the rest up to the shared vertices.
constexpr int kCountReadBytes = int(offsetof(Counter, shared_vertices) + sizeof(std::uint32_t));

}  // namespace hp::wgpu
