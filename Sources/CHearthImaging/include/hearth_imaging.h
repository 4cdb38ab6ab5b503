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

/* libgd prints a line to stderr for every file it cannot decode. A refused photo is
   already named to the member who sent it; a hostile client must not fill the log. */
void hearth_silence_gd_warnings(void);

#endif
