#include "explain.h"

#include <algorithm>
#include <cstdio>

#include "json_writer.h"
#include "marching_cubes.h"

namespace hp {

std::uint32_t WalkStep::child_lo(int c) const {
    std::uint32_t at = lo;
    for (int i = 0; i < c; ++i) at += children[std::size_t(i)];
    return at;
}

namespace {

// The sum of texel (x, y) of a level of the scalar pyramid (level 0: the base).
std::uint32_t level_sum(const ScalarPyramid& p, const std::vector<std::uint8_t>& base, int size, int level,
                        int x, int y) {
    const int s = size >> level;
    const std::size_t i = std::size_t(y) * std::size_t(s) + std::size_t(x);
    return level == 0 ? base[i] : p[std::size_t(level - 1)][i];
}

}  // namespace

bool refuse_past_count(Explanation* e) {
    if (e->key < e->count) return false;
    e->state = Explanation::State::Refused;
    e->error = "key " + std::to_string(e->key) + " is at or past the count: " +
               (e->count ? "the stream has keys 0 to " + std::to_string(e->count - 1)
                         : std::string("the stream is empty"));
    return true;
}

Explanation explain_reference(const ScalarPyramid& p, const std::vector<std::uint8_t>& base, int size,
                              std::uint32_t key) {
    Explanation e;
    e.key = key;
    e.count = pyramid_total(p);
    if (refuse_past_count(&e)) return e;
    const int levels = int(p.size());
    WalkStep step;
    step.level = levels;
    step.sum = e.count;
    for (int level = levels; level >= 0; --level) {
        step.level = level;
        if (level > 0) {
            const int cx = 2 * step.texel.x, cy = 2 * step.texel.y;
            for (int c = 0; c < 4; ++c)
                step.children[std::size_t(c)] = level_sum(p, base, size, level - 1, cx + (c & 1), cy + (c >> 1));
            int c = 0;
            while (c < 3 && key >= step.child_lo(c + 1)) ++c;
            step.child = c;
        } else {
            step.children = {};
            step.child = -1;
        }
        e.path.push_back(step);
        if (level == 0) break;
        WalkStep next;
        next.texel = {2 * step.texel.x + (step.child & 1), 2 * step.texel.y + (step.child >> 1)};
        next.lo = step.child_lo(step.child);
        next.sum = step.children[std::size_t(step.child)];
        step = next;
    }
    e.base = e.path.back().texel;
    e.state = Explanation::State::Ready;
    return e;
}

bool path_from_steps(const std::vector<std::uint32_t>& steps, int levels, std::uint32_t key, Explanation* e,
                     std::string* error) {
    if (steps.size() < std::size_t(8 * (levels + 1))) return *error = "the walk came back short", false;
    e->path.clear();
    e->key = key;
    e->count = steps[2];  // the top's sum
    for (int i = 0; i <= levels; ++i) {
        const std::uint32_t* w = &steps[std::size_t(8 * i)];
        WalkStep s;
        s.level = levels - i;
        s.texel = {int(w[0]), int(w[1])};
        s.sum = w[2];
        s.lo = w[3];
        if (s.level > 0) s.children = {w[4], w[5], w[6], w[7]};
        e->path.push_back(s);
    }
    for (std::size_t i = 0; i < e->path.size(); ++i) {
        WalkStep& s = e->path[i];
        const std::string at = "level " + std::to_string(s.level) + ": ";
        if (key < s.lo || key >= s.hi()) return *error = at + "the key is outside the texel's range", false;
        if (s.level == 0) break;
        const WalkStep& next = e->path[i + 1];
        const int dx = next.texel.x - 2 * s.texel.x, dy = next.texel.y - 2 * s.texel.y;
        if (dx < 0 || dx > 1 || dy < 0 || dy > 1) return *error = at + "the next texel is not one of its children", false;
        s.child = dx + 2 * dy;
        const std::uint32_t total = s.children[0] + s.children[1] + s.children[2] + s.children[3];
        if (total != s.sum) return *error = at + "the children's sums do not add up to the texel's", false;
        if (next.lo != s.child_lo(s.child) || next.sum != s.children[std::size_t(s.child)])
            return *error = at + "the child taken does not hold the key", false;
    }
    e->base = e->path.back().texel;
    return true;
}

ScanTiles scan_tiles(const std::vector<std::uint32_t>& words, std::uint32_t size, bool posts,
                     std::uint32_t post_value) {
    ScanTiles t;
    t.size = size;
    if (!posts) {
        t.starts = words;
        return t;
    }
    t.starts.assign(words.size(), 0u);
    for (std::size_t k = 1; k < words.size(); ++k) t.starts[k] = words[k - 1] & post_value;
    return t;
}

ScanPlace scan_place(const std::vector<std::uint32_t>& starts, std::uint32_t tile_size, std::uint32_t key) {
    ScanPlace p;
    p.size = tile_size;
    // The first tile starting past the key, less one; tiles with no element start where the
    // next one does, so the last of equal starts is the one that holds elements.
    const auto after = std::upper_bound(starts.begin(), starts.end(), key);
    p.tile = after == starts.begin() ? 0 : std::uint32_t(after - starts.begin() - 1);
    p.start = starts.empty() ? 0 : starts[p.tile];
    p.offset = key - p.start;
    return p;
}

std::vector<float> cell_triangles(int mc_case, const std::array<float, 8>& corners, float iso) {
    std::vector<float> out;
    if (mc_case < 0 || mc_case > 255) return out;
    for (int i = 0; i < mc::vertex_count(mc_case); ++i) {
        const auto& ab = mc::kEdgeCorners[std::size_t(mc::triangle_edge(mc_case, i))];
        const Voxel a = kCellCorners[std::size_t(ab[0])], b = kCellCorners[std::size_t(ab[1])];
        const float va = corners[std::size_t(ab[0])], vb = corners[std::size_t(ab[1])];
        const float t = (iso - va) / (vb - va);
        out.push_back(float(a.x) + t * float(b.x - a.x));
        out.push_back(float(a.y) + t * float(b.y - a.y));
        out.push_back(float(a.z) + t * float(b.z - a.z));
    }
    return out;
}

std::string explanation_json(const Explanation& e) {
    JsonWriter w;
    w.begin_object();
    w.key("key").integer(e.key).key("count").integer(e.count);
    w.key("voxel").begin_array().integer(e.voxel.x).integer(e.voxel.y).integer(e.voxel.z).end_array();
    w.key("base").begin_array().integer(e.base.x).integer(e.base.y).end_array();
    if (e.cell_case >= 0) w.key("case").integer(e.cell_case);
    if (e.label_faces >= 0) w.key("label").number(e.label, 9).key("faces").integer(e.label_faces);
    if (e.scan) {
        w.key("scan").begin_object();
        w.key("tile").integer(e.place.tile).key("tileSize").integer(e.place.size);
        w.key("tileStart").integer(e.place.start).key("offsetInTile").integer(e.place.offset);
        w.end_object();
    } else {
        w.key("path").begin_array();
        for (const WalkStep& s : e.path) {
            w.begin_object();
            w.key("level").integer(s.level);
            w.key("texel").begin_array().integer(s.texel.x).integer(s.texel.y).end_array();
            w.key("sum").integer(s.sum);
            w.key("range").begin_array().integer(s.lo).integer(s.hi()).end_array();
            if (s.level > 0) {
                w.key("children").begin_array();
                for (std::uint32_t c : s.children) w.integer(c);
                w.end_array();
                w.key("child").integer(s.child);
            }
            w.end_object();
        }
        w.end_array();
    }
    w.end_object();
    return w.text();
}

}  // namespace hp
