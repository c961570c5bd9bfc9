// VTK's vtkDiscreteFlyingEdges3D with every label of a label map in one filter (as 3D Slicer's
// joint mode runs it): the native baseline of the label-map benchmark (scripts/bench-labels.sh).
// Reads a raw volume (x fastest), sets every distinct non-zero value, runs the filter once to
// warm up and then `runs` times, and prints one JSON line: the times (ms), the triangles (VTK's SMP
// backend picks the threads: Debian's is TBB, all cores).
//   vtk_flying_edges RAW X Y Z uint8|uint16 [runs]
#include <vtkDiscreteFlyingEdges3D.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkPolyData.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <set>
#include <string>
#include <vector>

int main(int argc, char** argv) {
    if (argc < 6) {
        std::fprintf(stderr, "usage: vtk_flying_edges RAW X Y Z uint8|uint16 [runs]\n");
        return 2;
    }
    const int X = std::atoi(argv[2]), Y = std::atoi(argv[3]), Z = std::atoi(argv[4]);
    const bool wide = std::string(argv[5]) == "uint16";
    const int runs = argc > 6 ? std::atoi(argv[6]) : 5;
    const std::size_t n = std::size_t(X) * Y * Z;
    vtkNew<vtkImageData> image;
    image->SetDimensions(X, Y, Z);
    image->AllocateScalars(wide ? VTK_UNSIGNED_SHORT : VTK_UNSIGNED_CHAR, 1);
    FILE* f = std::fopen(argv[1], "rb");
    if (!f || std::fread(image->GetScalarPointer(), wide ? 2 : 1, n, f) != n) {
        std::fprintf(stderr, "cannot read %zu voxels from %s\n", n, argv[1]);
        return 1;
    }
    std::fclose(f);
    std::set<int> labels;
    for (std::size_t i = 0; i < n; ++i) {
        const int v = wide ? static_cast<unsigned short*>(image->GetScalarPointer())[i]
                           : static_cast<unsigned char*>(image->GetScalarPointer())[i];
        if (v) labels.insert(v);
    }
    vtkNew<vtkDiscreteFlyingEdges3D> fe;
    fe->SetInputData(image);
    int k = 0;
    for (int l : labels) fe->SetValue(k++, l);
    fe->ComputeNormalsOff();
    fe->ComputeGradientsOff();
    fe->ComputeScalarsOn();
    std::vector<double> ms;
    for (int r = 0; r <= runs; ++r) {
        fe->Modified();
        const auto t0 = std::chrono::steady_clock::now();
        fe->Update();
        const double t = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        if (r > 0) ms.push_back(t);  // the first: the warm-up
    }
    std::vector<double> sorted = ms;
    std::sort(sorted.begin(), sorted.end());
    std::printf("{\"dims\": [%d, %d, %d], \"labels\": %zu, \"triangles\": %lld, "
                "\"minMs\": %.1f, \"medianMs\": %.1f, \"ms\": [",
                X, Y, Z, labels.size(), static_cast<long long>(fe->GetOutput()->GetNumberOfCells()),
                sorted.front(),
                sorted[sorted.size() / 2]);
    for (std::size_t i = 0; i < ms.size(); ++i) std::printf("%s%.1f", i ? ", " : "", ms[i]);
    std::printf("]}\n");
    return 0;
}
