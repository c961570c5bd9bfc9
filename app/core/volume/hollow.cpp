#include "hollow.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <queue>

namespace hp {
namespace {

constexpr float kFar = std::numeric_limits<float>::infinity();
constexpr std::uint32_t kNone = 0xffffffffu;

struct Grid {
    std::array<int, 3> d;
    std::array<double, 3> s;
    std::array<int, 3> lo, hi;  // the crop box: voxels outside read as `background`
    float background;
    bool kept(int x, int y, int z) const {
        return x >= lo[0] && y >= lo[1] && z >= lo[2] && x <= hi[0] && y <= hi[1] && z <= hi[2];
    }
    std::size_t at(int x, int y, int z) const {
        return std::size_t(x) + std::size_t(d[0]) * (std::size_t(y) + std::size_t(d[1]) * std::size_t(z));
    }
    std::array<int, 3> xyz(std::size_t i) const {
        const int x = int(i % std::size_t(d[0])), y = int((i / std::size_t(d[0])) % std::size_t(d[1]));
        return {x, y, int(i / (std::size_t(d[0]) * std::size_t(d[1])))};
    }
    bool in(int x, int y, int z) const { return x >= 0 && y >= 0 && z >= 0 && x < d[0] && y < d[1] && z < d[2]; }
    std::array<double, 3> mm(const std::array<int, 3>& p) const { return {p[0] * s[0], p[1] * s[1], p[2] * s[2]}; }
    template <typename F>
    void each_face_neighbour(std::size_t i, F f) const {  // the 6 that share a face, within the volume
        const std::array<int, 3> p = xyz(i);
        for (int a = 0; a < 3; ++a)
            for (const int dir : {-1, 1}) {
                std::array<int, 3> q = p;
                q[std::size_t(a)] += dir;
                if (in(q[0], q[1], q[2])) f(at(q[0], q[1], q[2]));
            }
    }
};

double dist2(const std::array<double, 3>& a, const std::array<double, 3>& b) {
    const double x = a[0] - b[0], y = a[1] - b[1], z = a[2] - b[2];
    return x * x + y * y + z * z;
}

// The foot of the outer surface for an inside voxel next to an outside one (hollow.h), or none.
bool foot_of(const Grid& g, const float* v, float iso, const std::array<int, 3>& p, std::array<double, 3>* foot,
             double* dist) {
    const float here = v[g.at(p[0], p[1], p[2])];  // inside: within the box
    double inv2 = 0, delta[3], sign[3];
    for (int a = 0; a < 3; ++a) {
        delta[a] = kFar, sign[a] = 0;
        for (const int dir : {-1, 1}) {
            std::array<int, 3> n = p;
            n[std::size_t(a)] += dir;
            double t;
            if (!g.in(n[0], n[1], n[2])) t = 0.5;  // past the volume's faces: outside, half a voxel on
            else {
                const float there = g.kept(n[0], n[1], n[2]) ? v[g.at(n[0], n[1], n[2])] : g.background;
                if (there > iso) continue;
                t = double(here - iso) / double(here - there);
            }
            const double dd = t * g.s[std::size_t(a)];
            if (dd < delta[a]) delta[a] = std::max(dd, 1e-6), sign[a] = dir;
        }
        if (delta[a] < kFar) inv2 += 1 / (delta[a] * delta[a]);
    }
    if (inv2 == 0) return false;
    const double d2 = 1 / inv2;
    *foot = g.mm(p);
    for (int a = 0; a < 3; ++a)
        if (sign[a] != 0) (*foot)[std::size_t(a)] += sign[a] * d2 / delta[a];
    *dist = std::sqrt(d2);
    return true;
}

}  // namespace

bool hollow(const float* v, const std::array<int, 3>& dims, const std::array<double, 3>& spacing, float iso,
            const std::array<float, 2>& range, const HollowSpec& spec, HollowResult* out, std::string* why) {
    const Grid g{dims, spacing, spec.crop_lo, spec.crop_hi, spec.background};
    const double smax = std::max({spacing[0], spacing[1], spacing[2]});
    const double w = spec.wall_mm, r = spec.hole_mm / 2;
    if (!(w > 0) || !(r > 0) || spec.up < 0 || spec.up > 2) return *why = "a shell needs a wall and holes above 0 mm", false;
    if (!(double(iso) > double(range[0]))) return *why = "the iso is at the bottom of the values: nothing is outside", false;
    const std::size_t n = std::size_t(dims[0]) * std::size_t(dims[1]) * std::size_t(dims[2]);
    // How far the distance is followed: past the wall by the hole's radius (a cavity narrower
    // than that is filled) and two voxels.
    const double limit = w + std::max(r, 2 * smax) + smax;
    out->k = double(iso - range[0]) / (limit - w + r + smax);

    // The solid: above iso, within the crop box.
    std::vector<std::uint8_t> in(n, 0);
    for (int z = 0; z < dims[2]; ++z)
        for (int y = 0; y < dims[1]; ++y)
            for (int x = 0; x < dims[0]; ++x) {
                const std::size_t i = g.at(x, y, z);
                in[i] = v[i] > iso && g.kept(x, y, z);
            }

    // The distance to the outer surface, inside, in Dijkstra's order from the feet.
    std::vector<float> dist(n, kFar);
    std::vector<std::uint32_t> owner(n, kNone);  // the foot each voxel's distance is to
    std::vector<std::array<double, 3>> feet;
    using Item = std::pair<float, std::uint32_t>;
    std::priority_queue<Item, std::vector<Item>, std::greater<Item>> queue;
    out->inside_voxels = 0;
    for (int z = 0; z < dims[2]; ++z)
        for (int y = 0; y < dims[1]; ++y)
            for (int x = 0; x < dims[0]; ++x) {
                const std::size_t i = g.at(x, y, z);
                if (!in[i]) continue;
                ++out->inside_voxels;
                std::array<double, 3> foot;
                double d;
                if (!foot_of(g, v, iso, {x, y, z}, &foot, &d)) continue;
                dist[i] = float(d), owner[i] = std::uint32_t(feet.size());
                feet.push_back(foot);
                queue.push({float(d), std::uint32_t(i)});
            }
    if (out->inside_voxels == 0) return *why = "nothing is inside the surface at this iso", false;
    while (!queue.empty()) {
        const auto [d, i] = queue.top();
        queue.pop();
        if (d > dist[i]) continue;
        const std::array<int, 3> p = g.xyz(i);
        const std::array<double, 3>& foot = feet[owner[i]];
        for (int dz = -1; dz <= 1; ++dz)
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx) {
                    const int x = p[0] + dx, y = p[1] + dy, z = p[2] + dz;
                    if (!g.in(x, y, z)) continue;
                    const std::size_t j = g.at(x, y, z);
                    if (!in[j]) continue;
                    const float c = float(std::sqrt(dist2(g.mm({x, y, z}), foot)));
                    if (c < dist[j] && c <= limit) dist[j] = c, owner[j] = owner[i], queue.push({c, std::uint32_t(j)});
                }
    }
    owner = std::vector<std::uint32_t>();
    feet = std::vector<std::array<double, 3>>();

