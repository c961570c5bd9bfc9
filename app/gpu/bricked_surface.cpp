#include "bricked_surface.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "clock.h"
#include "shader_program.h"

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

bool BrickedSurface::init(const BrickGrid& grid, Size size, const VoxelValues& values, std::string* error) {
    pool_.reset(size.slots);
    round_ = size.round;
    level_ = std::make_unique<BrickLevel>();
    cells_ = std::make_unique<BrickCells>();
    written_ = 0;
    if (!append_) {
        append_ = gl::build_program({"stream_tiles.glsl", "normal_oct.glsl", "brick_append.vert"}, {"no_fragments.frag"},
                                    error, "", {"tfPosition", "tfNormal"});
        if (!append_) return false;
        glUseProgram(append_.id());
        glUniform1i(gl::uniform(append_, "uPositions"), 0);
        glUniform1i(gl::uniform(append_, "uNormals"), 1);
        u_size_ = gl::uniform(append_, "uSize");
        glUseProgram(0);
        no_attributes_ = gl::make_vertex_array();
        one_ = gl::Texture(GL_R8, 1, 1);
        one_target_ = gl::color_target(one_);
    }
    if (level_->init(grid, error) &&
        cells_->init(grid, size.slots, size.round, values.type(), values.scaling(), error))
        return true;
    level_.reset(), cells_.reset();
    return false;
}

void BrickedSurface::abandon() {
    if (level_) level_->abandon();
    if (cells_) cells_->abandon();
    level_.reset(), cells_.reset();
    pool_.reset(0);
    append_.abandon(), no_attributes_.abandon(), soup_.abandon(), soup_vao_.abandon();
    one_.abandon(), one_target_.abandon();
    capacity_ = 0, written_ = 0;
}

// Grows the buffer to hold `vertices` (twice what it held, at least), what it holds copied over.
bool BrickedSurface::reserve(std::uint64_t vertices) {
    if (vertices <= capacity_) return true;
    constexpr std::uint64_t kMost = (std::uint64_t(1) << 31) / kVertexBytes;  // 2 GiB: WebGL's buffers
    if (vertices > kMost) return false;
    const std::uint64_t grown = std::min(kMost, std::max(vertices, 2 * capacity_));
    gl::Buffer bigger = gl::make_buffer();
    glBindBuffer(GL_COPY_WRITE_BUFFER, bigger.id());
    glBufferData(GL_COPY_WRITE_BUFFER, GLsizeiptr(grown * kVertexBytes), nullptr, GL_STATIC_DRAW);
    if (written_ > 0) {
        glBindBuffer(GL_COPY_READ_BUFFER, soup_.id());
        glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, GLsizeiptr(std::uint64_t(written_) * kVertexBytes));
        glBindBuffer(GL_COPY_READ_BUFFER, 0);
    }
    glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
    soup_ = std::move(bigger);
    capacity_ = grown;
    if (!soup_vao_) soup_vao_ = gl::make_vertex_array();
    glBindVertexArray(soup_vao_.id());
    glBindBuffer(GL_ARRAY_BUFFER, soup_.id());
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, GLsizei(kVertexBytes), nullptr);
    glEnableVertexAttribArray(1);
    glVertexAttribIPointer(1, 1, GL_UNSIGNED_INT, GLsizei(kVertexBytes), reinterpret_cast<const void*>(std::uintptr_t(12)));
    glBindVertexArray(0);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    return true;
}

void BrickedSurface::append(std::uint32_t n) {
    glUseProgram(append_.id());
    gl::bind_texture(0, cells_->mesh_positions());
    gl::bind_texture(1, cells_->mesh_normals());
    glUniform1ui(u_size_, GLuint(cells_->mesh_size()));
    glBindFramebuffer(GL_FRAMEBUFFER, one_target_.id());
    glEnable(GL_RASTERIZER_DISCARD);
    glBindVertexArray(no_attributes_.id());
    glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, soup_.id(), GLintptr(std::uint64_t(written_) * kVertexBytes),
                      GLsizeiptr(std::uint64_t(n) * kVertexBytes));
    glBeginTransformFeedback(GL_POINTS);
    glDrawArrays(GL_POINTS, 0, GLsizei(n));
    glEndTransformFeedback();
    glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 0);
    glBindVertexArray(0);
    glDisable(GL_RASTERIZER_DISCARD);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    written_ += n;
}

BrickedSurface::Figures BrickedSurface::run(const VoxelValues& values, float iso) {
    Figures f;
    written_ = 0;
    double t = now_ms();
    const auto lap = [&](double* into) {  // profile(true): the step's wall time, the GPU finished
        if (!profile_) return;
        glFinish();
        const double now = now_ms();
        *into += now - t;
        t = now;
    };
    std::vector<std::uint32_t> active = level_->read_active(level_->run(iso));
    std::sort(active.begin(), active.end());
    lap(&f.ms_level);
    const std::uint64_t before = pool_.uploads();
    const std::vector<BrickResidency::Round> rounds = pool_.plan(active, round_);
    lap(&f.ms_plan);
    for (const BrickResidency::Round& r : rounds) {
        cells_->upload(values, r.uploads);
        lap(&f.ms_upload);
        const std::uint32_t total = cells_->run_mesh(r, iso);
        std::uint32_t n = std::uint32_t(std::min<std::uint64_t>(total, cells_->mesh_capacity()));
        if (n > 0 && !reserve(std::uint64_t(written_) + n)) n = std::uint32_t(std::min<std::uint64_t>(n, capacity_ - written_));
        f.truncated = f.truncated || n < total;
        lap(&f.ms_mesh);
        if (n > 0) append(n);
        lap(&f.ms_append);
        f.vertices += total;
    }
    f.active = std::uint32_t(active.size());
    f.rounds = std::uint32_t(rounds.size());
    f.uploads = pool_.uploads();
    f.uploaded = std::uint32_t(f.uploads - before);
    f.slots = pool_.slots();
    f.round = round_;
    return f;
}

void unpack_normal(std::uint32_t u, float out[3]) {
    if (u == 0x80008000u) {
        out[0] = out[1] = out[2] = 0;
        return;
    }
    const auto snorm = [](std::uint32_t v) { return std::clamp(float(std::int16_t(std::uint16_t(v))) / 32767.0f, -1.0f, 1.0f); };
    float n[3] = {snorm(u & 0xffffu), snorm(u >> 16), 0};
    n[2] = 1 - std::fabs(n[0]) - std::fabs(n[1]);
    const float t = std::max(-n[2], 0.0f);
    n[0] += n[0] >= 0 ? -t : t;
    n[1] += n[1] >= 0 ? -t : t;
    const float len = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    for (int a = 0; a < 3; ++a) out[a] = n[a] / len;
}

void BrickedSurface::read(std::uint32_t n, std::vector<float>* positions, std::vector<float>* normals) const {
    n = std::min(n, written_);
    std::vector<std::uint32_t> words(std::size_t(n) * 4);
    if (n > 0) {
        glBindBuffer(GL_COPY_READ_BUFFER, soup_.id());
        gl::read_bound_buffer(GL_COPY_READ_BUFFER, 0, GLsizeiptr(words.size() * 4), words.data());
        glBindBuffer(GL_COPY_READ_BUFFER, 0);
    }
    positions->resize(std::size_t(n) * 3), normals->resize(std::size_t(n) * 3);
    for (std::size_t v = 0; v < n; ++v) {
        std::memcpy(positions->data() + 3 * v, words.data() + 4 * v, 12);
        unpack_normal(words[4 * v + 3], normals->data() + 3 * v);
    }
}

}  // namespace hp
