#include "bricked_mesh.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>

#include "atlas_layout.h"
#include "compute_mesh.h"

namespace hp::wgpu {

namespace {

constexpr std::uint32_t kFirstVertices = 1u << 20;  // 16 MiB a buffer, grown as surfaces need
constexpr double kUploadBytes = 16 << 20;           // the most one write of the pool takes

double now_ms() {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

double largest_buffer() { return std::min(hpgpu_limit(0), hpgpu_limit(1)); }

}  // namespace

std::uint32_t BrickedMesh::slot_words(const BrickGrid& grid, Stored type) {
    const std::uint64_t side = std::uint64_t(slot_side(grid));
    return std::uint32_t((side * side * side * std::uint64_t(stored_size(type)) + 3) / 4);
}

std::uint32_t BrickedMesh::slots_for(const BrickGrid& grid, double budget_bytes, Stored type) {
    const double slot = 4.0 * slot_words(grid, type);
    const double most = std::floor(std::min(budget_bytes, largest_buffer()) / slot);
    return std::uint32_t(std::clamp<double>(most, 1, double(std::max<std::size_t>(1, grid.bricks()))));
}

bool BrickedMesh::init(const BrickGrid& grid, std::uint32_t slots, const VoxelValues& values, bool labels,
                       std::string* error, std::uint32_t most_vertices) {
    *this = BrickedMesh();
    labels_ = labels;
    residency_.reset(slots);
    BrickUniform& u = uniform_;
    for (std::size_t a = 0; a < 3; ++a) u.grid[a] = grid.grid[a], u.dims[a] = grid.dims[a];
    u.side = grid.size;
    while ((1 << u.side_shift) < grid.size) ++u.side_shift;
    u.slot_side = slot_side(grid);
    u.slope = float(values.scaling().slope);
    u.intercept = float(values.scaling().intercept);
    u.slot_words = slot_words(grid, values.type());
    most_ = std::uint32_t(std::min(std::floor(largest_buffer() / 16.0), double(1u << 30)));
    if (most_vertices > 0) most_ = std::min(most_, most_vertices);
    capacity_ = std::min(most_, kFirstVertices);
    if (hpgpu_limit(3) > 0) capacity_ = std::min(capacity_, std::uint32_t(hpgpu_limit(3)));  // the tests' hook
    uniform_buffer_ = buffer(sizeof u, kUniform | kCopyDst, "bricks");
    tables_ = upload_mc_tables();
    pool_ = buffer(4.0 * u.slot_words * slots, kStorage | kCopyDst, "brick pool");
    entries_ = buffer(8.0 * slots, kStorage | kCopyDst, "brick round");
    state_ = buffer(sizeof(BrickState), kStorage | kIndirect | kCopyDst | kCopySrc, "brick state");
    counts_ = buffer(4.0 * slots, kStorage, "brick vertex counts");
    queries_ = QuerySet::adopt(hpgpu_query_set(2));
    if (queries_) query_times_ = buffer(16, kQueryResolve | kCopySrc, "brick timestamps");
    std::string why;
    if (!scan_.init(slots, counts_, &why, ScanLimit{state_, 0})) return *error = why, false;
    const char* const chunks[] = {"brick_values_u8.wgsl", "brick_values_i8.wgsl", "brick_values_u16.wgsl",
                                  "brick_values_i16.wgsl", "brick_values_f32.wgsl"};  // by Stored
    choices_ = {{"brick_values", chunks[std::size_t(values.type())]},
                {"brick_cells", labels ? "brick_label_cells.wgsl" : "brick_surface_cells.wgsl"}};
    count_ = kernel("brick_mesh_count.wgsl",
                    {{"bk", uniform_buffer_}, {"mc", tables_}, {"pool", pool_}, {"entries", entries_}, {"state", state_},
                     {"counts", counts_}},
                    &why, choices_);
    total_kernel_ = kernel("brick_mesh_total.wgsl",
                           {{"bk", uniform_buffer_}, {"totals", scan_.total_buffer()}, {"state", state_}}, &why);
    if (why.empty() && make_outputs(&why)) return true;
    *error = why;
    extract_ = Kernel();
    return false;
}

bool BrickedMesh::make_outputs(std::string* error) {
    positions_ = buffer(16.0 * capacity_, kStorage | kCopySrc, "bricked positions");
    normals_ = buffer(16.0 * capacity_, kStorage | kCopySrc, "bricked normals");
    extract_ = kernel("brick_mesh_extract.wgsl",
                      {{"bk", uniform_buffer_}, {"mc", tables_}, {"pool", pool_}, {"entries", entries_},
                       {"state", state_}, {"counts", counts_}, {"positions", positions_}, {"normals", normals_}},
                      error, choices_);
    return error->empty() && bool(extract_);
}

// The bricks into their slots, runs of consecutive slots a write each.
void BrickedMesh::upload(const BrickGrid& grid, const VoxelValues& values, std::vector<BrickResidency::Upload> uploads) {
    std::sort(uploads.begin(), uploads.end(), [](const auto& a, const auto& b) { return a.slot < b.slot; });
    const std::size_t slot_bytes = 4 * std::size_t(uniform_.slot_words);
    const std::size_t per_write = std::max<std::size_t>(1, std::size_t(kUploadBytes) / slot_bytes);
    std::vector<std::uint8_t> staging;
    for (std::size_t i = 0; i < uploads.size();) {
        std::size_t n = 1;
        while (i + n < uploads.size() && n < per_write && uploads[i + n].slot == uploads[i].slot + n) ++n;
        staging.assign(n * slot_bytes, 0);
        for (std::size_t k = 0; k < n; ++k) brick_stored(values, grid, uploads[i + k].brick, staging.data() + k * slot_bytes);
        write(pool_, double(uploads[i].slot) * double(slot_bytes), staging.data(), int(staging.size()));
        i += n;
    }
}

void BrickedMesh::run(const BrickGrid& grid, const VoxelValues& values, float iso, const BrickCrop* crop,
                      BrickFigures* figures) {
    if (!ready()) return;
    const double t0 = now_ms();
    std::vector<std::uint32_t> active;
    const std::optional<BrickCrop> level = level_crop_of(crop, labels_, grid.dims);
    active_bricks(grid, iso, &active, level ? &*level : nullptr);
    const std::vector<BrickResidency::Round> rounds = residency_.plan(active, residency_.slots());
    *figures = BrickFigures();
    figures->ms_plan = now_ms() - t0;
    figures->active = std::uint32_t(active.size());
    figures->rounds = std::uint32_t(rounds.size());
    figures->slots = figures->round = residency_.slots();
    uniform_.iso = iso;
    uniform_.capacity = capacity_;
    uniform_.cropped = crop ? 1u : 0u;
    for (std::size_t a = 0; a < 3 && crop; ++a)
        uniform_.crop_lo[a] = crop->box.lo[a], uniform_.crop_hi[a] = crop->box.hi[a];  // within the volume (crop_of)
    uniform_.background = crop ? crop->background : 0.0f;
    write(uniform_buffer_, 0, &uniform_, sizeof uniform_);
    BrickState start{};
    start.draw_args[1] = 1;
    write(state_, 0, &start, sizeof start);  // no rounds: an empty surface
    std::vector<std::uint32_t> entries;
    for (std::size_t r = 0; r < rounds.size(); ++r) {
        const BrickResidency::Round& round = rounds[r];
        upload(grid, values, round.uploads);
        figures->uploaded += std::uint32_t(round.uploads.size());
        entries.clear();
        for (std::size_t k = 0; k < round.bricks.size(); ++k) entries.insert(entries.end(), {round.bricks[k], round.slots[k]});
        write(entries_, 0, entries.data(), int(4 * entries.size()));
        const std::uint32_t count = std::uint32_t(round.bricks.size());
        write(state_, 0, &count, 4);
        int x = 0, y = 0;
        groups_grid(count, &x, &y);
        hpgpu_begin();
        hpgpu_pass_begin_in(queries_.id(), r == 0 ? 0 : -1, r + 1 == rounds.size() ? 1 : -1);  // no set: untimed
        count_.dispatch(x, y);
        scan_.record();
        extract_.dispatch(x, y);
        total_kernel_.dispatch(1);
        hpgpu_pass_end();
        if (r + 1 < rounds.size()) hpgpu_submit();
    }
    if (rounds.empty()) hpgpu_begin();
    total_ = read(state_, offsetof(BrickState, vertices), 4);
    times_ = Ticket();
    if (queries_ && !rounds.empty()) {
        hpgpu_resolve_queries(queries_.id(), 2, query_times_.id());
        times_ = read(query_times_, 0, 16);
    }
    hpgpu_submit();
    submitted_ = now_ms();
    figures->ms_upload = submitted_ - t0 - figures->ms_plan;
    figures->uploads = residency_.uploads();
}

bool BrickedMesh::poll(BrickFigures* figures, bool* grown) {
    *grown = false;
    if (!total_ || total_.state() == 0 || (times_ && times_.state() == 0)) return false;
    std::uint32_t total = 0;
    if (total_.state() > 0) total_.take(&total, 4);
    total_ = Ticket();
    std::uint64_t ns[2] = {0, 0};
    figures->ms_gpu = times_.state() > 0 && times_.take(ns, 16) == 16 && ns[1] >= ns[0] ? double(ns[1] - ns[0]) / 1e6 : -1;
    times_ = Ticket();
    figures->ms_mesh = now_ms() - submitted_;
    figures->vertices = total;
    figures->truncated = total > capacity_;
    if (total > capacity_ && capacity_ < most_) {
        capacity_ = std::min(most_, std::uint32_t(next_power_of_two(int(std::min(total, most_)))));
        std::string why;
        *grown = make_outputs(&why);
    }
    return true;
}

}  // namespace hp::wgpu
