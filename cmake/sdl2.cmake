# SDL2 2.26.5 for the web build, compiled from Debian's source package (scripts/setup.sh fetches
# it) as part of this build, the way Emscripten's own SDL2 port does: SDL's hand-written
# include/SDL_config_emscripten.h instead of SDL's configure (about two minutes of try-compiles
# with emcc on two cores), and only the sources that configuration uses.
enable_language(C)
set(HP_SDL2_SRC "$ENV{HP_SDL2_SRC}" CACHE PATH "SDL2 2.26.5 source (scripts/setup.sh)")
if(NOT EXISTS "${HP_SDL2_SRC}/include/SDL_config_emscripten.h")
  message(FATAL_ERROR "SDL2 source not found at '${HP_SDL2_SRC}': run scripts/setup.sh")
endif()
set(sdl "${HP_SDL2_SRC}/src")
# Each folder's own files, then the Emscripten (or dummy / generic) back end of each subsystem.
set(hp_sdl_globs)
foreach(dir . atomic audio audio/disk audio/dummy audio/emscripten cpuinfo dynapi events file
        filesystem/emscripten haptic haptic/dummy joystick joystick/emscripten libm loadso/dlopen
        locale locale/emscripten misc misc/emscripten power power/emscripten render render/software
        render/opengles2 sensor sensor/dummy stdlib thread thread/generic timer timer/unix video
        video/dummy video/emscripten video/yuv2rgb)
  list(APPEND hp_sdl_globs "${sdl}/${dir}/*.c")
endforeach()
file(GLOB hp_sdl_sources ${hp_sdl_globs})
add_library(hp_sdl2 STATIC ${hp_sdl_sources})
target_include_directories(hp_sdl2 SYSTEM PUBLIC "${HP_SDL2_SRC}/include")
target_compile_options(hp_sdl2 PRIVATE -w)
add_library(SDL2::SDL2-static ALIAS hp_sdl2)
