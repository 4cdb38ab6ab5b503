#include <zlib.h>

/* inflateInit2 is a macro, which Swift cannot call: raw deflate (no zlib header), as zip stores it. */
static inline int hearth_inflate_init_raw(z_stream *stream) {
    return inflateInit2(stream, -15);
}

/* deflateInit2 is a macro too: gzip's wrapper (window 15 + 16) at the best level, for files compressed once. */
static inline int hearth_deflate_init_gzip(z_stream *stream) {
    return deflateInit2(stream, 9, Z_DEFLATED, 31, 9, Z_DEFAULT_STRATEGY);
}
