# SDL2 2.26.5 for the web build: the static library scripts/setup.sh compiled once into the
# cache (cmake/sdl2/CMakeLists.txt says how), with its headers from the same source.
set(HP_SDL2_SRC "$ENV{HP_SDL2_SRC}" CACHE PATH "SDL2 2.26.5 source (scripts/setup.sh)")
if(DEFINED ENV{HP_SDL2_LIB})  # the setup's newest (its key follows the recipe and the compiler)
  set(HP_SDL2_LIB "$ENV{HP_SDL2_LIB}" CACHE FILEPATH "SDL2 2.26.5 for wasm (scripts/setup.sh)" FORCE)
endif()
if(NOT EXISTS "${HP_SDL2_SRC}/include/SDL_config_emscripten.h" OR NOT EXISTS "${HP_SDL2_LIB}")
  message(FATAL_ERROR "SDL2 for wasm not found (source '${HP_SDL2_SRC}', library '${HP_SDL2_LIB}'): run scripts/setup.sh")
endif()
add_library(hp_sdl2 STATIC IMPORTED)
set_target_properties(hp_sdl2 PROPERTIES IMPORTED_LOCATION "${HP_SDL2_LIB}")
target_include_directories(hp_sdl2 SYSTEM INTERFACE "${HP_SDL2_SRC}/include")
add_library(SDL2::SDL2-static ALIAS hp_sdl2)
