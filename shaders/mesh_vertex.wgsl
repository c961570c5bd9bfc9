// The vertex on a crossing edge: the edge runs from pa to pb,
// one step along +x, +y or +z (its lower end first: app/core/mesh/marching_cubes.h). Position:
// linear along the edge to where the field crosses iso; normal: minus the gradient (central
// differences, clamped at the volume's border) interpolated the same way, normalized. The
// arithmetic of emit_mesh_vertex.glsl and app/core/mesh/reference_mesh.cpp, in the same order. The
// soup's extraction (mesh_extract.wgsl) and the shared vertices' (mesh_vertices.wgsl) both call
// this one function, so an edge's vertex is the same bits whichever computes it.
//!include volume.wgsl
//!include cells.wgsl
//!include mc_vertex.wgsl

fn mc_field(q: vec3<i32>) -> f32 { return value_at(clamp(q, vec3<i32>(0), u.dims - 1)); }

fn mc_gradient(q: vec3<i32>) -> vec3<f32> {
    return vec3<f32>(mc_field(q + vec3<i32>(1, 0, 0)) - mc_field(q - vec3<i32>(1, 0, 0)),
                     mc_field(q + vec3<i32>(0, 1, 0)) - mc_field(q - vec3<i32>(0, 1, 0)),
                     mc_field(q + vec3<i32>(0, 0, 1)) - mc_field(q - vec3<i32>(0, 0, 1)));
}

fn mc_vertex(pa: vec3<i32>, pb: vec3<i32>) -> McVertex {
    let va = value_at(pa);
    let vb = value_at(pb);
    let t = (u.iso - va) / (vb - va);
    let ga = mc_gradient(pa);
    let gb = mc_gradient(pb);
    let n = -(ga + t * (gb - ga));
    let len = length(n);
    return McVertex(vec4<f32>(vec3<f32>(pa) + t * (vec3<f32>(pb) - vec3<f32>(pa)), 1.0),
                    vec4<f32>(select(vec3<f32>(0.0), n / len, len > 0.0), 0.0));
}
