#include <zlib.h>

/* inflateInit2 is a macro, which Swift cannot call: raw deflate (no zlib header), as zip stores it. */
static inline int hearth_inflate_init_raw(z_stream *stream) {
    return inflateInit2(stream, -15);
}
