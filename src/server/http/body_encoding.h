// Request bodies sent compressed (Content-Encoding gzip or deflate), undone with zlib under
// a limit on the bytes they expand to, so a small body cannot become a large one in memory.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace ordo::server {

enum class BodyEncoding { Identity, Gzip, Deflate, Unknown };

// From a Content-Encoding header's value (empty: Identity).
BodyEncoding body_encoding(std::string_view header);

// The decoded body; nullopt if it would be larger than `limit` bytes. Throws
// std::invalid_argument for data that is not of the encoding.
std::optional<std::string> decode_body(std::string_view body, BodyEncoding encoding,
                                       std::size_t limit);

}  // namespace ordo::server
