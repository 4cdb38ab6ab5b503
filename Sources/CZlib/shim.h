#include <zlib.h>

/* inflateInit2 is a macro, which Swift cannot call: raw deflate (no zlib header), as zip stores it. */
static inline int hearth_inflate_init_raw(z_stream *stream) {
    return inflateInit2(stream, -15);
}

/* deflateInit2 is a macro too: gzip's wrapper (window 15 + 16) at a level: 9 for files compressed once, 1 for pages. */
static inline int hearth_deflate_init_gzip_level(z_stream *stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY);
}
