// VTK's vtkFlyingEdges3D on an int16 volume at one iso, normals computed (as the page's surface
// has them): the native baseline of the bricked surface's benchmark (docs/benchmark.md). Reads
// the volume's voxels at OFFSET of FILE (x fastest: a .nii's data from its vox_offset), runs the
// filter once to warm up and then `runs` times back to back at each iso, and prints one JSON
// line an iso: the times (ms), the triangles, the runs' span in ms since the epoch (startMs,
// endMs: the clock the GPU machine's clock samples carry). VTK's SMP backend picks the threads
// (Debian's is TBB, all cores).
//   vtk_iso FILE OFFSET X Y Z RUNS ISO [ISO ...]
#include <vtkFlyingEdges3D.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkPolyData.h>
#include <vtkVersionMacros.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

namespace {
long long epoch_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}
}  // namespace

int main(int argc, char** argv) {
    if (argc < 8) {
        std::fprintf(stderr, "usage: vtk_iso FILE OFFSET X Y Z RUNS ISO [ISO ...]\n");
        return 2;
    }
    const long offset = std::atol(argv[2]);
    const int X = std::atoi(argv[3]), Y = std::atoi(argv[4]), Z = std::atoi(argv[5]), runs = std::atoi(argv[6]);
    const std::size_t n = std::size_t(X) * Y * Z;
    vtkNew<vtkImageData> image;
    image->SetDimensions(X, Y, Z);
    image->AllocateScalars(VTK_SHORT, 1);
    FILE* f = std::fopen(argv[1], "rb");
    if (!f || std::fseek(f, offset, SEEK_SET) != 0 || std::fread(image->GetScalarPointer(), 2, n, f) != n) {
        std::fprintf(stderr, "cannot read %zu int16 voxels from %s at %ld\n", n, argv[1], offset);
        return 1;
    }
    std::fclose(f);
    vtkNew<vtkFlyingEdges3D> fe;
    fe->SetInputData(image);
    fe->ComputeNormalsOn();
    fe->ComputeGradientsOff();
    fe->ComputeScalarsOff();
    for (int i = 7; i < argc; ++i) {
        const double iso = std::atof(argv[i]);
        fe->SetValue(0, iso);
        std::vector<double> ms;
        long long start = 0;
        for (int r = 0; r <= runs; ++r) {
            if (r == 1) start = epoch_ms();
            fe->Modified();
            const auto t0 = std::chrono::steady_clock::now();
            fe->Update();
            const double t = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
            if (r > 0) ms.push_back(t);  // the first: the warm-up
        }
        std::sort(ms.begin(), ms.end());
        std::printf("{\"tool\": \"VTK %s vtkFlyingEdges3D, native, %u cores\", \"dims\": [%d, %d, %d], \"iso\": %g, "
                    "\"triangles\": %lld, \"ms\": %.2f, \"minMs\": %.2f, \"runs\": %d, \"startMs\": %lld, \"endMs\": %lld}\n",
                    VTK_VERSION, std::thread::hardware_concurrency(), X, Y, Z, iso,
                    (long long)fe->GetOutput()->GetNumberOfPolys(), ms[ms.size() / 2], ms.front(), runs, start, epoch_ms());
        std::fflush(stdout);
    }
    return 0;
}
