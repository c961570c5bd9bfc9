#include "bricked_surface.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "clock.h"
#include "stream_tiles.h"

namespace hp {

BrickedSurface::Size BrickedSurface::size_for(const BrickGrid& grid, double budget_bytes, int max_3d, Stored type) {
    const std::uint64_t bricks = std::max<std::uint64_t>(
        1, grid.bricks() ? grid.bricks() : std::uint64_t(grid.grid[0]) * grid.grid[1] * grid.grid[2]);
    const double slot = BrickCells::pool_bytes(grid, 1, type);
    const std::uint64_t side = std::uint64_t(std::max(1, max_3d / slot_side(grid)));
    const std::uint64_t most = std::min(bricks, side * side * side);
    // 4M cells and 96 MiB for the default budget (256 MiB), more for a larger one.
    const double scale = std::max(1.0, budget_bytes / double(256 << 20));
    const double kRoundCells = double(4 << 20) * scale, kRoundBytes = std::max(double(96 << 20), budget_bytes / 4);
    std::uint64_t round = std::uint64_t(std::max(1.0, kRoundCells / std::pow(double(grid.size), 3)));
    round = std::min(round, most);
    while (round > 1 && (BrickCells::round_bytes(grid, std::uint32_t(round)) > kRoundBytes ||
                         BrickCells::round_bytes(grid, std::uint32_t(round)) + double(round) * slot > budget_bytes))
        round = round * 3 / 4;
    const double left = budget_bytes - BrickCells::round_bytes(grid, std::uint32_t(round));
    const std::uint64_t slots = std::uint64_t(std::max(0.0, std::floor(left / slot)));
    Size s;
    s.round = std::uint32_t(round);
    s.slots = std::uint32_t(std::clamp(slots, round, std::max(round, most)));
    return s;
}

bool BrickedSurface::init(const BrickGrid& grid, Size size, const VoxelValues& values, std::string* error, bool labels) {
    pool_.reset(size.slots);
    round_ = size.round;
    labels_ = labels, dims_ = grid.dims;
    level_ = std::make_unique<BrickLevel>();
    cells_ = std::make_unique<BrickCells>();
    written_ = 0, used_ = 0;
    rounds_.clear();
    if (level_->init(grid, error) &&
        cells_->init(grid, size.slots, size.round, values.type(), values.scaling(), labels, error))
        return true;
    level_.reset(), cells_.reset();
    return false;
}

void BrickedSurface::abandon() {
    if (level_) level_->abandon();
    if (cells_) cells_->abandon();
    level_.reset(), cells_.reset();
    pool_.reset(0);
    positions_.abandon(), normals_.abandon(), elements_.abandon(), vao_.abandon();
    capacity_ = used_ = 0, indexed_ = 0, width_ = 0, written_ = 0;
    rounds_.clear();
}

// Grows the buffers to hold `texels` (twice what they held, at least), what they hold copied over.
bool BrickedSurface::reserve(std::uint64_t texels) {
    if (texels <= capacity_) return true;
    constexpr std::uint64_t kMost = (std::uint64_t(1) << 31) / kTexelBytes;  // 2 GiB a buffer: WebGL's
    if (texels > kMost) return false;
    const std::uint64_t grown = std::min(kMost, std::max(texels, 2 * capacity_));
    for (gl::Buffer* b : {&positions_, &normals_}) {
        gl::Buffer bigger = gl::make_buffer();
        glBindBuffer(GL_COPY_WRITE_BUFFER, bigger.id());
        glBufferData(GL_COPY_WRITE_BUFFER, GLsizeiptr(grown * kTexelBytes), nullptr, GL_STATIC_DRAW);
        if (used_ > 0) {
            glBindBuffer(GL_COPY_READ_BUFFER, b->id());
            glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, GLsizeiptr(used_ * kTexelBytes));
            glBindBuffer(GL_COPY_READ_BUFFER, 0);
        }
        glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
        *b = std::move(bigger);
    }
    capacity_ = grown;
    return true;
}

