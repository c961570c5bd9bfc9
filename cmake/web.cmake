# The web build (emcmake): the demo app as app.js + app.wasm, and the site folder that
# scripts/run.sh serves: web/ (page, CSS, JS glue) + assets/ + the app.
include(cmake/sdl2.cmake)  # SDL2::SDL2-static
# Dear ImGui 1.86: the library scripts/setup.sh compiled once into the cache
# (cmake/imgui/CMakeLists.txt), its headers from the same source.
set(HP_IMGUI_DIR "$ENV{HP_IMGUI_DIR}" CACHE PATH "Dear ImGui 1.86 source (scripts/setup.sh)")
if(DEFINED ENV{HP_IMGUI_LIB})  # the setup's newest (its key follows the recipe and the compiler)
  set(HP_IMGUI_LIB "$ENV{HP_IMGUI_LIB}" CACHE FILEPATH "Dear ImGui 1.86 for wasm (scripts/setup.sh)" FORCE)
endif()
if(NOT EXISTS "${HP_IMGUI_DIR}/imgui.cpp" OR NOT EXISTS "${HP_IMGUI_LIB}")
  message(FATAL_ERROR "Dear ImGui not found (source '${HP_IMGUI_DIR}', library '${HP_IMGUI_LIB}'): run scripts/setup.sh")
endif()
add_library(imgui STATIC IMPORTED)
set_target_properties(imgui PROPERTIES IMPORTED_LOCATION "${HP_IMGUI_LIB}")
target_include_directories(imgui SYSTEM INTERFACE ${HP_IMGUI_DIR} ${HP_IMGUI_DIR}/backends)
# As it was compiled (cmake/imgui): the GL backend for GLES3, the obsolete API left out of imgui.h.
target_compile_definitions(imgui INTERFACE IMGUI_IMPL_OPENGL_ES3 IMGUI_DISABLE_OBSOLETE_FUNCTIONS)
target_link_libraries(imgui INTERFACE SDL2::SDL2-static)

# The WebGPU backend: C++ over three small hand-written JS libraries (app/webgpu/hp_webgpu.js, its
# kernels hp_webgpu_kernels.js and hp_webgpu_surface.js for the 3D view, which use the first's $HPGPU).
add_library(hp_webgpu STATIC app/webgpu/kernel.cpp app/webgpu/block_scan.cpp app/webgpu/tile_scan.cpp app/webgpu/scan_check.cpp
  app/webgpu/volume_source.cpp app/webgpu/scan_classify.cpp app/webgpu/pyramid_reduce.cpp
  app/webgpu/count.cpp app/webgpu/scan_scatter.cpp app/webgpu/pyramid_traverse.cpp app/webgpu/stream_tail.cpp
  app/webgpu/webgpu_stages.cpp app/webgpu/frame_readback.cpp app/webgpu/display_copy.cpp
  app/webgpu/webgpu_compaction.cpp app/webgpu/compute_mesh.cpp app/webgpu/compute_surface_view.cpp
  app/webgpu/bricked_mesh.cpp)
target_include_directories(hp_webgpu PUBLIC app/webgpu)
target_link_libraries(hp_webgpu PUBLIC hp_core hp_shaders)
foreach(library hp_webgpu.js hp_webgpu_kernels.js hp_webgpu_surface.js)
  target_link_options(hp_webgpu INTERFACE "SHELL:--js-library ${CMAKE_SOURCE_DIR}/app/webgpu/${library}")
  set_property(TARGET hp_webgpu APPEND PROPERTY INTERFACE_LINK_DEPENDS ${CMAKE_SOURCE_DIR}/app/webgpu/${library})
endforeach()

# The app (app/demo/loop: the frame loop over its parts), its backends, views, overlay and page
# bridge, each a folder; main.cpp drives them.
add_executable(app app/demo/main.cpp
  app/demo/loop/demo_app.cpp app/demo/loop/brick_runs.cpp app/demo/loop/sources.cpp app/demo/loop/shell_cache.cpp app/demo/loop/frame_scheduler.cpp app/demo/loop/gpu_host.cpp
  app/demo/loop/key_walker.cpp app/demo/loop/readbacks.cpp app/demo/loop/exporter.cpp
  app/demo/backends/gl_backend.cpp app/demo/backends/webgpu_backend.cpp
  app/demo/backends/webgpu_read.cpp app/demo/backends/webgpu_bricked.cpp
  app/demo/views/view_registry.cpp app/demo/views/view_explain.cpp app/demo/views/view_explain_panel.cpp
  app/demo/views/view_layout.cpp app/demo/views/view_crop.cpp
  app/demo/overlay/overlay.cpp app/demo/overlay/overlay_rows.cpp app/demo/overlay/overlay_source_rows.cpp
  app/demo/overlay/overlay_mesh_rows.cpp
  app/demo/page/web_api.cpp app/demo/page/web_load.cpp app/demo/page/web_reads.cpp app/demo/page/web_test_api.cpp
  app/demo/page/web_labels.cpp)
