// The GL context every native GPU test runs in: EGL without a window (Mesa llvmpipe here,
// NVIDIA on the GPU machine), made once; null (with a failure) where there is none.
#pragma once

#include <gtest/gtest.h>

#include <cstdio>
#include <memory>

#include "egl_context.h"

namespace hp {

inline EglContext* test_context() {
    static std::unique_ptr<EglContext> ctx = [] {
        auto c = std::make_unique<EglContext>();
        std::string error;
        if (!c->create(&error)) {
            ADD_FAILURE() << error;
            return std::unique_ptr<EglContext>();
        }
        std::printf("[ GL       ] %s\n", c->renderer().c_str());
        return c;
    }();
    return ctx.get();
}

}  // namespace hp
