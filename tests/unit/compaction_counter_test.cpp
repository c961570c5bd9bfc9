// The counter's layout is named once in C++ (app/webgpu/compaction_counter.h) and once in WGSL
// (shaders/compaction_counter.wgsl, which the kernels include): the two are read here field by
// field, so an edit to one that the other does not follow fails a test, not a frame.
#include <gtest/gtest.h>

#include <cstddef>
#include <map>
#include <sstream>
#include <string>

#include "compaction_counter.h"
#include "embedded_shaders.h"

namespace hp {
namespace {

// The byte offset of each field of the WGSL struct `name` (u32 and vec4<u32> fields only).
std::map<std::string, int> wgsl_offsets(const std::string& wgsl, const std::string& name, int* size) {
    std::map<std::string, int> offsets;
    const std::size_t begin = wgsl.find("struct " + name + " {");
    const std::size_t end = wgsl.find('}', begin);
    std::istringstream body(wgsl.substr(begin, end - begin));
    std::string line;
    std::getline(body, line);  // the struct's own line
    int at = 0;
    while (std::getline(body, line)) {
        line = line.substr(0, line.find("//"));
        const std::size_t colon = line.find(':');
        if (colon == std::string::npos) continue;
        std::string field = line.substr(0, colon);
        field.erase(0, field.find_first_not_of(' '));
        const bool vec4 = line.find("vec4<u32>", colon) != std::string::npos;
        EXPECT_TRUE(vec4 || line.find("u32", colon) != std::string::npos) << line;
        const int align = vec4 ? 16 : 4;
        at = (at + align - 1) / align * align;
        offsets[field] = at;
        at += align;
    }
    *size = (at + 15) / 16 * 16;
    return offsets;
}

TEST(CompactionCounter, CppAndWgslAgreeOnEveryOffset) {
    const char* wgsl = embedded_shader("compaction_counter.wgsl");
    ASSERT_NE(wgsl, nullptr);
    int size = 0;
    const auto offsets = wgsl_offsets(wgsl, "Counter", &size);
    using wgpu::Counter;
    const std::map<std::string, int> cpp = {
        {"total", offsetof(Counter, total)},         {"written", offsetof(Counter, written)},
        {"tail_begin", offsetof(Counter, tail_begin)}, {"tail_end", offsetof(Counter, tail_end)},
        {"traverse_args", offsetof(Counter, traverse_args)}, {"tail_args", offsetof(Counter, tail_args)},
        {"vertices", offsetof(Counter, vertices)},   {"draw_args", offsetof(Counter, draw_args)},
        {"shared_vertices", offsetof(Counter, shared_vertices)}, {"indexed_args", offsetof(Counter, indexed_args)},
        {"indexed_first_instance", offsetof(Counter, indexed_args) + 16}};
    for (const auto& [field, at] : cpp) {
        ASSERT_TRUE(offsets.count(field)) << field << " is not in compaction_counter.wgsl's Counter";
        EXPECT_EQ(offsets.at(field), at) << field;
    }
    EXPECT_EQ(size, int(sizeof(Counter)));
    EXPECT_EQ(wgpu::kTraverseArgsAt, offsets.at("traverse_args"));
    EXPECT_EQ(wgpu::kTailArgsAt, offsets.at("tail_args"));
    EXPECT_EQ(wgpu::kDrawArgsAt, offsets.at("draw_args"));
    EXPECT_EQ(wgpu::kIndexedArgsAt, offsets.at("indexed_args"));
}

}  // namespace
}  // namespace hp