    // The cavities: inside voxels farther than the wall, 6-connected.
    std::vector<std::uint32_t> cavity(n, kNone);
    std::vector<std::size_t> stack;
    out->cavities.clear();
    for (std::size_t i = 0; i < n; ++i) {
        if (!in[i] || !(dist[i] > w) || cavity[i] != kNone) continue;
        const std::uint32_t c = std::uint32_t(out->cavities.size());
        HollowCavity cav;
        cavity[i] = c, stack.push_back(i);
        while (!stack.empty()) {
            const std::size_t j = stack.back();
            stack.pop_back();
            ++cav.voxels;
            cav.widest_mm = std::max(cav.widest_mm, std::min(double(dist[j]), limit) - w);
            g.each_face_neighbour(j, [&](std::size_t k) {
                if (in[k] && dist[k] > w && cavity[k] == kNone) cavity[k] = c, stack.push_back(k);
            });
        }
        cav.filled = cav.widest_mm < r;  // narrower than its drain: too thin to hold air
        out->cavities.push_back(cav);
    }

    // The shell's values: the voxels of the cavities kept and those reached from them (6-connected)
    // through voxels at least half the wall from the outer surface (the filled cavities' walls
    // are left as they were).
    std::vector<std::uint8_t> near(n, 0);
    for (std::size_t i = 0; i < n; ++i)
        if (cavity[i] != kNone && !out->cavities[cavity[i]].filled) near[i] = 1, stack.push_back(i);
    while (!stack.empty()) {
        const std::size_t j = stack.back();
        stack.pop_back();
        g.each_face_neighbour(j, [&](std::size_t k) {
            if (near[k] || !in[k]) return;
            if (dist[k] >= w / 2) near[k] = 1, stack.push_back(k);
            else if (cavity[j] != kNone) near[k] = 1;  // next to the cavity: it places the inner surface
        });
    }
    // Those take iso + (wall − d)·k, which is iso on the inner surface and linear in d across it,
    // so the inner surface is interpolated on each edge where it is (the volume's values there
    // would be on another scale).
    const double k = out->k;
    out->values.assign(v, v + n);
    for (std::size_t i = 0; i < n; ++i)
        if (near[i]) out->values[i] = float(double(iso) + (w - std::min(double(dist[i]), limit)) * k);

