#include "webgpu_bricked.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace hp {

bool WebGpuBricked::set(const BrickedAsk* ask, BrickFigures* figures, std::string* why) {
    on_ = false;
    if (!ask) return false;
    budget_ = ask->budget_bytes;
    if (ask->key != scaled_key_ || ask->budget_bytes != scaled_budget_) budget_scale_ = 1, most_vertices_ = 0;  // another load or budget
    const std::uint32_t slots =
        wgpu::BrickedMesh::slots_for(*ask->grid, ask->budget_bytes * budget_scale_, ask->values->type());
    const bool same = ask->key == key_ && slots == slots_;
    if (same && !failed_.empty()) return *why = failed_, false;  // not made again each frame
    if (!same || !mesh_.ready()) {
        made_ = false, key_ = ask->key, slots_ = slots, failed_.clear();
        if (!mesh_.init(*ask->grid, slots, *ask->values, ask->labels, why, most_vertices_)) return failed_ = *why, false;
    }
    if (again_ && !ask->run) again_ = false, made_ = false;  // made again when next asked
    if (ask->run && (!made_ || iso_ != ask->iso || BrickCrop::of(ask->crop) != crop_ || again_)) {
        const BrickFigures before = figures_;
        mesh_.run(*ask->grid, *ask->values, ask->iso, ask->crop, &figures_);
        if (again_ && iso_ == ask->iso) {  // the same surface in larger buffers: one run, as the page sees it
            figures_.vertices = before.vertices;
            figures_.uploaded += before.uploaded;
        }
        iso_ = ask->iso, made_ = true, again_ = false;
        crop_ = BrickCrop::of(ask->crop);
    }
    on_ = true;
    view_factor_ = ask->view_factor;
    *figures = figures_;
    return true;
}

bool WebGpuBricked::out_of_memory(const std::string& what, std::string* message) {
    if (what.find("brick") == std::string::npos) return false;
    const bool vertices = what.find("bricked ") != std::string::npos;  // positions or normals
    if (vertices) {
        most_vertices_ = std::max<std::uint32_t>(1024, mesh_.capacity() / 2);
        *message = what + ": the bricks' surface is kept to " + std::to_string(most_vertices_) + " vertices";
    } else if (slots_ <= 1) {
        failed_ = what + ": not even one brick fits";
        *message = failed_;
        return true;
    } else {
        budget_scale_ /= 2;
        const double budget = budget_ * budget_scale_;
        char text[96];
        if (budget >= (2 << 20)) std::snprintf(text, sizeof text, ": the bricks' pool is made again within %.0f MiB, in more rounds", budget / (1 << 20));
        else std::snprintf(text, sizeof text, ": the bricks' pool is made again within %.0f KiB, in more rounds", std::ceil(budget / 1024));
        *message = what + text;
    }
    scaled_key_ = key_, scaled_budget_ = budget_;  // the smaller sizes hold for this load and budget
    mesh_ = wgpu::BrickedMesh();  // its buffers given back; made again at the next set()
    made_ = false, key_ = 0;
    return true;
}

void WebGpuBricked::poll() {
    bool grown = false;
    if (mesh_.poll(&figures_, &grown) && grown) again_ = true;
}

void WebGpuBricked::fill(FrameResult* r) {
    const bool asked = !asked_.empty() && asked_.front();
    if (!asked_.empty()) asked_.pop_front();
    if (!asked || !shown()) return;
    r->mesh = r->extracted = r->vertices_read = true;
    r->vertices = r->vertex_keys_drawn = std::uint32_t(std::min<std::uint64_t>(figures_.vertices, UINT32_MAX));
    r->shared_vertices = 0;
}

bool WebGpuBricked::release(FrameResult* r) {
    if (!held_ || waiting()) return false;
    *r = *held_;
    held_.reset();
    fill(r);
    return true;
}

void WebGpuBricked::read(std::uint32_t vertices, WebGpuRead* t) const {
    t->r.mesh.vertices = std::uint32_t(figures_.vertices);
    t->vertices = t->list = std::min({vertices, std::uint32_t(figures_.vertices), mesh_.capacity()});
    t->positions = wgpu::read(mesh_.positions(), 0, int(16 * std::size_t(t->list)));
    t->normals = wgpu::read(mesh_.normals(), 0, int(16 * std::size_t(t->list)));
}

}  // namespace hp