// Key k's texel in the extraction's textures (stream_tiles.h), k < n, for every round.
void BrickedSurface::index(std::uint32_t n) {
    if (n <= indexed_) return;
    const std::uint32_t keys = std::max(n, 2 * indexed_);
    std::vector<std::uint32_t> texel(keys);
    for (std::uint32_t k = 0; k < keys; ++k) {
        const TileTexel t = tile_texel(k, std::uint32_t(width_));
        texel[k] = std::uint32_t(t.y) * std::uint32_t(width_) + std::uint32_t(t.x);
    }
    if (!elements_) elements_ = gl::make_buffer();
    if (!vao_) vao_ = gl::make_vertex_array();
    glBindVertexArray(vao_.id());
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, elements_.id());  // the vertex array's
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, GLsizeiptr(std::size_t(keys) * 4), texel.data(), GL_STATIC_DRAW);
    glBindVertexArray(0);
    indexed_ = keys;
}

// The round's texels, rows of the textures' width down to the last tile row it wrote, read
// into the buffers (a copy on the GPU: a pixel-pack buffer is bound).
void BrickedSurface::append(std::uint32_t n) {
    const int w = cells_->mesh_size();
    const std::uint64_t across = std::uint64_t(w) / kTileWidth;
    const int rows = std::min(cells_->mesh_rows(), int((std::uint64_t(n) + 31) / 32 + across - 1) / int(across) * kTileHeight);
    const std::uint64_t texels = std::uint64_t(rows) * std::uint64_t(w);
    if (!reserve(used_ + texels)) return;
    if (width_ != w) width_ = w, indexed_ = 0;
    index(n);
    const gl::Texture* streams[2] = {&cells_->mesh_positions(), &cells_->mesh_normals()};
    const gl::Buffer* into[2] = {&positions_, &normals_};
    for (int i = 0; i < 2; ++i) {
        const gl::Framebuffer from = gl::color_target(*streams[i]);
        glBindFramebuffer(GL_FRAMEBUFFER, from.id());
        glBindBuffer(GL_PIXEL_PACK_BUFFER, into[i]->id());
        glReadPixels(0, 0, w, rows, GL_RGBA, GL_FLOAT, reinterpret_cast<void*>(std::uintptr_t(used_ * kTexelBytes)));
        glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
    }
    rounds_.push_back({used_, n});
    used_ += texels;
    written_ += n;
}

void BrickedSurface::bind_round(std::size_t r) const {
    glBindVertexArray(vao_.id());
    const gl::Buffer* from[2] = {&positions_, &normals_};
    for (GLuint a = 0; a < 2; ++a) {
        glBindBuffer(GL_ARRAY_BUFFER, from[a]->id());
        glEnableVertexAttribArray(a);
        glVertexAttribPointer(a, 3, GL_FLOAT, GL_FALSE, GLsizei(kTexelBytes),
                              reinterpret_cast<const void*>(std::uintptr_t(rounds_[r].first * kTexelBytes)));
    }
    if (labels_) {  // the label: the positions' w
        glBindBuffer(GL_ARRAY_BUFFER, positions_.id());
        glEnableVertexAttribArray(2);
        glVertexAttribPointer(2, 1, GL_FLOAT, GL_FALSE, GLsizei(kTexelBytes),
                              reinterpret_cast<const void*>(std::uintptr_t(rounds_[r].first * kTexelBytes + 12)));
    } else {
        glDisableVertexAttribArray(2);
        glVertexAttrib1f(2, 0);  // no label
    }
    glBindBuffer(GL_ARRAY_BUFFER, 0);
}

