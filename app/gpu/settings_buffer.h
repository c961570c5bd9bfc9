// The Settings uniform block's buffer (settings_block.h: the settings the WebGL2 shaders read),
// bound at kSettingsBinding: written for the frame's settings before its passes and for the
// state the views draw before them (DemoApp), each time only where a byte changed.
#pragma once

#include <cstdint>
#include <vector>

#include "demo_state.h"
#include "gl_objects.h"

namespace hp {

class SettingsBuffer {
public:
    void write(const DemoState& s);  // made at the first write after a lost context too
    void abandon();

private:
    gl::Buffer buffer_;
    std::vector<std::uint32_t> words_;  // what the buffer holds
};

}  // namespace hp
