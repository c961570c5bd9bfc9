// The page's read-backs (hp.stream, hp.reference, hp.mesh, hp.referenceMesh, hp.exportMesh,
// hp.meshReport),
// one protocol for every mode: hp_read asks (a ticket), hp_read_poll advances it once a frame
// until it is done (1) or failed (-1, hp_read_error), the page copies its parts out
// (hp_read_at, hp_read_size, hp_read_number) and ends it (hp_read_end). The work is the app's
// (readbacks.h): the page never asks which backend runs.
#include <emscripten.h>

#include <string>

#include "demo_app.h"
#include "web_api.h"

namespace {

// The parts of a result the page copies out, by number (web/reads.js's `parts`).
enum Part { Entries, Positions, Normals, Edges, Indices, Bytes, Labels, OtherLabels };

}  // namespace

extern "C" {

// kind: 0 stream, 1 reference, 2 mesh, 3 reference mesh, 4 mesh file (type 0 ply, 1 stl, 2 glb,
// 3 obj, 4 3mf), 5 mesh report (its JSON in the bytes); closed: capped at the volume's faces (0,
// 1; -1: the `closed` setting's); limit: entries or vertices. 0 for a kind or type not known.
EMSCRIPTEN_KEEPALIVE int hp_read(int kind, double limit, int type, int closed) {
    if (kind < 0 || kind > 5 || type < 0 || type >= int(hp::kMeshFileNames.size())) return 0;
    hp::ReadAsk a;
    a.kind = hp::ReadKind(kind);
    a.limit = limit >= 4294967295.0 ? 0xffffffffu : limit > 0 ? std::uint32_t(limit) : 0;
    a.type = hp::MeshFile(type);
    a.closed = closed < 0 ? -1 : closed != 0;
    return hp::web_app()->read_ask(a);
}

EMSCRIPTEN_KEEPALIVE int hp_read_poll(int id) { return hp::web_app()->read_poll(id); }

EMSCRIPTEN_KEEPALIVE const char* hp_read_error(int id) {
    const hp::ReadResult* r = hp::web_app()->read_result(id);
    return hp::web_reply(r ? r->error : "no such read");
}

// A part's elements (floats, doubles, u32 or bytes) and where they are.
EMSCRIPTEN_KEEPALIVE double hp_read_size(int id, int part) {
    const hp::ReadResult* r = hp::web_app()->read_result(id);
    if (!r) return 0;
    switch (part) {
        case Entries: return double(r->entries.size());
        case Positions: return double(r->mesh.positions.size());
        case Normals: return double(r->mesh.normals.size());
        case Edges: return double(r->edges.size());
        case Indices: return double(r->indices.size());
        case Bytes: return double(r->bytes.size());
        case Labels: return double(r->mesh.labels.size());
        case OtherLabels: return double(r->mesh.other_labels.size());
    }
    return 0;
}

EMSCRIPTEN_KEEPALIVE const void* hp_read_at(int id, int part) {
    const hp::ReadResult* r = hp::web_app()->read_result(id);
    if (!r) return nullptr;
    switch (part) {
        case Entries: return r->entries.data();
        case Positions: return r->mesh.positions.data();
        case Normals: return r->mesh.normals.data();
        case Edges: return r->edges.data();
        case Indices: return r->indices.data();
        case Bytes: return r->bytes.data();
        case Labels: return r->mesh.labels.data();
        case OtherLabels: return r->mesh.other_labels.data();
    }
    return nullptr;
}

// 0: a mesh's true vertex total; 1: its shared vertices.
EMSCRIPTEN_KEEPALIVE double hp_read_number(int id, int which) {
    const hp::ReadResult* r = hp::web_app()->read_result(id);
    if (!r) return 0;
    return which == 0 ? double(r->mesh.vertices) : double(r->shared_vertices);
}

EMSCRIPTEN_KEEPALIVE void hp_read_end(int id) { hp::web_app()->read_end(id); }

}  // extern "C"