target_include_directories(app PRIVATE app/demo/loop app/demo/backends app/demo/views app/demo/overlay app/demo/page)
target_link_libraries(app PRIVATE hp_webgpu hp_demo_gpu imgui)
set(HP_SITE ${CMAKE_BINARY_DIR}/site)
set_target_properties(app PROPERTIES SUFFIX ".js" RUNTIME_OUTPUT_DIRECTORY ${HP_SITE})
target_link_options(app PRIVATE
  -sMIN_WEBGL_VERSION=2 -sMAX_WEBGL_VERSION=2 -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=4GB -sENVIRONMENT=web
  -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createApp
  -sEXPORTED_FUNCTIONS=_main,_malloc,_free
  -sEXPORTED_RUNTIME_METHODS=ccall,cwrap,UTF8ToString,HEAPF32,HEAPF64,HEAPU8
  -sINITIAL_MEMORY=67108864)

# The DICOM reader, a second wasm program (dicom.js + dicom.wasm) that the page loads in a Worker
# only when it meets DICOM (web/dicom_worker.js): GDCM 3.0.21 built for wasm by
# `scripts/setup.sh --dicom`, with C++ exceptions (GDCM throws), which the app itself goes
# without. Built where that GDCM is there: scripts/run.sh serves the page first and builds this
# after (scripts/build-web.sh --dicom), so the first page never waits for GDCM.
set(GDCM_DIR "$ENV{HP_GDCM_WASM_DIR}/lib/gdcm-3.0")
if(EXISTS "${GDCM_DIR}/GDCMConfig.cmake")
  find_package(GDCM REQUIRED CONFIG)
  add_executable(dicom app/dicom/dicom_module.cpp app/dicom/dicom_reader.cpp)
  target_compile_options(dicom PRIVATE -fexceptions)
  target_include_directories(dicom PRIVATE app/dicom)
  target_include_directories(dicom SYSTEM PRIVATE ${GDCM_INCLUDE_DIRS})
  target_link_libraries(dicom PRIVATE hp_core gdcmMSFF)
  set_target_properties(dicom PROPERTIES SUFFIX ".js" RUNTIME_OUTPUT_DIRECTORY ${HP_SITE})
  target_link_options(dicom PRIVATE -fexceptions
    -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createDicom -sENVIRONMENT=worker -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=1GB
    -sEXPORTED_FUNCTIONS=_malloc,_free -sEXPORTED_RUNTIME_METHODS=ccall,UTF8ToString,HEAPU8,HEAPF32
    -sINITIAL_MEMORY=16777216)
else()
  message(STATUS "GDCM for wasm not built yet: no DICOM reader in this build (scripts/setup.sh --dicom)")
endif()

# The volume files' reader, a wasm program of its own (reader.js + reader.wasm) that the page runs
# in a Worker (web/volume_reader.js), so that it draws on while a file is inflated and decoded:
# the core readers alone (app/reader/), no GL, no GDCM, so plain files never wait for the DICOM
# build. The page opens no volume file without it.
add_executable(reader app/reader/reader_module.cpp)
target_link_libraries(reader PRIVATE hp_core)
set_target_properties(reader PROPERTIES SUFFIX ".js" RUNTIME_OUTPUT_DIRECTORY ${HP_SITE})
target_link_options(reader PRIVATE
  -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createReader -sENVIRONMENT=worker -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=4GB
  -sEXPORTED_FUNCTIONS=_malloc,_free -sEXPORTED_RUNTIME_METHODS=ccall,UTF8ToString,HEAPU8,HEAPF32
  -sINITIAL_MEMORY=16777216)
add_dependencies(app reader)

# The page and the assets go next to app.js, the benchmark's scripts in bench/ (the page's files:
# not its types, web/types/ and web/tsconfig*.json, which only scripts/check-types.sh reads).
file(GLOB HP_WEB_FILES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/web/*.js ${CMAKE_SOURCE_DIR}/web/*.html
  ${CMAKE_SOURCE_DIR}/web/*.css)
file(GLOB HP_BENCH_FILES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/web/bench/*.js)
file(GLOB HP_ASSET_FILES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/assets/*)
add_custom_target(site ALL
  COMMAND ${CMAKE_COMMAND} -E make_directory ${HP_SITE}/assets ${HP_SITE}/bench
  COMMAND ${CMAKE_COMMAND} -E copy_if_different ${HP_WEB_FILES} ${HP_SITE}/
  COMMAND ${CMAKE_COMMAND} -E copy_if_different ${HP_BENCH_FILES} ${HP_SITE}/bench/
  COMMAND ${CMAKE_COMMAND} -E copy_if_different ${HP_ASSET_FILES} ${HP_SITE}/assets/
  DEPENDS ${HP_WEB_FILES} ${HP_BENCH_FILES} ${HP_ASSET_FILES}
  COMMENT "Copying web/ and assets/ into the site")
add_dependencies(app site)