BrickedSurface::Figures BrickedSurface::run(const VoxelValues& values, float iso, const BrickCrop* crop) {
    Figures f;
    written_ = 0, used_ = 0;
    rounds_.clear();
    double t = now_ms();
    const auto lap = [&](double* into) {  // profile(true): the step's wall time, the GPU finished
        if (!profile_) return;
        glFinish();
        const double now = now_ms();
        *into += now - t;
        t = now;
    };
    const std::optional<BrickCrop> level_crop = level_crop_of(crop, labels_, dims_);
    std::vector<std::uint32_t> active = level_->read_active(level_->run(iso, level_crop ? &*level_crop : nullptr));
    cells_->set_crop(crop);
    std::sort(active.begin(), active.end());
    lap(&f.ms_level);
    const std::uint64_t before = pool_.uploads();
    const std::vector<BrickResidency::Round> rounds = pool_.plan(active, round_);
    lap(&f.ms_plan);
    for (const BrickResidency::Round& r : rounds) {
        cells_->upload(values, r.uploads);
        lap(&f.ms_upload);
        mesh_round(r, iso, &f);
        lap(&f.ms_mesh);
    }
    f.active = std::uint32_t(active.size());
    f.rounds = std::uint32_t(rounds.size());
    f.uploads = pool_.uploads();
    f.uploaded = std::uint32_t(f.uploads - before);
    f.slots = pool_.slots();
    f.round = round_;
    return f;
}

void BrickedSurface::mesh_round(const BrickResidency::Round& r, float iso, Figures* f) {
    const std::uint32_t total = cells_->count_mesh(r, iso);
    if (total > cells_->mesh_capacity() && r.bricks.size() > 1) {
        const std::size_t half = r.bricks.size() / 2;
        BrickResidency::Round part;
        for (int k = 0; k < 2; ++k) {
            const std::size_t from = k ? half : 0, to = k ? r.bricks.size() : half;
            part.bricks.assign(r.bricks.begin() + long(from), r.bricks.begin() + long(to));
            part.slots.assign(r.slots.begin() + long(from), r.slots.begin() + long(to));
            mesh_round(part, iso, f);
        }
        return;
    }
    cells_->extract_mesh(r, iso, total);
    const std::uint32_t n = std::uint32_t(std::min<std::uint64_t>(total, cells_->mesh_capacity()));
    const std::uint32_t before = written_;
    if (n > 0) append(n);
    f->truncated = f->truncated || written_ - before < total;
    f->vertices += total;
}

void BrickedSurface::read(std::uint32_t n, std::vector<float>* positions, std::vector<float>* normals,
                          std::vector<float>* labels, std::vector<float>* others) const {
    n = std::min(n, written_);
    positions->resize(std::size_t(n) * 3), normals->resize(std::size_t(n) * 3);
    std::vector<float>* w[2] = {labels, others};
    for (std::vector<float>* v : w)
        if (v) v->resize(n);
    std::vector<float> texels;
    std::uint32_t done = 0;
    for (const Round& r : rounds_) {
        if (done >= n) break;
        const std::uint32_t take = std::min(r.vertices, n - done);
        // The round's rows down to the end of its last key's tile row (an earlier tile's keys
        // may lie lower in it than the last key).
        const TileTexel last = tile_texel(take - 1, std::uint32_t(width_));
        const std::uint64_t count = std::uint64_t(last.y / kTileHeight + 1) * kTileHeight * std::uint64_t(width_);
        std::vector<float>* out[2] = {positions, normals};
        const gl::Buffer* from[2] = {&positions_, &normals_};
        for (int i = 0; i < 2; ++i) {
            texels.resize(std::size_t(count) * 4);
            glBindBuffer(GL_COPY_READ_BUFFER, from[i]->id());
            gl::read_bound_buffer(GL_COPY_READ_BUFFER, GLintptr(r.first * kTexelBytes), GLsizeiptr(count * kTexelBytes),
                                  texels.data());
            glBindBuffer(GL_COPY_READ_BUFFER, 0);
            for (std::uint32_t k = 0; k < take; ++k) {
                const TileTexel t = tile_texel(k, std::uint32_t(width_));
                const float* texel = texels.data() + (std::size_t(t.y) * std::size_t(width_) + std::size_t(t.x)) * 4;
                std::copy_n(texel, 3, out[i]->data() + 3 * std::size_t(done + k));
                if (w[i]) (*w[i])[done + k] = texel[3];
            }
        }
        done += take;
    }
}

}  // namespace hp
