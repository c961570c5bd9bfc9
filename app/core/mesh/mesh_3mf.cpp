// The 3MF of a mesh (mesh_files.h says what it holds): the model's XML (3MF Core 1.3 and the
// Materials and Properties extension's colour groups) in an OPC package, a zip of deflated entries.
#include "mesh_files.h"

#include <charconv>
#include <cstdio>
#include <string>

#include "deflate.h"
#include "inflate.h"  // crc32
#include "mesh_file_parts.h"

namespace hp::mesh_file {
namespace {

// Text for an XML attribute: the five special characters as entities, control characters and
// bytes that are not UTF-8 as '_' (a name can come from any label table).
std::string xml_text(const std::string& s) {
    std::string out;
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        const int more = c < 0x80 ? 0 : (c >> 5) == 6 ? 1 : (c >> 4) == 14 ? 2 : (c >> 3) == 30 ? 3 : -1;
        bool ok = more >= 0 && i + std::size_t(more) < s.size();
        for (int k = 1; ok && k <= more; ++k) ok = (static_cast<unsigned char>(s[i + k]) >> 6) == 2;
        if (!ok || c < 0x20 || c == 0x7f) {
            out += '_', ++i;
            continue;
        }
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&apos;"; break;
            default: out.append(s, i, std::size_t(more) + 1);
        }
        i += std::size_t(more) + 1;
    }
    return out;
}

std::string hex_colour(const std::array<std::uint8_t, 3>& rgb) {
    char t[8];
    std::snprintf(t, sizeof t, "#%02X%02X%02X", rgb[0], rgb[1], rgb[2]);
    return t;
}

void append(std::string* out, const char* format, double a, double b, double c) {
    char t[128];
    const int n = std::snprintf(t, sizeof t, format, a, b, c);
    out->append(t, std::size_t(n));
}

// One <object> of type model: the vertices (mm, as float32 holds them: nine digits give them
// back exactly) and the triangles over them, a line each and not indented (they are the file).
// part >= 0: its default property is that base material, and each triangle names the colour
// group's colour of the same index.
void put_object(std::string* x, std::size_t id, const std::string& name, long part, const WorldMesh& m,
                const std::vector<std::uint32_t>* vertices, const std::vector<std::uint32_t>& faces) {
    *x += "  <object id=\"" + std::to_string(id) + "\" type=\"model\" name=\"" + xml_text(name) + "\"";
    if (part >= 0) *x += " pid=\"1\" pindex=\"" + std::to_string(part) + "\"";
    *x += ">\n   <mesh>\n    <vertices>\n";
    const std::size_t n = vertices ? vertices->size() : m.positions.size();
    for (std::size_t i = 0; i < n; ++i) {
        const Vec3& p = m.positions[vertices ? (*vertices)[i] : i];
        append(x, "<vertex x=\"%.9g\" y=\"%.9g\" z=\"%.9g\"/>\n", float(p.x), float(p.y), float(p.z));
    }
    *x += "    </vertices>\n    <triangles>\n";
    const std::string colour = part >= 0 ? " pid=\"2\" p1=\"" + std::to_string(part) + "\"/>\n" : "/>\n";
    for (std::size_t t = 0; t + 2 < faces.size(); t += 3) {
        char line[96];
        char* at = line;
        for (int k = 0; k < 3; ++k) {
            static constexpr const char* kOpen[3] = {"<triangle v1=\"", "\" v2=\"", "\" v3=\""};
            for (const char* c = kOpen[k]; *c;) *at++ = *c++;
            at = std::to_chars(at, line + sizeof line, faces[t + std::size_t(k)]).ptr;
        }
        *at++ = '"';
        x->append(line, std::size_t(at - line));
        *x += colour;
    }
    *x += "    </triangles>\n   </mesh>\n  </object>\n";
}