    // The drain holes, each cavity's from its lowest points down through the wall.
    const int up = spec.up;
    const double sign = spec.up_negative ? -1 : 1;
    const std::size_t cavities = out->cavities.size();
    for (int h = 0; h < spec.holes; ++h) {
        // Each cavity's lowest voxel three diameters from its holes so far: one pass for all.
        std::vector<std::size_t> lowest_at(cavities, kNone);
        std::vector<double> lowest(cavities, kFar);
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint32_t c = cavity[i];
            if (c == kNone || out->cavities[c].filled) continue;
            const std::array<int, 3> p = g.xyz(i);
            const double height = sign * p[std::size_t(up)];
            // The lowest; of those as low, the farthest from the outer surface (the middle of a floor).
            if (height > lowest[c] || (height == lowest[c] && dist[i] <= dist[lowest_at[c]])) continue;
            const std::array<double, 3> at = g.mm(p);
            bool apart = true;
            for (const auto& o : out->cavities[c].holes)
                apart = apart && dist2(at, g.mm({int(o[0]), int(o[1]), int(o[2])})) >= 36 * r * r;
            if (apart) lowest[c] = height, lowest_at[c] = i;
        }
        for (std::uint32_t c = 0; c < cavities; ++c) {
            const std::size_t best = lowest_at[c];
            if (best == kNone) continue;
            HollowCavity& cav = out->cavities[c];
            const std::array<int, 3> p0 = g.xyz(best);
            cav.holes.push_back({double(p0[0]), double(p0[1]), double(p0[2])});
            // The axis: from r above the lowest point down to 1 mm + r past where the solid ends.
            std::array<double, 3> top = g.mm(p0), bottom = top;
            top[std::size_t(up)] += sign * r;
            const double step = spacing[std::size_t(up)] / 2;
            for (;;) {
                bottom[std::size_t(up)] -= sign * step;
                const int q[3] = {int(std::lround(bottom[0] / spacing[0])), int(std::lround(bottom[1] / spacing[1])),
                                  int(std::lround(bottom[2] / spacing[2]))};
                if (!g.in(q[0], q[1], q[2]) || !in[g.at(q[0], q[1], q[2])]) break;
            }
            bottom[std::size_t(up)] -= sign * (1 + r);
            cav.axes.push_back({top[0], top[1], top[2], bottom[0], bottom[1], bottom[2]});
            const std::array<double, 3> axis{bottom[0] - top[0], bottom[1] - top[1], bottom[2] - top[2]};
            const double len2 = axis[0] * axis[0] + axis[1] * axis[1] + axis[2] * axis[2];
            int lo[3], hi[3];
            for (int a = 0; a < 3; ++a) {
                const double m0 = std::min(top[std::size_t(a)], bottom[std::size_t(a)]) - r - 2 * smax;
                const double m1 = std::max(top[std::size_t(a)], bottom[std::size_t(a)]) + r + 2 * smax;
                lo[a] = std::max(0, int(std::floor(m0 / spacing[std::size_t(a)])));
                hi[a] = std::min(dims[std::size_t(a)] - 1, int(std::ceil(m1 / spacing[std::size_t(a)])));
            }
            for (int z = lo[2]; z <= hi[2]; ++z)
                for (int y = lo[1]; y <= hi[1]; ++y)
                    for (int x = lo[0]; x <= hi[0]; ++x) {
                        const std::array<double, 3> at = g.mm({x, y, z});
                        const std::array<double, 3> rel{at[0] - top[0], at[1] - top[1], at[2] - top[2]};
                        const double t = std::clamp((rel[0] * axis[0] + rel[1] * axis[1] + rel[2] * axis[2]) / len2, 0.0, 1.0);
                        const double rho = std::sqrt(dist2(at, {top[0] + axis[0] * t, top[1] + axis[1] * t, top[2] + axis[2] * t}));
                        const std::size_t i = g.at(x, y, z);
                        out->values[i] = float(std::min(double(out->values[i]), double(iso) + (rho - r) * k));
                    }
        }
    }
    out->material_voxels = 0;
    for (int z = 0; z < dims[2]; ++z)
        for (int y = 0; y < dims[1]; ++y)
            for (int x = 0; x < dims[0]; ++x) out->material_voxels += out->values[g.at(x, y, z)] > iso && g.kept(x, y, z);
    return true;
}

}  // namespace hp
