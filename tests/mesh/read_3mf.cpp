// A 3MF read by lib3mf (the 3MF Consortium's reference library, Debian's 1.8.1): what the page
// wrote, as a tool no one here wrote sees it. Prints JSON on stdout:
//   {"lib3mf": "1.8.1", "unit": "millimeter", "warnings": N,
//    "objects": [{"id", "name", "type": "mesh", "vertices", "triangles", "manifold",
//                 "volume" (mm³, signed, from the triangles), "material": {"name", "color"},
//                 "colors": {"#RRGGBB": triangles, ...}} or {"id", "name", "type": "components",
//                 "components": [object ids]}],
//    "build": [object ids]}
// Exit status 1, with the reason on stderr, where lib3mf refuses the file.
//   read_3mf FILE.3mf
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "Model/COM/NMR_DLLInterfaces.h"

using namespace NMR;

namespace {

bool failed(LIB3MFRESULT r, const char* what) {
    if (r == LIB3MF_OK) return false;
    std::fprintf(stderr, "read_3mf: %s failed (0x%lx)\n", what, static_cast<unsigned long>(r));
    return true;
}

std::string json_string(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\', out += c;
        else if (static_cast<unsigned char>(c) < 0x20) {
            char t[8];
            std::snprintf(t, sizeof t, "\\u%04x", c);
            out += t;
        } else out += c;
    }
    return out + "\"";
}

std::string hex(unsigned r, unsigned g, unsigned b) {
    char t[8];
    std::snprintf(t, sizeof t, "#%02X%02X%02X", r, g, b);
    return t;
}

std::string object_name(PLib3MFModelObjectResource* o) {
    ULONG need = 0;
    lib3mf_object_getnameutf8(o, nullptr, 0, &need);
    std::string name(need + 1, '\0');
    lib3mf_object_getnameutf8(o, &name[0], ULONG(name.size()), &need);
    name.resize(need);
    return name;
}

