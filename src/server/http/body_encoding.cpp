#include "server/http/body_encoding.h"

#include <zlib.h>

#include <algorithm>
#include <stdexcept>

namespace ordo::server {

namespace {

bool same_token(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return (x | 0x20) == (y | 0x20);
         });
}

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

// zlib's stream, ended whatever happens.
class Inflater {
 public:
  explicit Inflater(int window_bits) {
    if (inflateInit2(&stream_, window_bits) != Z_OK)
      throw std::runtime_error("zlib could not start");
  }
  ~Inflater() { inflateEnd(&stream_); }
  Inflater(const Inflater&) = delete;
  Inflater& operator=(const Inflater&) = delete;
  z_stream& stream() { return stream_; }

 private:
  z_stream stream_{};
};

}  // namespace

BodyEncoding body_encoding(std::string_view header) {
  const std::string_view value = trimmed(header);
  if (value.empty() || same_token(value, "identity")) return BodyEncoding::Identity;
  if (same_token(value, "gzip") || same_token(value, "x-gzip")) return BodyEncoding::Gzip;
  if (same_token(value, "deflate")) return BodyEncoding::Deflate;
  return BodyEncoding::Unknown;
}

std::optional<std::string> decode_body(std::string_view body, BodyEncoding encoding,
                                       std::size_t limit) {
  if (encoding == BodyEncoding::Identity) {
    if (body.size() > limit) return std::nullopt;
    return std::string(body);
  }
  if (encoding == BodyEncoding::Unknown) throw std::invalid_argument("unknown encoding");
  // 16 + window: a gzip wrapper; plain window: a zlib wrapper (HTTP's "deflate").
  Inflater inflater(encoding == BodyEncoding::Gzip ? 16 + MAX_WBITS : MAX_WBITS);
  z_stream& z = inflater.stream();
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(body.data()));
  z.avail_in = static_cast<uInt>(body.size());
  std::string out;
  char chunk[16 * 1024];
  while (true) {
    z.next_out = reinterpret_cast<Bytef*>(chunk);
    z.avail_out = sizeof chunk;
    const int status = inflate(&z, Z_NO_FLUSH);
    if (status != Z_OK && status != Z_STREAM_END && status != Z_BUF_ERROR)
      throw std::invalid_argument("corrupt compressed data");
    const std::size_t produced = sizeof chunk - z.avail_out;
    if (out.size() + produced > limit) return std::nullopt;
    out.append(chunk, produced);
    if (status == Z_STREAM_END) break;
    // No progress and no more input: the data ends before the stream does.
    if (produced == 0 && z.avail_in == 0) throw std::invalid_argument("truncated compressed data");
  }
  if (z.avail_in != 0) throw std::invalid_argument("data after the compressed stream");
  return out;
}

}  // namespace ordo::server