// The model: one surface as one object; a label map's parts (those with triangles) as an object
// each, with only its own vertices, named and coloured (a base material and a colour each, in
// the parts' order), and one object of those as its components, the build's one item, so that a
// slicer places them together, as they lie in the scan.
std::string model_xml(const WorldMesh& m) {
    std::string x =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<model unit=\"millimeter\" xml:lang=\"en-US\" "
        "xmlns=\"http://schemas.microsoft.com/3dmanufacturing/core/2015/02\" "
        "xmlns:m=\"http://schemas.microsoft.com/3dmanufacturing/material/2015/02\">\n"
        " <metadata name=\"Application\">histopyramid stream compaction demo</metadata>\n"
        " <resources>\n";
    std::size_t build = 3;  // ids 1 and 2: the base materials and the colour group
    if (!has_parts(m)) {
        put_object(&x, build, "surface", -1, m, nullptr, m.faces);
    } else {
        const auto triangles = part_triangles(m);
        std::vector<std::size_t> kept;  // the parts written, in order
        for (std::size_t p = 0; p < triangles.size(); ++p)
            if (!triangles[p].empty()) kept.push_back(p);
        x += "  <basematerials id=\"1\">\n";
        for (std::size_t p : kept)
            x += "   <base name=\"" + xml_text(name_of(m.parts[p])) + "\" displaycolor=\"" + hex_colour(m.parts[p].rgb) + "\"/>\n";
        x += "  </basematerials>\n  <m:colorgroup id=\"2\">\n";
        for (std::size_t p : kept) x += "   <m:color color=\"" + hex_colour(m.parts[p].rgb) + "\"/>\n";
        x += "  </m:colorgroup>\n";
        std::vector<std::uint32_t> scratch(m.positions.size(), kNone);
        for (std::size_t k = 0; k < kept.size(); ++k) {
            const Gathered g = gather(m, triangles[kept[k]], &scratch);
            put_object(&x, 3 + k, name_of(m.parts[kept[k]]), long(k), m, &g.vertices, g.faces);
        }
        build = 3 + kept.size();
        x += "  <object id=\"" + std::to_string(build) + "\" type=\"model\" name=\"labels\">\n   <components>\n";
        for (std::size_t k = 0; k < kept.size(); ++k) x += "    <component objectid=\"" + std::to_string(3 + k) + "\"/>\n";
        x += "   </components>\n  </object>\n";
    }
    x += " </resources>\n <build>\n  <item objectid=\"" + std::to_string(build) + "\"/>\n </build>\n</model>\n";
    return x;
}

// A zip (PKWARE APPNOTE 6.3) of deflated entries, no zip64: false where an offset or a size
// would pass 4 GiB.
struct ZipEntry {
    std::string name, data;
};
bool zip_deflated(const std::vector<ZipEntry>& entries, std::vector<std::uint8_t>* out) {
    out->clear();
    std::vector<std::uint8_t> directory;
    const auto header = [](std::vector<std::uint8_t>* o, std::uint32_t signature, bool central) {
        put(o, signature);
        if (central) put(o, std::uint16_t(20));  // made by: version 2.0
        put(o, std::uint16_t(20));               // needed to extract: 2.0
        put(o, std::uint16_t(0x0800));           // names in UTF-8
        put(o, std::uint16_t(8));                // deflated
        put(o, std::uint16_t(0));                // time: 00:00:00
        put(o, std::uint16_t(0x21));             // date: 1980-01-01
    };
    for (const ZipEntry& e : entries) {
        const auto* bytes = reinterpret_cast<const std::uint8_t*>(e.data.data());
        const std::vector<std::uint8_t> packed = deflate_raw(bytes, e.data.size());
        if (e.data.size() >= 0xffffffffull || out->size() + 30 + e.name.size() + packed.size() >= 0xffffffffull) return false;
        const std::uint32_t crc = crc32(bytes, e.data.size()), size = std::uint32_t(e.data.size()),
                            stored = std::uint32_t(packed.size()), offset = std::uint32_t(out->size());
        for (const bool central : {false, true}) {
            std::vector<std::uint8_t>* o = central ? &directory : out;
            header(o, central ? 0x02014b50u : 0x04034b50u, central);
            put(o, crc), put(o, stored), put(o, size);
            put(o, std::uint16_t(e.name.size())), put(o, std::uint16_t(0));  // name, no extra field
            if (central) {
                put(o, std::uint16_t(0)), put(o, std::uint16_t(0)), put(o, std::uint16_t(0));  // comment, disk, internal
                put(o, std::uint32_t(0)), put(o, offset);                                      // external, where
            }
            o->insert(o->end(), e.name.begin(), e.name.end());
            if (!central) o->insert(o->end(), packed.begin(), packed.end());
        }
    }
    if (out->size() + directory.size() + 22 >= 0xffffffffull) return false;
    const auto directory_at = std::uint32_t(out->size());
    out->insert(out->end(), directory.begin(), directory.end());
    put(out, std::uint32_t(0x06054b50u)), put(out, std::uint16_t(0)), put(out, std::uint16_t(0));
    put(out, std::uint16_t(entries.size())), put(out, std::uint16_t(entries.size()));
    put(out, std::uint32_t(directory.size())), put(out, directory_at), put(out, std::uint16_t(0));
    return true;
}

}  // namespace

std::vector<std::uint8_t> three_mf(const WorldMesh& m, std::string* error) {
    const std::vector<ZipEntry> entries = {
        {"[Content_Types].xml",
         "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
         "<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\">"
         "<Default Extension=\"rels\" ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/>"
         "<Default Extension=\"model\" ContentType=\"application/vnd.ms-package.3dmanufacturing-3dmodel+xml\"/>"
         "</Types>\n"},
        {"_rels/.rels",
         "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
         "<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">"
         "<Relationship Target=\"/3D/3dmodel.model\" Id=\"rel0\" "
         "Type=\"http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel\"/></Relationships>\n"},
        {"3D/3dmodel.model", model_xml(m)},
    };
    std::vector<std::uint8_t> out;
    if (!zip_deflated(entries, &out)) *error = "the 3MF would pass 4 GiB, more than a zip without zip64 holds";
    return out;
}

}  // namespace hp::mesh_file
