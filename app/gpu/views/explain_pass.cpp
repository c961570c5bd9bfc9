#include "explain_pass.h"

#include "label_faces.h"

#include "shader_program.h"

namespace hp {

bool ExplainPass::init(std::string* error) {
    programs_.clear();
    steps_ = gl::Texture(GL_RGBA32UI, kWidth, 1);
    children_ = gl::Texture(GL_RGBA32UI, kWidth, 1);
    target_ = gl::color_targets({&steps_, &children_});
    vao_ = gl::make_vertex_array();
    if (!target_) return *error = "the Explain view's target (RGBA32UI) is not renderable", false;
    return true;
}

void ExplainPass::abandon() {
    for (Program& p : programs_) p.program.abandon();
    programs_.clear();
    steps_.abandon();
    children_.abandon();
    target_.abandon();
    vao_.abandon();
}

const ExplainPass::Program* ExplainPass::program_for(const PyramidViewSource& c, std::string* error) {
    std::vector<const char*> chunks = c.view_chunks();
    std::string key = c.view_defines();
    for (const char* ch : chunks) key += std::string("|") + ch;
    for (const Program& p : programs_)
        if (p.key == key) return p.error.empty() ? &p : (*error = p.error, nullptr);
    chunks.push_back("explain_walk.frag");
    Program p;
    p.key = key;
    p.program = gl::build_program({"fullscreen.vert"}, chunks, &p.error, c.view_defines());
    if (p.program) {
        glUseProgram(p.program.id());
        glUniform1i(gl::uniform(p.program, "uPyramid"), 0);
        glUniform1i(gl::uniform(p.program, "uBase"), 1);
        p.key_u = gl::uniform(p.program, "uKey");
        p.top = gl::uniform(p.program, "uTopLevel");
        p.scan_size = gl::uniform(p.program, "uScanSize");
        p.scan_first = gl::uniform(p.program, "uScanFirst");
    } else if (p.error.empty()) {
        p.error = "cannot build the Explain view's walk";
    }
    programs_.push_back(std::move(p));
    return program_for(c, error);
}

std::vector<std::uint32_t> ExplainPass::run(const Program& p, const PyramidViewSource& levels,
                                            const VolumeStages& volume, std::uint32_t key, int steps, int scan_size,
                                            std::uint32_t scan_first) {
    glBindFramebuffer(GL_FRAMEBUFFER, target_.id());
    glViewport(0, 0, steps, 1);
    glDisable(GL_BLEND);  // integer targets
    glDisable(GL_SCISSOR_TEST);
    glDisable(GL_DEPTH_TEST);
    glUseProgram(p.program.id());
    levels.bind_view(p.program, volume.base());
    glUniform1ui(p.key_u, key);
    glUniform1i(p.top, log2_exact(levels.size()));
    glUniform1i(p.scan_size, scan_size);
    glUniform1ui(p.scan_first, scan_first);
    glBindVertexArray(vao_.id());
    glDrawArrays(GL_TRIANGLES, 0, 3);
    std::vector<std::uint32_t> texels(std::size_t(8 * steps)), a(std::size_t(4 * steps)), b(a.size());
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    glReadPixels(0, 0, steps, 1, GL_RGBA_INTEGER, GL_UNSIGNED_INT, a.data());
    glReadBuffer(GL_COLOR_ATTACHMENT1);
    glReadPixels(0, 0, steps, 1, GL_RGBA_INTEGER, GL_UNSIGNED_INT, b.data());
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glBindVertexArray(0);
    glUseProgram(0);
    for (int i = 0; i < steps; ++i)
        for (int j = 0; j < 4; ++j) {
            texels[std::size_t(8 * i + j)] = a[std::size_t(4 * i + j)];
            texels[std::size_t(8 * i + 4 + j)] = b[std::size_t(4 * i + j)];
        }
    return texels;
}

bool ExplainPass::walk(const PyramidViewSource& levels, const VolumeStages& volume, Classify classify, float iso,
                       Explanation* e, std::string* error) {
    const Program* p = program_for(levels, error);
    if (!p) return false;
    const int top = log2_exact(levels.size());
    const std::vector<std::uint32_t> steps = run(*p, levels, volume, e->key, top + 1, 0, 0);
    e->count = steps[2];  // the top's sum
    if (refuse_past_count(e)) return true;
    if (!path_from_steps(steps, top, e->key, e, error)) return false;
    read_cell(volume, classify, iso, e);
    e->state = Explanation::State::Ready;
    return true;
}

bool ExplainPass::find_in_tile(const PyramidViewSource& levels, const VolumeStages& volume, Classify classify,
                               float iso, Explanation* e, std::string* error) {
    const Program* p = program_for(levels, error);
    if (!p) return false;
    const std::vector<std::uint32_t> steps =
        run(*p, levels, volume, e->place.offset, 1, int(e->place.size), e->place.tile * e->place.size);
    if (steps[2] != 1) {  // the copy's tile ends before the key's place: its stream is shorter
        e->count = e->key;
        refuse_past_count(e);
        e->error = "key " + std::to_string(e->key) + " is past the stream of the frame the views show";
        return false;
    }
    e->base = {int(steps[0]), int(steps[1])};
    e->path.clear();
    e->scan = true;
    read_cell(volume, classify, iso, e);
    e->state = Explanation::State::Ready;
    return true;
}

void ExplainPass::read_cell(const VolumeStages& volume, Classify classify, float iso, Explanation* e) const {
    const AtlasLayout& l = volume.layout();
    l.voxel_of(e->base, &e->voxel);
    e->cell_case = -1;
    e->label_faces = -1;
    const Voxel v = e->voxel;
    if (classify == Classify::Labels) {  // the voxel's label and its six neighbours' (0 past the volume)
        const auto at = [&](Voxel q) {
            if (q.x < 0 || q.y < 0 || q.z < 0 || q.x >= l.dims[0] || q.y >= l.dims[1] || q.z >= l.dims[2]) return 0.0f;
            const Texel t = l.texel_of(q);
            return volume.read_texels(t.x, t.y, 1, 1)[0];
        };
        e->label = at(v);
        e->label_faces = labels::faces([&](int x, int y, int z) { return at({x, y, z}); }, v.x, v.y, v.z);
        return;
    }
    if (classify != Classify::Surface || v.x + 1 >= l.dims[0] || v.y + 1 >= l.dims[1] || v.z + 1 >= l.dims[2]) return;
    // Corners 0-3 are the 2×2 block at slice z, 4-7 at z + 1 (kCellCorners' order), each a
    // block of its tile (x + 1 < the tile's width).
    for (int dz = 0; dz < 2; ++dz) {
        const Texel t = l.texel_of({v.x, v.y, v.z + dz});
        const std::vector<float> q = volume.read_texels(t.x, t.y, 2, 2);  // (x,y) (x+1,y) (x,y+1) (x+1,y+1)
        e->corners[std::size_t(4 * dz + 0)] = q[0];
        e->corners[std::size_t(4 * dz + 1)] = q[1];
        e->corners[std::size_t(4 * dz + 2)] = q[3];
        e->corners[std::size_t(4 * dz + 3)] = q[2];
    }
    int c = 0;
    for (int i = 0; i < 8; ++i)
        if (e->corners[std::size_t(i)] < iso) c |= 1 << i;
    e->cell_case = c;
}

}  // namespace hp
