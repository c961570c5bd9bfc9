// VTK's vtkDiscreteFlyingEdges3D with every label of a label map in one filter (as 3D Slicer's
// joint mode runs it): the native baseline of the label-map benchmark (scripts/bench-labels.sh,
// scripts/bench-gpu.sh). Reads a raw volume (x fastest), or makes the page's procedural label map
// (web/bench/bench_labels.js's make(), the same arithmetic: RAW = "procedural"), sets every distinct
// non-zero value, runs the filter once to warm up and then `runs` times back to back, and prints
// one JSON line: the times (ms), the triangles, the input's FNV-1a hash (the page gives the same
// for its map), the runs' span in ms since the epoch (startMs, endMs: the clock the GPU machine's
// clock samples carry). VTK's SMP backend picks the threads (Debian's is TBB, all cores).
//   vtk_flying_edges RAW|procedural X Y Z uint8|uint16 [runs]
#include <vtkDiscreteFlyingEdges3D.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkPolyData.h>
#include <vtkVersionMacros.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <set>
#include <string>
#include <vector>

namespace {

// web/bench/bench_labels.js's make(), operation for operation.
void make_procedural(unsigned char* out, int X, int Y, int Z) {
    const auto table = [](int n, double period, double amp) {
        std::vector<double> t(n);
        for (int i = 0; i < n; ++i) t[i] = amp * std::sin((2 * M_PI * i) / period);
        return t;
    };
    const std::vector<double> ax = table(X, 173, 19), ay = table(Y, 151, 17), az = table(Z, 197, 21);
    const double cx = X / 2.0, cy = Y / 2.0, cz = Z / 2.0, rx = 0.46 * X, ry = 0.46 * Y, rz = 0.46 * Z;
    const auto p6 = [](double t) { const double s = t * t; return s * s * s; };
    std::size_t i = 0;
    for (int z = 0; z < Z; ++z) {
        const double dz = p6((z - cz) / rz);
        for (int y = 0; y < Y; ++y) {
            const double dyz = dz + p6((y - cy) / ry);
            for (int x = 0; x < X; ++x, ++i) {
                out[i] = 0;
                if (dyz + p6((x - cx) / rx) > 1) continue;
                const double u = x + ay[y] + az[z], v = y + az[z] + ax[x], w = z + ax[x] + ay[y];
                const int gx = int(std::min(5.0, std::max(0.0, std::floor((u * 6) / X))));
                const int gy = int(std::min(4.0, std::max(0.0, std::floor((v * 5) / Y))));
                const int gz = int(std::min(3.0, std::max(0.0, std::floor((w * 4) / Z))));
                out[i] = static_cast<unsigned char>(1 + gx + 6 * (gy + 5 * gz));
            }
        }
    }
}

std::uint32_t fnv1a(const unsigned char* p, std::size_t n) {
    std::uint32_t h = 0x811c9dc5u;
    for (std::size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 16777619u;
    return h;
}

long long epoch_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 6) {
        std::fprintf(stderr, "usage: vtk_flying_edges RAW|procedural X Y Z uint8|uint16 [runs]\n");
        return 2;
    }
    const int X = std::atoi(argv[2]), Y = std::atoi(argv[3]), Z = std::atoi(argv[4]);
    const bool wide = std::string(argv[5]) == "uint16";
    const int runs = argc > 6 ? std::atoi(argv[6]) : 5;
    const std::size_t n = std::size_t(X) * Y * Z;
    vtkNew<vtkImageData> image;
    image->SetDimensions(X, Y, Z);
    image->AllocateScalars(wide ? VTK_UNSIGNED_SHORT : VTK_UNSIGNED_CHAR, 1);
    const bool procedural = std::string(argv[1]) == "procedural";
    if (procedural) {
        if (wide) {
            std::fprintf(stderr, "the procedural map is uint8\n");
            return 2;
        }
        make_procedural(static_cast<unsigned char*>(image->GetScalarPointer()), X, Y, Z);
    } else {
        FILE* f = std::fopen(argv[1], "rb");
        if (!f || std::fread(image->GetScalarPointer(), wide ? 2 : 1, n, f) != n) {
            std::fprintf(stderr, "cannot read %zu voxels from %s\n", n, argv[1]);
            return 1;
        }
        std::fclose(f);
    }
    const std::uint32_t hash = fnv1a(static_cast<unsigned char*>(image->GetScalarPointer()), n * (wide ? 2 : 1));
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
    long long startMs = 0;
    for (int r = 0; r <= runs; ++r) {
        if (r == 1) startMs = epoch_ms();
        fe->Modified();
        const auto t0 = std::chrono::steady_clock::now();
        fe->Update();
        const double t = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        if (r > 0) ms.push_back(t);  // the first: the warm-up
    }
    const long long endMs = epoch_ms();
    std::vector<double> sorted = ms;
    std::sort(sorted.begin(), sorted.end());
    std::printf("{\"tool\": \"VTK %s vtkDiscreteFlyingEdges3D, native\", \"input\": \"%s\", \"dims\": [%d, %d, %d], "
                "\"fnv1a\": %u, \"labels\": %zu, \"triangles\": %lld, \"regime\": \"saturated\", "
                "\"startMs\": %lld, \"endMs\": %lld, \"minMs\": %.1f, \"medianMs\": %.1f, \"ms\": [",
                VTK_VERSION, procedural ? "procedural" : argv[1], X, Y, Z, hash, labels.size(),
                static_cast<long long>(fe->GetOutput()->GetNumberOfCells()), startMs, endMs, sorted.front(),
                sorted[sorted.size() / 2]);
    for (std::size_t i = 0; i < ms.size(); ++i) std::printf("%s%.1f", i ? ", " : "", ms[i]);
    std::printf("]}\n");
    return 0;
}
