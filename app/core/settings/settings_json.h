// The settings as the page's API gives them (hp.set: one JSON object, {"pyramid": "vec4", "iso":
// 0.4}) into the "name=value" lines the settings table reads, as the URL's are. Each member's
// value a string, number or boolean (as String(value) would write it); a name or value with a
// control character is refused (it would end a line early and start another setting).
#pragma once

#include <string>
#include <string_view>

namespace hp {

// False with the message the page shows (the member it is about first).
bool settings_lines_from_json(std::string_view json, std::string* lines, std::string* error);

}  // namespace hp
