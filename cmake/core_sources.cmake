# The core's sources (app/core: no GL), in two lists that the native and web builds (hp_core, in
# CMakeLists.txt) and the fuzzers' instrumented library (tests/fuzz/CMakeLists.txt) share, so a
# new file reader or parser is listed once. Paths are relative to the repository's root.

# What reads the page's input (files, settings, JSON), with what it needs: the fuzzers' library.
set(HP_CORE_INPUT_SOURCES
  app/core/atlas_layout.cpp app/core/cpu_reference.cpp app/core/json_writer.cpp app/core/json_reader.cpp
  app/core/settings/settings.cpp app/core/settings/settings_json.cpp app/core/settings/load_options.cpp
  app/core/volume/png_atlas.cpp app/core/volume/png_chunks.cpp app/core/volume/png_volume.cpp
  app/core/volume/inflate.cpp app/core/volume/deflate.cpp app/core/volume/volume_file.cpp app/core/volume/volume_decode.cpp app/core/volume/volume_stream.cpp
  app/core/volume/volume_meta.cpp app/core/volume/nifti.cpp app/core/volume/nrrd.cpp app/core/volume/metaimage.cpp
  app/core/volume/vtk_legacy.cpp app/core/volume/raw_volume.cpp app/core/volume/dicom_series.cpp
  app/core/volume/label_table.cpp app/core/volume/voxel_values.cpp)

# The rest: the procedural sources, plans, timings, camera, the CPU mesh and its steps, the WGSL
# bindings, the Explain walk, labels.
set(HP_CORE_OTHER_SOURCES
  app/core/settings/source_params.cpp app/core/compute_plan.cpp app/core/pass_times.cpp app/core/orbit_camera.cpp
  app/core/mesh/marching_cubes.cpp app/core/mesh/reference_mesh.cpp app/core/mesh/mesh_export.cpp
  app/core/mesh/mesh_files.cpp app/core/mesh/mesh_glb.cpp app/core/mesh/mesh_3mf.cpp app/core/mesh/mesh_process.cpp app/core/mesh/mesh_sound.cpp
  app/core/mesh/label_steps.cpp app/core/mesh/label_decimate.cpp app/core/mesh/mesh_edges.cpp app/core/mesh/mesh_work.cpp app/core/wgsl_bindings.cpp
  app/core/volume_atlas.cpp app/core/explain.cpp app/core/mesh/label_set.cpp app/core/mesh/label_merge.cpp
  app/core/label_pick.cpp app/core/settings/settings_block.cpp app/core/crop_box.cpp app/core/volume/hollow.cpp
  app/core/volume/brick_grid.cpp app/core/volume/brick_pool.cpp app/core/volume/brick_pyramid.cpp)
