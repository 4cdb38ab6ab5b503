#ifndef HEARTH_IMAGING_H
#define HEARTH_IMAGING_H

#include <stddef.h>
#include <gd.h>

/* Why C: libjpeg reports errors with longjmp, which Swift code must never be jumped
   across, and the per-pixel loops below are the hot path of every upload. */

/* Decodes a JPEG at the smallest of the 1/1, 1/2, 1/4 and 1/8 scales whose longest side
   is still at least `min_longest` (libjpeg's DCT scaling: where libvips gets its speed).
   Returns a truecolor image, or NULL when the data is not a decodable JPEG.
   `*truncated` is set when the data ended before the image did. */
gdImagePtr hearth_jpeg_decode_scaled(const unsigned char *data, size_t size, int min_longest, int *truncated);

/* Returns a new truecolor image with EXIF orientation 2…8 applied (1 or unknown: a copy). */
gdImagePtr hearth_orient(gdImagePtr source, int orientation);

/* Composites a truecolor image over white in place, so transparent areas do not turn
   black in a JPEG. */
void hearth_flatten_on_white(gdImagePtr image);

/* Shrink-on-load for the other formats (hearth_shrink_on_load.c): a truecolor image a
   whole-number factor smaller than the photo, at least `min_longest` on its longest side,
   composited over white; NULL when the data does not decode. PNG sets `*interlaced` and
   answers NULL for Adam7 files, which are left to libgd. HEIF/AVIF answers NULL when the
   primary image (as declared or as decoded) has more than `max_pixels`. */
gdImagePtr hearth_png_decode_scaled(const unsigned char *data, size_t size, int min_longest, int *interlaced);
gdImagePtr hearth_webp_decode_scaled(const unsigned char *data, size_t size, int min_longest);
gdImagePtr hearth_heif_decode_scaled(const unsigned char *data, size_t size, int min_longest, long long max_pixels);

/* libgd prints a line to stderr for every file it cannot decode. A refused photo is
   already named to the member who sent it; a hostile client must not fill the log. */
void hearth_silence_gd_warnings(void);

/// Gives memory malloc keeps on its free lists back to the system (glibc's malloc_trim):
/// after a large job, so the server's size goes back down.
void hearth_release_free_memory(void);

#endif
