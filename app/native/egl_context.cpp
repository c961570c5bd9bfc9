#include "egl_context.h"

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>

#include <cstring>
#include <vector>

namespace hp {
namespace {

EGLDisplay open_display() {
    auto get_platform_display =
        reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(eglGetProcAddress("eglGetPlatformDisplayEXT"));
    auto query_devices =
        reinterpret_cast<PFNEGLQUERYDEVICESEXTPROC>(eglGetProcAddress("eglQueryDevicesEXT"));
    if (!get_platform_display) return EGL_NO_DISPLAY;
    // A GPU device first (the NVIDIA driver exposes one), then Mesa's surfaceless platform.
    if (query_devices) {
        EGLDeviceEXT devices[8];
        EGLint n = 0;
        if (query_devices(8, devices, &n)) {
            for (EGLint i = 0; i < n; ++i) {
                EGLDisplay d = get_platform_display(EGL_PLATFORM_DEVICE_EXT, devices[i], nullptr);
                EGLint major = 0, minor = 0;
                if (d != EGL_NO_DISPLAY && eglInitialize(d, &major, &minor)) {
                    const char* vendor = eglQueryString(d, EGL_VENDOR);
                    // Mesa's software device is reached more reliably as surfaceless below.
                    if (vendor && std::strstr(vendor, "Mesa") == nullptr) return d;
                    eglTerminate(d);
                }
            }
        }
    }
    EGLDisplay d = get_platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
    EGLint major = 0, minor = 0;
    if (d != EGL_NO_DISPLAY && eglInitialize(d, &major, &minor)) return d;
    return EGL_NO_DISPLAY;
}

}  // namespace

bool EglContext::create(std::string* error) {
    EGLDisplay d = open_display();
    if (d == EGL_NO_DISPLAY) {
        *error = "no EGL display (neither a GPU device nor Mesa's surfaceless platform)";
        return false;
    }
    display_ = d;
    eglBindAPI(EGL_OPENGL_ES_API);
    const EGLint config_attribs[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_SURFACE_TYPE,
                                     EGL_PBUFFER_BIT, EGL_NONE};
    EGLConfig config = nullptr;
    EGLint n = 0;
    if (!eglChooseConfig(d, config_attribs, &config, 1, &n) || n == 0) {
        const EGLint any[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_NONE};
        if (!eglChooseConfig(d, any, &config, 1, &n) || n == 0) {
            *error = "no EGL config for OpenGL ES 3";
            return false;
        }
    }
    const EGLint ctx_attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE};
    EGLContext c = eglCreateContext(d, config, EGL_NO_CONTEXT, ctx_attribs);
    if (c == EGL_NO_CONTEXT) {
        *error = "cannot create an OpenGL ES 3 context";
        return false;
    }
    context_ = c;
    if (!eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, c)) {
        *error = "cannot make the context current without a surface";
        return false;
    }
    return true;
}

EglContext::~EglContext() {
    if (display_) {
        eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
        if (context_) eglDestroyContext(display_, context_);
        eglTerminate(display_);
    }
}

std::string EglContext::renderer() const {
    const char* r = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
    const char* v = reinterpret_cast<const char*>(glGetString(GL_VERSION));
    return std::string(r ? r : "?") + " / " + (v ? v : "?");
}

}  // namespace hp