// A mesh object: counts, manifold, signed volume, its default base material and its triangles'
// colours (as lib3mf resolves each triangle's property).
std::string mesh_json(PLib3MFModel* model, PLib3MFModelObjectResource* o) {
    DWORD nv = 0, nt = 0;
    lib3mf_meshobject_getvertexcount(o, &nv);
    lib3mf_meshobject_gettrianglecount(o, &nt);
    std::vector<MODELMESHVERTEX> v(nv);
    if (nv) lib3mf_meshobject_getvertices(o, v.data(), nv, nullptr);
    double volume = 0;
    for (DWORD t = 0; t < nt; ++t) {
        MODELMESHTRIANGLE tri;
        lib3mf_meshobject_gettriangle(o, t, &tri);
        const float* a = v[tri.m_nIndices[0]].m_fPosition;
        const float* b = v[tri.m_nIndices[1]].m_fPosition;
        const float* c = v[tri.m_nIndices[2]].m_fPosition;
        volume += (double(a[0]) * (double(b[1]) * c[2] - double(b[2]) * c[1]) -
                   double(a[1]) * (double(b[0]) * c[2] - double(b[2]) * c[0]) +
                   double(a[2]) * (double(b[0]) * c[1] - double(b[1]) * c[0])) / 6;
    }
    BOOL manifold = false;
    lib3mf_meshobject_ismanifoldandoriented(o, &manifold);
    std::string out = "\"type\": \"mesh\", \"vertices\": " + std::to_string(nv) + ", \"triangles\": " +
                      std::to_string(nt) + ", \"manifold\": " + (manifold ? "true" : "false");
    char vol[64];
    std::snprintf(vol, sizeof vol, ", \"volume\": %.6f", volume);
    out += vol;
    PLib3MFDefaultPropertyHandler* dph = nullptr;
    eModelPropertyType type = MODELPROPERTYTYPE_NONE;
    if (lib3mf_object_createdefaultpropertyhandler(o, &dph) == LIB3MF_OK &&
        lib3mf_defaultpropertyhandler_getpropertytype(dph, &type) == LIB3MF_OK && type == MODELPROPERTYTYPE_BASEMATERIALS) {
        DWORD group = 0, index = 0;
        PLib3MFModelBaseMaterial* materials = nullptr;
        if (lib3mf_defaultpropertyhandler_getbasematerial(dph, &group, &index) == LIB3MF_OK &&
            lib3mf_model_getbasematerialbyid(model, group, &materials) == LIB3MF_OK) {
            char name[1024] = {0};
            ULONG need = 0;
            lib3mf_basematerial_getnameutf8(materials, index, name, sizeof name, &need);
            BYTE r = 0, g = 0, b = 0, a = 0;
            lib3mf_basematerial_getdisplaycolor(materials, index, &r, &g, &b, &a);
            out += ", \"material\": {\"name\": " + json_string(name) + ", \"color\": \"" + hex(r, g, b) + "\"}";
            lib3mf_release(materials);
        }
    }
    if (dph) lib3mf_release(dph);
    std::map<std::string, unsigned> colours;
    PLib3MFPropertyHandler* ph = nullptr;
    if (lib3mf_meshobject_createpropertyhandler(o, &ph) == LIB3MF_OK) {
        for (DWORD t = 0; t < nt; ++t) {
            eModelPropertyType tt = MODELPROPERTYTYPE_NONE;
            MODELMESH_TRIANGLECOLOR_SRGB c;
            if (lib3mf_propertyhandler_getpropertytype(ph, t, &tt) == LIB3MF_OK && tt == MODELPROPERTYTYPE_COLOR &&
                lib3mf_propertyhandler_getcolor(ph, t, &c) == LIB3MF_OK)
                ++colours[hex(c.m_Colors[0].m_Red, c.m_Colors[0].m_Green, c.m_Colors[0].m_Blue)];
        }
        lib3mf_release(ph);
    }
    out += ", \"colors\": {";
    bool first = true;
    for (const auto& [c, n] : colours) out += (first ? "" : ", ") + json_string(c) + ": " + std::to_string(n), first = false;
    return out + "}";
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) return std::fprintf(stderr, "usage: read_3mf FILE.3mf\n"), 2;
    DWORD major = 0, minor = 0, micro = 0;
    lib3mf_getinterfaceversion(&major, &minor, &micro);
    PLib3MFModel* model = nullptr;
    PLib3MFModelReader* reader = nullptr;
    if (failed(lib3mf_createmodel(&model), "createmodel") || failed(lib3mf_model_queryreader(model, "3mf", &reader), "queryreader"))
        return 1;
    if (failed(lib3mf_reader_readfromfileutf8(reader, argv[1]), "reading the file")) return 1;
    DWORD warnings = 0, unit = 0;
    lib3mf_reader_getwarningcount(reader, &warnings);
    lib3mf_model_getunit(model, &unit);
    const char* units[] = {"micron", "millimeter", "centimeter", "inch", "foot", "meter"};
    std::printf("{\"lib3mf\": \"%u.%u.%u\", \"unit\": \"%s\", \"warnings\": %u, \"objects\": [", unsigned(major),
                unsigned(minor), unsigned(micro), unit < 6 ? units[unit] : "?", unsigned(warnings));
    PLib3MFModelResourceIterator* it = nullptr;
    if (failed(lib3mf_model_getobjects(model, &it), "getobjects")) return 1;
    BOOL more = false;
    for (bool first = true; lib3mf_resourceiterator_movenext(it, &more) == LIB3MF_OK && more; first = false) {
        PLib3MFModelResource* r = nullptr;
        lib3mf_resourceiterator_getcurrent(it, &r);
        DWORD id = 0;
        lib3mf_resource_getresourceid(r, &id);
        BOOL is_mesh = false, is_components = false;
        lib3mf_object_ismeshobject(r, &is_mesh);
        lib3mf_object_iscomponentsobject(r, &is_components);
        std::string o = "{\"id\": " + std::to_string(id) + ", \"name\": " + json_string(object_name(r)) + ", ";
        if (is_mesh) {
            o += mesh_json(model, r);
        } else if (is_components) {
            DWORD n = 0;
            lib3mf_componentsobject_getcomponentcount(r, &n);
            o += "\"type\": \"components\", \"components\": [";
            for (DWORD k = 0; k < n; ++k) {
                PLib3MFModelComponent* c = nullptr;
                DWORD of = 0;
                lib3mf_componentsobject_getcomponent(r, k, &c);
                lib3mf_component_getobjectresourceid(c, &of);
                o += (k ? ", " : "") + std::to_string(of);
                lib3mf_release(c);
            }
            o += "]";
        }
        std::printf("%s%s}", first ? "" : ", ", o.c_str());
        lib3mf_release(r);
    }
    lib3mf_release(it);
    std::printf("], \"build\": [");
    PLib3MFModelBuildItemIterator* items = nullptr;
    lib3mf_model_getbuilditems(model, &items);
    for (bool first = true; lib3mf_builditemiterator_movenext(items, &more) == LIB3MF_OK && more; first = false) {
        PLib3MFModelBuildItem* item = nullptr;
        DWORD id = 0;
        lib3mf_builditemiterator_getcurrent(items, &item);
        lib3mf_builditem_getobjectresourceid(item, &id);
        std::printf("%s%u", first ? "" : ", ", unsigned(id));
        lib3mf_release(item);
    }
    std::printf("]}\n");
    lib3mf_release(items);
    lib3mf_release(reader);
    lib3mf_release(model);
    return 0;
}
