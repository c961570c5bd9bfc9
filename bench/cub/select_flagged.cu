// The compute floor for the histopyramid on the same GPU: CUB's DeviceSelect::Flagged over
// the flags of the native benchmark's case (written by bench_native --cub), and a classify
// kernel (solid: voxel value >= iso, texels outside the volume never active) followed by the
// same select. Built with nvcc where CUDA is present (scripts/bench-native.sh); never needed
// to build or test the demo. Prints one JSON object.
//   select_flagged ATLAS.f32 FLAGS.u8 S N ISO
#include <cub/cub.cuh>
#include <thrust/iterator/counting_iterator.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(x)                                                                         \
    do {                                                                                 \
        cudaError_t e = (x);                                                             \
        if (e != cudaSuccess) {                                                          \
            std::printf("{\"error\": \"%s: %s\"}\n", #x, cudaGetErrorString(e));         \
            std::exit(1);                                                                \
        }                                                                                \
    } while (0)

__global__ void classify_solid(const float* atlas, unsigned char* flags, int size, int n, float iso) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= size * size) return;
    const int x = i % size, y = i / size, tiles = size / n;
    const int z = (y / n) * tiles + x / n;
    flags[i] = z < n && atlas[i] >= iso;
}

template <typename F>
float time_ms(F&& work, int reps) {
    cudaEvent_t a, b;
    cudaEventCreate(&a);
    cudaEventCreate(&b);
    work();  // warm-up
    cudaEventRecord(a);
    for (int i = 0; i < reps; ++i) work();
    cudaEventRecord(b);
    cudaEventSynchronize(b);
    float ms = 0;
    cudaEventElapsedTime(&ms, a, b);
    return ms / reps;
}

int main(int argc, char** argv) {
    if (argc != 6) {
        std::printf("{\"error\": \"usage: select_flagged ATLAS.f32 FLAGS.u8 S N ISO\"}\n");
        return 2;
    }
    const int size = std::atoi(argv[3]), n = std::atoi(argv[4]);
    const float iso = float(std::atof(argv[5]));
    const std::size_t count = std::size_t(size) * size;
    std::vector<float> atlas(count);
    std::vector<unsigned char> flags(count);
    FILE* fa = std::fopen(argv[1], "rb");
    FILE* ff = std::fopen(argv[2], "rb");
    if (!fa || !ff || std::fread(atlas.data(), 4, count, fa) != count || std::fread(flags.data(), 1, count, ff) != count) {
        std::printf("{\"error\": \"cannot read the atlas or the flags\"}\n");
        return 1;
    }
    std::fclose(fa);
    std::fclose(ff);
    const long expected = std::count(flags.begin(), flags.end(), 1);

    float* d_atlas;
    unsigned char *d_flags, *d_own_flags;
    int *d_out, *d_selected;
    CHECK(cudaMalloc(&d_atlas, count * 4));
    CHECK(cudaMalloc(&d_flags, count));
    CHECK(cudaMalloc(&d_own_flags, count));
    CHECK(cudaMalloc(&d_out, count * 4));
    CHECK(cudaMalloc(&d_selected, 4));
    CHECK(cudaMemcpy(d_atlas, atlas.data(), count * 4, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_flags, flags.data(), count, cudaMemcpyHostToDevice));
    thrust::counting_iterator<int> items(0);  // the texel indices
    std::size_t temp_bytes = 0;
    cub::DeviceSelect::Flagged(nullptr, temp_bytes, items, d_flags, d_out, d_selected, int(count));
    void* d_temp;
    CHECK(cudaMalloc(&d_temp, temp_bytes));

    const float select_ms = time_ms([&] {
        cub::DeviceSelect::Flagged(d_temp, temp_bytes, items, d_flags, d_out, d_selected, int(count));
    }, 200);
    int selected = 0;
    CHECK(cudaMemcpy(&selected, d_selected, 4, cudaMemcpyDeviceToHost));
    const int threads = 256, blocks = int((count + threads - 1) / threads);
    const float classify_select_ms = time_ms([&] {
        classify_solid<<<blocks, threads>>>(d_atlas, d_own_flags, size, n, iso);
        cub::DeviceSelect::Flagged(d_temp, temp_bytes, items, d_own_flags, d_out, d_selected, int(count));
    }, 200);
    int selected_own = 0;
    CHECK(cudaMemcpy(&selected_own, d_selected, 4, cudaMemcpyDeviceToHost));
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, 0);
    std::printf("{\"device\": \"%s\", \"size\": %d, \"elements\": %zu, \"flagged\": %ld, \"selected\": %d, "
                "\"selected_after_classify\": %d, \"select_ms\": %.6f, \"classify_select_ms\": %.6f}\n",
                prop.name, size, count, expected, selected, selected_own, select_ms, classify_select_ms);
    return selected == expected && selected_own == expected ? 0 : 1;
}
