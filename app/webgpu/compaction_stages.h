// The compaction's stages, one file each, named after its step of the algorithm (the order of
// a frame: webgpu_stages.cpp). Each binds the frame's buffers (FrameBuffers) and the ones it is
// given, and owns its kernels; when one cannot be made, the (first) error goes to *error.
// The scans' stages are with their scans: BlockScanStage (block_scan.h), TileScanStage
// (tile_scan.h); the surface's with ComputeMesh (compute_mesh.h).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "compute_plan.h"
#include "stage.h"

namespace hp::wgpu {

// source (volume_source.cpp): a procedural source into the atlas (a loaded volume is uploaded
// instead: nothing runs).
std::unique_ptr<Stage> volume_source_stage(const FrameBuffers& f, std::string* error);
// classify (pyramid_reduce.cpp, webgpu-pyramid): each texel's 0/1 into the base, in Morton
// order, and the plan's first dispatch of levels (1 to 5) from them, in one dispatch.
std::unique_ptr<Stage> pyramid_classify_stage(const FrameBuffers& f, const PyramidPlan& plan, BufferRef base,
                                              BufferRef levels, std::string* error);
// classify (scan_classify.cpp, webgpu-scan blocks): classification fused with the scan of each
// 1024-texel Morton block: each texel's prefix in its block, each block's count.
std::unique_ptr<Stage> scan_classify_stage(const FrameBuffers& f, BufferRef prefix, BufferRef block_counts,
                                           std::string* error);
// reduce (pyramid_reduce.cpp, webgpu-pyramid): the levels above pyramid_classify_stage's, up
// to five a dispatch (none for an atlas up to 32²).
std::unique_ptr<Stage> pyramid_reduce_stage(const PyramidPlan& plan, BufferRef base, BufferRef levels,
                                            std::string* error);
// count (count.cpp, blocks and pyramid): one invocation reads the total at totals[index] into
// the counter, with the indirect arguments of the traversal and the stream's tail.
std::unique_ptr<Stage> count_stage(const FrameBuffers& f, BufferRef totals, std::uint32_t index, std::string* error);
// traverse (scan_scatter.cpp, blocks): each active texel to the stream at its block's offset
// plus its prefix in the block.
std::unique_ptr<Stage> scan_scatter_stage(const FrameBuffers& f, BufferRef prefix, BufferRef block_offsets,
                                          std::string* error);
// traverse (pyramid_traverse.cpp, webgpu-pyramid): one invocation a key, down the levels,
// dispatched indirectly for the count.
std::unique_ptr<Stage> pyramid_traverse_stage(const FrameBuffers& f, const PyramidPlan& plan, BufferRef base,
                                              BufferRef levels, std::string* error);
// traverse (stream_tail.cpp, every mode): zeroes the keys a previous frame wrote past this
// frame's end, dispatched indirectly.
std::unique_ptr<Stage> stream_tail_stage(const FrameBuffers& f, std::string* error);

}  // namespace hp::wgpu
