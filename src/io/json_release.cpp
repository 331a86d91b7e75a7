#include "io/json_release.hpp"

namespace redist::io {

void release_json(Json& document) noexcept {
  if (document.is_array()) {
    auto& elements = document.get_ref<Json::array_t&>();
    for (Json& element : elements) release_json(element);
    elements.clear();  // scalars and empty containers: their destroy() moves nothing
  } else if (document.is_object()) {
    auto& members = document.get_ref<Json::object_t&>();
    for (auto& member : members) release_json(member.second);
    members.clear();
  }
}

}  // namespace redist::io
