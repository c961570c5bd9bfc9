# The native build: tests of the core and of the GPU pipeline on EGL with no window
# (Mesa's llvmpipe here, the NVIDIA driver on the GPU machine), and the asset tool.
find_library(HP_EGL EGL REQUIRED)
find_library(HP_GLES GLESv2 REQUIRED)
target_link_libraries(histopyramid PUBLIC ${HP_GLES})

add_library(hp_egl STATIC app/native/egl_context.cpp)
target_include_directories(hp_egl PUBLIC app/native)
target_link_libraries(hp_egl PUBLIC ${HP_EGL} ${HP_GLES})

# Writes assets/*.png slice atlases from a procedural field (scripts/make-assets.sh).
add_executable(make_atlas app/native/make_atlas.cpp)
target_link_libraries(make_atlas PRIVATE hp_core)
# Volumes past 512³ (the CT sample stacked, a micro-CT stand-in) and what bricks would hold of them
# (docs/volumes.md).
add_executable(make_volume app/native/make_volume.cpp)
target_link_libraries(make_volume PRIVATE hp_core)
# The tool's NIfTI opens in the page's reader (nibabel read the large ones: docs/volumes.md).
add_test(NAME tools.make_volume COMMAND sh -c "$<TARGET_FILE:make_volume> microct make_volume_test.nii 64 40 && \
$<TARGET_FILE:make_volume> bricks make_volume_test.nii 6500")
set_tests_properties(tools.make_volume PROPERTIES PASS_REGULAR_EXPRESSION "64×64×40 uint16 at iso 6500: [0-9]+ of 154791 cells active")

find_package(GTest REQUIRED)
include(GoogleTest)
enable_testing()

add_executable(unit_tests
  tests/unit/atlas_layout_test.cpp tests/unit/cpu_reference_test.cpp
  tests/unit/png_atlas_test.cpp tests/unit/settings_test.cpp
  tests/unit/compute_plan_test.cpp tests/unit/marching_cubes_test.cpp
  tests/unit/wgsl_bindings_test.cpp tests/unit/volume_file_test.cpp
  tests/unit/mesh_export_test.cpp tests/unit/volume_fixtures_test.cpp tests/unit/explain_test.cpp
  tests/unit/json_writer_test.cpp tests/unit/json_reader_test.cpp tests/unit/mesh_process_test.cpp tests/unit/dicom_series_test.cpp
  tests/unit/label_mesh_test.cpp tests/unit/label_table_test.cpp tests/unit/label_pairs_test.cpp
  tests/unit/label_merge_test.cpp tests/unit/label_decimate_test.cpp tests/unit/hollow_test.cpp tests/unit/deflate_test.cpp
  tests/unit/volume_meta_test.cpp tests/unit/settings_block_test.cpp tests/unit/brick_grid_test.cpp
  tests/unit/brick_pool_test.cpp)
target_compile_definitions(unit_tests PRIVATE HP_SOURCE_DIR="${CMAKE_SOURCE_DIR}"
                                              HP_FIXTURES_DIR="${CMAKE_BINARY_DIR}/volume-fixtures")
# zlib writes the compressed streams the volume readers are tested on (the readers have their own inflater).
find_package(ZLIB REQUIRED)
target_link_libraries(unit_tests PRIVATE hp_core GTest::gtest_main ZLIB::ZLIB)
gtest_discover_tests(unit_tests TEST_PREFIX "unit." DISCOVERY_TIMEOUT 30)

add_executable(gpu_tests tests/gpu/compaction_test.cpp tests/gpu/explain_test.cpp tests/gpu/brick_level_test.cpp)
target_link_libraries(gpu_tests PRIVATE hp_demo_gpu hp_egl GTest::gtest_main)
gtest_discover_tests(gpu_tests TEST_PREFIX "gpu." DISCOVERY_TIMEOUT 60
  PROPERTIES TIMEOUT 600)
# The tests' own files at -O1 (after Release's -O3, so it wins): GoogleTest's macros take most of
# the native build's time at -O3, and the code under test (hp_core, the GPU passes) keeps -O3.
target_compile_options(unit_tests PRIVATE -O1)
target_compile_options(gpu_tests PRIVATE -O1)
set_target_properties(unit_tests gpu_tests PROPERTIES UNITY_BUILD_BATCH_SIZE 0)  # one file each (HP_UNITY)


# The benchmark on EGL (scripts/bench-native.sh): the browser benchmark's matrix, natively.
add_executable(bench_native app/native/bench_native.cpp app/native/bench_surface.cpp app/native/bench_bricks.cpp app/native/bench_common.cpp)
target_link_libraries(bench_native PRIVATE hp_demo_gpu hp_egl)

# The WebGPU counter's layout (a plain struct, app/webgpu/compaction_counter.h) read against its
# WGSL twin (shaders/compaction_counter.wgsl).
target_sources(unit_tests PRIVATE tests/unit/compaction_counter_test.cpp)
target_link_libraries(unit_tests PRIVATE hp_shaders)
target_include_directories(unit_tests PRIVATE app/webgpu)
# The surface's vertex order in 8×4 tiles (app/gpu/stream_tiles.h, header only).
target_sources(unit_tests PRIVATE tests/unit/stream_tiles_test.cpp)
target_include_directories(unit_tests PRIVATE app/gpu)
# The volume's uniform block (app/gpu/volume_block.h, header only) against volume.glsl's and
# WebGPU's twin (app/webgpu/webgpu_uniforms.h).
target_sources(unit_tests PRIVATE tests/unit/volume_block_test.cpp)

# The files the docs name exist (README.md, docs/*.md; docs/layout.md's map covers app/).
find_package(Python3 REQUIRED COMPONENTS Interpreter)
add_test(NAME docs.paths COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/tests/docs/check_paths.py ${CMAKE_SOURCE_DIR})

# The 3MF reader the browser tests check the page's 3MF with: lib3mf, the 3MF Consortium's
# reference library (Debian's lib3mf-dev, the test tier's).
# (Its pkg-config file also names -lzip, which the shared library already links.) Where it is
# missing (the GPU machine's native benchmark) the rest builds; the browser case that reads the
# page's 3MF fails, naming the setup.
find_library(LIB3MF_LIBRARY 3MF)
find_path(LIB3MF_INCLUDE Model/COM/NMR_DLLInterfaces.h PATH_SUFFIXES lib3mf)
if(LIB3MF_LIBRARY AND LIB3MF_INCLUDE)
  add_executable(read_3mf tests/mesh/read_3mf.cpp)
  target_include_directories(read_3mf SYSTEM PRIVATE ${LIB3MF_INCLUDE})
  target_link_libraries(read_3mf PRIVATE ${LIB3MF_LIBRARY})
endif()
