// The 3D view of the surface: the mesh drawn with depth into a panel of the current
// framebuffer (which needs a depth buffer), lit by its normals, seen through the orbit camera.
// Nothing is copied. Two routes to the vertices, the overlay's "route" setting:
//  - fragment (Mol*): the extraction pass wrote positions and normals into float textures;
//    the vertex shader reads them by gl_VertexID;
//  - vertex (HPMC): no extraction; the vertex shader walks the pyramid of vertex counts for
//    its key and computes the vertex itself.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "bricked_surface.h"
#include "demo_state.h"
#include "label_set.h"
#include "gl_objects.h"
#include "orbit_camera.h"
#include "surface_scene.h"
#include "surface_mesh.h"
#include "view_program.h"

namespace hp {

class SurfaceView {
public:
    bool init(std::string* error);
    void abandon();

    // Fragment route: from the extraction's textures.
    void draw(PanelRect r, const SurfaceMesh& mesh, const SurfaceScene& scene) const;
    // The processed mesh: indexed triangles in the buffers `processed` holds (upload() fills them).
    struct Indexed {
        gl::Buffer positions, normals, indices;  // 3 floats a vertex (voxels); 3 u32 a triangle
        gl::Buffer labels;                       // a float a vertex: its label (0: none)
        gl::VertexArray vao;
        std::uint32_t vertices = 0, index_count = 0;
        std::uint64_t revision = 0;  // of the mesh uploaded (0: none)
        void abandon() { positions.abandon(), normals.abandon(), labels.abandon(), indices.abandon(), vao.abandon(); }
    };
    // labels: each vertex's (a label map's; empty: none).
    static void upload(Indexed* m, const std::vector<float>& positions, const std::vector<float>& normals,
                       const std::vector<float>& labels, const std::vector<std::uint32_t>& indices,
                       std::uint64_t revision);
    void draw_indexed(PanelRect r, const Indexed& m, const SurfaceScene& scene) const;
    // A surface made in bricks (bricked_surface.h): its rounds' triangles, indexed into its buffers.
    void draw_bricked(PanelRect r, const BrickedSurface& surface, const SurfaceScene& scene) const;
    // Vertex route: walking `mesh`'s pyramid over `volume` at `iso`.
    void draw_walking(PanelRect r, const SurfaceMesh& mesh, const VolumeStages& volume, Classify mode, float iso,
                      const SurfaceScene& scene) const;

    // A label map's colours and what is shown (color=label), uploaded when `revision` changes;
    // null: none.
    void set_labels(const std::vector<LabelInfo>* labels, std::uint64_t revision);

private:
    static constexpr int kLabelColorsUnit = 6;
    gl::Texture label_colors_;
    int label_count_ = 0;
    std::uint64_t label_revision_ = 0;
    struct Program {
        gl::Program program;
        GLint view_proj = -1, vertices = -1, eye = -1, depth = -1, scale = -1;
        GLint label_colors = -1, label_count = -1;
    };
    bool build(Program* p, const std::vector<const char*>& vertex, std::string* error, const std::string& defines = "");
    // Clears the panel; false when there is nothing to draw.
    bool begin(PanelRect r, std::uint32_t vertices) const;
    void uniforms(const Program& p, PanelRect r, const SurfaceScene& scene) const;  // and the depth test on
    void draw_with(const Program& p, PanelRect r, const SurfaceScene& scene) const;

    // The vertex route's program, one for each way the vertex pyramid stores its sums
    // (walking_[int(SumFormat)]).
    struct Walking {
        Program draw;
        SurfaceMesh::WalkUniforms walk;
    };
    Program textures_;
    Program indexed_;
    Walking walking_[2];
    GLint u_size_ = -1;
    gl::VertexArray vao_;
};

}  // namespace hp
