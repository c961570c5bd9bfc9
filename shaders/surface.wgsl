// The 3D view in the WebGPU modes: the mesh drawn straight from the extraction's storage
// buffers, vertex k from positions[k] and normals[k] (vertex_index: no vertex buffer, no copy),
// drawn indirectly with the GPU's own vertex count. The shading is surface.frag's: a light at
// the eye (both faces lit), a little specular, and the color chosen in the overlay (normal,
// depth along the view, or place in the stream).
//!include compaction_counter.wgsl
struct Surface {
    view_proj: mat4x4<f32>,   // OrbitCamera::view_projection (GL clip space: z in [-w, w])
    eye: vec3<f32>,
    color: u32,              // 0 normal, 1 depth, 2 order, 3 bone, 4 label
    depth_range: vec2<f32>,   // distances from the eye mapped to the color map's ends
    label_count: u32,         // classify=labels: the labels in `labels` (0: none)
    pad: f32,
    scale: vec3<f32>,         // voxel units → the view's (the voxels' proportions); normals by its inverse
    pad2: f32,
}

@group(0) @binding(0) var<uniform> s: Surface;
@group(0) @binding(1) var<storage, read> positions: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read> normals: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read> counter: Counter;
// The label colours (label_colors.glsl's texels): label i's value (ascending), its colour packed
// r·65536 + g·256 + b, 1 where it is shown. A vertex's label is its position's w.
@group(0) @binding(4) var<storage, read> labels: array<vec4<f32>>;

struct Varyings {
    @builtin(position) clip: vec4<f32>,
    @location(0) position: vec3<f32>,
    @location(1) normal: vec3<f32>,
    @location(2) order: f32,
    @location(3) label: vec3<f32>,
}

// The colour of label l, w 0 where it is hidden; grey for a label the list does not hold.
fn label_color(l: f32) -> vec4<f32> {
    var lo = 0u;
    var hi = max(s.label_count, 1u) - 1u;
    while (lo < hi) {
        let mid = (lo + hi) / 2u;
        if (labels[mid].x < l) { lo = mid + 1u; } else { hi = mid; }
    }
    let t = labels[lo];
    if (s.label_count == 0u || t.x != l) { return vec4<f32>(0.8, 0.8, 0.8, 1.0); }
    let c = t.y;
    return vec4<f32>(floor(c / 65536.0), floor(c / 256.0) % 256.0, c % 256.0, 255.0 * t.z) / 255.0;
}

// colormap.glsl's "turbo" approximation: t in [0,1].
fn colormap(x: f32) -> vec3<f32> {
    let t = clamp(x, 0.0, 1.0);
    let c = vec3<f32>(0.1357, 0.0914, 0.1067) +
            t * (vec3<f32>(4.6154, 2.1943, 12.6419) +
            t * (vec3<f32>(-42.6603, 4.8430, -60.5820) +
            t * (vec3<f32>(132.1311, -14.1850, 110.3628) +
            t * (vec3<f32>(-152.9424, 4.2773, -89.9031) +
            t * vec3<f32>(59.2864, 2.8296, 27.3482)))));
    return clamp(c, vec3<f32>(0.0), vec3<f32>(1.0));
}

@vertex
fn vs(@builtin(vertex_index) k: u32) -> Varyings {
    var o: Varyings;
    o.position = positions[k].xyz * s.scale;
    o.normal = normals[k].xyz / s.scale;
    o.order = f32(k) / max(f32(counter.draw_args.x), 1.0);
    let clip = s.view_proj * vec4<f32>(o.position, 1.0);
    o.clip = vec4<f32>(clip.xy, 0.5 * (clip.z + clip.w), clip.w);  // GL's depth range to WebGPU's [0, w]
    o.label = vec3<f32>(1.0);
    if (s.color == 4u) {  // a hidden label's vertex goes past the clip volume: its triangles are not drawn
        let c = label_color(positions[k].w);
        o.label = c.xyz;
        if (c.w == 0.0) { o.clip = vec4<f32>(2.0, 2.0, 2.0, 1.0); }
    }
    return o;
}

@fragment
fn fs(in: Varyings) -> @location(0) vec4<f32> {
    let n = normalize(in.normal);
    let to_eye = s.eye - in.position;
    let l = normalize(to_eye);
    let diffuse = abs(dot(n, l));
    let specular = pow(diffuse, 60.0) * 0.12;
    var base = n * 0.5 + 0.5;
    if (s.color == 1u) {
        base = colormap(1.0 - (length(to_eye) - s.depth_range.x) / (s.depth_range.y - s.depth_range.x));
    } else if (s.color == 2u) {
        base = colormap(in.order);
    } else if (s.color == 3u) {
        base = vec3<f32>(0.89, 0.85, 0.76);
    } else if (s.color == 4u) {
        base = in.label;
    }
    return vec4<f32>(base * (0.22 + 0.78 * diffuse) + specular, 1.0);
}
