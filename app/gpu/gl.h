// The one place GL headers come from: OpenGL ES 3.0 (WebGL2 in the browser, EGL natively).
#pragma once

#define GL_GLEXT_PROTOTYPES 1
#include <GLES3/gl3.h>
#include <GLES2/gl2ext.h>
