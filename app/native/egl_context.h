// An OpenGL ES 3 context with no window, for tests and benchmarks: Mesa's surfaceless
// platform (llvmpipe on a machine without a GPU), or the first EGL device (a GPU driver).
#pragma once

#include <string>

namespace hp {

class EglContext {
public:
    // Makes a context current on this thread; false with a reason when none can be had.
    bool create(std::string* error);
    ~EglContext();
    std::string renderer() const;

private:
    void* display_ = nullptr;
    void* context_ = nullptr;
};

}  // namespace hp
