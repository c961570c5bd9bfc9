// The mesh steps' VTK row (scripts/bench-mesh.sh, scripts/bench-gpu.sh): the filters of 3D
// Slicer's Surface Toolbox, native, on the same input mesh the page processes (its welded
// surface, binary PLY): keep the largest region (vtkPolyDataConnectivityFilter, then
// vtkCleanPolyData to drop the other regions' points), smooth (vtkWindowedSincPolyDataFilter,
// ITERATIONS iterations, pass band 0.1, normalized coordinates, as Slicer runs it) and decimate
// to TARGET triangles (vtkQuadricDecimation, volume preserved). Each filter timed (the file's
// reading not counted), RUNS runs back to back, the best kept; prints one JSON line with the
// runs' span in ms since the epoch (startMs, endMs: the clock the GPU machine's clock samples
// carry).
//   vtk_steps INPUT.ply ITERATIONS TARGET [RUNS]
#include <vtkCleanPolyData.h>
#include <vtkNew.h>
#include <vtkPLYReader.h>
#include <vtkPolyData.h>
#include <vtkPolyDataConnectivityFilter.h>
#include <vtkQuadricDecimation.h>
#include <vtkVersionMacros.h>
#include <vtkWindowedSincPolyDataFilter.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
double ms_since(Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); }
long long epoch_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

struct Run {
    double largest, smooth, decimate, total;
    long long triangles, largestTriangles;
};

Run run(vtkPolyData* mesh, int iterations, long long target) {
    Run r{};
    auto t = Clock::now();
    vtkNew<vtkPolyDataConnectivityFilter> connectivity;
    connectivity->SetInputData(mesh);
    connectivity->SetExtractionModeToLargestRegion();
    connectivity->Update();
    vtkNew<vtkCleanPolyData> clean;
    clean->SetInputConnection(connectivity->GetOutputPort());
    clean->Update();
    r.largest = ms_since(t);
    t = Clock::now();
    vtkNew<vtkWindowedSincPolyDataFilter> smooth;
    smooth->SetInputConnection(clean->GetOutputPort());
    smooth->SetNumberOfIterations(iterations);
    smooth->SetPassBand(0.1);
    smooth->BoundarySmoothingOff();
    smooth->FeatureEdgeSmoothingOff();
    smooth->NonManifoldSmoothingOn();
    smooth->NormalizeCoordinatesOn();
    smooth->Update();
    r.smooth = ms_since(t);
    t = Clock::now();
    vtkNew<vtkQuadricDecimation> decimate;
    decimate->SetInputConnection(smooth->GetOutputPort());
    decimate->SetTargetReduction(1.0 - double(target) / double(smooth->GetOutput()->GetNumberOfCells()));
    decimate->VolumePreservationOn();
    decimate->Update();
    r.decimate = ms_since(t);
    r.total = r.largest + r.smooth + r.decimate;
    r.triangles = decimate->GetOutput()->GetNumberOfCells();
    r.largestTriangles = clean->GetOutput()->GetNumberOfCells();
    return r;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: vtk_steps INPUT.ply ITERATIONS TARGET [RUNS]\n");
        return 2;
    }
    const int iterations = std::atoi(argv[2]), runs = argc > 4 ? std::atoi(argv[4]) : 3;
    const long long target = std::atoll(argv[3]);
    vtkNew<vtkPLYReader> reader;
    reader->SetFileName(argv[1]);
    reader->Update();
    vtkPolyData* mesh = reader->GetOutput();
    if (mesh->GetNumberOfCells() == 0) {
        std::fprintf(stderr, "no triangles read from %s\n", argv[1]);
        return 1;
    }
    std::vector<Run> all;
    const long long startMs = epoch_ms();
    for (int k = 0; k < runs; ++k) all.push_back(run(mesh, iterations, target));
    const long long endMs = epoch_ms();
    Run best = all.front();
    for (const Run& r : all)
        if (r.total < best.total) best = r;
    std::printf("{\"tool\": \"VTK %s (libvtk9, C++, native): largest region, windowed sinc, quadric decimation\", "
                "\"regime\": \"saturated\", \"startMs\": %lld, \"endMs\": %lld, \"runs\": %d, \"inputTriangles\": %lld, "
                "\"largestTriangles\": %lld, \"triangles\": %lld, "
                "\"ms\": {\"largest\": %.1f, \"smooth\": %.1f, \"decimate\": %.1f, \"total\": %.1f}, \"totals\": [",
                VTK_VERSION, startMs, endMs, runs, static_cast<long long>(mesh->GetNumberOfCells()), best.largestTriangles,
                best.triangles, best.largest, best.smooth, best.decimate, best.total);
    for (std::size_t i = 0; i < all.size(); ++i) std::printf("%s%.1f", i ? ", " : "", all[i].total);
    std::printf("]}\n");
    return 0;
}
