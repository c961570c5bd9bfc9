// A WebGPU read-back for the API (Backend::read): the parts asked for copied into staging
// buffers and mapped (wgpu::read), taken once every part has arrived; of the surface's vec4s
// the x, y, z are kept. The backend fills in the tickets and sizes; poll() makes the Reading.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "backend.h"
#include "gpu_device.h"

namespace hp {

class WebGpuRead : public ReadTicket {
public:
    wgpu::Ticket stream, atlas, positions, normals, indices;
    std::uint32_t keys = 0, texels = 0, vertices = 0, list = 0;  // stream keys, atlas texels, soup and list vertices
    bool labels = false;  // the positions' w kept (a label map's labels)
    Reading r;

    int poll(Reading* out, std::string* why) override;

private:
    // The soup's next vertex: list vertex `i` (an index past the list gives NaN).
    void soup_vertex(std::uint32_t i);
};

}  // namespace hp
