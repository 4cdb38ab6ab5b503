#include "hearth_imaging.h"

#include <libheif/heif.h>
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <webp/decode.h>

/* Shrink-on-load for PNG, WebP, HEIF and AVIF, as libjpeg's DCT scaling does for JPEG.
   libgd decodes these at full size into 4 bytes a pixel, beside the decoder's own copy:
   a 50-megapixel photo took 430–550 MB. Here the decoder's rows are averaged into an
   image a whole-number factor smaller (still at least `min_longest` on its longest side,
   so the Lanczos pass that follows has pixels to work with) and composited over white. */

/* Box-averages rows of 8-bit RGB or RGBA into a truecolor image `factor` times smaller. */
typedef struct {
    gdImagePtr image;
    int factor, width, height;
    unsigned int *sums; /* r, g, b and count for each output pixel of the band being summed */
} reducer;

static int reduction_factor(int width, int height, int min_longest) {
    int longest = width > height ? width : height, factor = 1;
    while (longest / (factor + 1) >= min_longest) factor++;
    return factor;
}

static int reducer_start(reducer *r, int width, int height, int min_longest) {
    r->factor = reduction_factor(width, height, min_longest);
    r->width = width;
    r->height = height;
    r->image = gdImageCreateTrueColor((width + r->factor - 1) / r->factor, (height + r->factor - 1) / r->factor);
    r->sums = calloc((size_t)gdImageSX(r->image) * 4, sizeof(unsigned int));
    if (!r->image || !r->sums) {
        if (r->image) gdImageDestroy(r->image);
        free(r->sums);
        return 0;
    }
    return 1;
}

/* Adds source row `y` (`channels` bytes a pixel); writes an output row at each band's end. */
static void reducer_row(reducer *r, const unsigned char *row, int channels, int y) {
    int out_width = gdImageSX(r->image);
    for (int x = 0; x < r->width; x++, row += channels) {
        unsigned int red = row[0], green = row[1], blue = row[2];
        if (channels == 4 && row[3] != 255) { /* over white */
            unsigned int alpha = row[3], white = 255 * (255 - alpha);
            red = (red * alpha + white) / 255;
            green = (green * alpha + white) / 255;
            blue = (blue * alpha + white) / 255;
        }
        unsigned int *sum = r->sums + (x / r->factor) * 4;
        sum[0] += red; sum[1] += green; sum[2] += blue; sum[3] += 1;
    }
    if ((y + 1) % r->factor == 0 || y + 1 == r->height) {
        int *out = r->image->tpixels[y / r->factor];
        for (int x = 0; x < out_width; x++) {
            unsigned int *sum = r->sums + x * 4;
            out[x] = sum[3] ? gdTrueColor(sum[0] / sum[3], sum[1] / sum[3], sum[2] / sum[3]) : 0xFFFFFF;
        }
        memset(r->sums, 0, (size_t)out_width * 4 * sizeof(unsigned int));
    }
}

static gdImagePtr reducer_finish(reducer *r) {
    free(r->sums);
    return r->image;
}

/* ---- WebP: libwebp scales while it decodes. ---- */

gdImagePtr hearth_webp_decode_scaled(const unsigned char *data, size_t size, int min_longest) {
    WebPDecoderConfig config;
    if (!WebPInitDecoderConfig(&config) || WebPGetFeatures(data, size, &config.input) != VP8_STATUS_OK) return NULL;
    int width = config.input.width, height = config.input.height;
    int factor = reduction_factor(width, height, min_longest);
    if (factor > 1) {
        config.options.use_scaling = 1;
        config.options.scaled_width = (width + factor - 1) / factor;
        config.options.scaled_height = (height + factor - 1) / factor;
    }
    config.output.colorspace = MODE_RGBA;
    if (WebPDecode(data, size, &config) != VP8_STATUS_OK) return NULL;
    int out_width = config.output.width, out_height = config.output.height;
    gdImagePtr image = gdImageCreateTrueColor(out_width, out_height);
    if (image) {
        reducer copy = { image, 1, out_width, out_height, calloc((size_t)out_width * 4, sizeof(unsigned int)) };
        if (copy.sums) {
            for (int y = 0; y < out_height; y++) reducer_row(&copy, config.output.u.RGBA.rgba + (size_t)y * config.output.u.RGBA.stride, 4, y);
            free(copy.sums);
        } else {
            gdImageDestroy(image);
            image = NULL;
        }
    }
    WebPFreeDecBuffer(&config.output);
    return image;
}

/* ---- PNG: libpng hands over one row at a time. ---- */

typedef struct {
    const unsigned char *data;
    size_t size, offset;
} png_source;

static void png_read_from_memory(png_structp png, png_bytep out, png_size_t length) {
    png_source *source = png_get_io_ptr(png);
    if (length > source->size - source->offset) png_error(png, "truncated");
    memcpy(out, source->data + source->offset, length);
    source->offset += length;
}

gdImagePtr hearth_png_decode_scaled(const unsigned char *data, size_t size, int min_longest, int *interlaced) {
    *interlaced = 0;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    if (!png) return NULL;
    png_infop info = png_create_info_struct(png);
    if (!info) { png_destroy_read_struct(&png, NULL, NULL); return NULL; }
    png_source source = { data, size, 0 };
    reducer r = { 0 };
    /* What the error path frees, volatile: after longjmp a local changed since setjmp is
       otherwise indeterminate, and the optimiser kept `r`'s fields in registers (the header
       fuzz crashed in gdImageDestroy(NULL) in the release build). */
    unsigned char *volatile row = NULL;
    gdImagePtr volatile image = NULL;
    unsigned int *volatile sums = NULL;
    if (setjmp(png_jmpbuf(png))) {
        if (image) gdImageDestroy(image);
        free(sums);
        free(row);
        png_destroy_read_struct(&png, &info, NULL);
        return NULL;
    }
    png_set_read_fn(png, &source, png_read_from_memory);
    png_read_info(png, info);
    if (png_get_interlace_type(png, info) != PNG_INTERLACE_NONE) {
        /* Adam7 rows arrive in seven passes: left to libgd's whole-image decoder. */
        *interlaced = 1;
        png_destroy_read_struct(&png, &info, NULL);
        return NULL;
    }
    /* Everything becomes 8-bit RGBA: palettes, grey, 16-bit, tRNS transparency. */
    png_set_expand(png);
    png_set_strip_16(png);
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    png_read_update_info(png, info);
    int width = (int)png_get_image_width(png, info), height = (int)png_get_image_height(png, info);
    if (!reducer_start(&r, width, height, min_longest)) png_error(png, "out of memory");
    image = r.image;
    sums = r.sums;
    row = malloc(png_get_rowbytes(png, info));
    if (!row) png_error(png, "out of memory");
    for (int y = 0; y < height; y++) {
        png_read_row(png, row, NULL);
        reducer_row(&r, row, 4, y);
    }
    png_read_end(png, NULL);
    free(row);
    png_destroy_read_struct(&png, &info, NULL);
    return reducer_finish(&r);
}

/* ---- HEIF and AVIF: libheif decodes the whole primary image, then it is reduced. ---- */

gdImagePtr hearth_heif_decode_scaled(const unsigned char *data, size_t size, int min_longest, long long max_pixels) {
    struct heif_context *context = heif_context_alloc();
    if (!context) return NULL;
    struct heif_image_handle *handle = NULL;
    struct heif_image *decoded = NULL;
    gdImagePtr result = NULL;
    if (heif_context_read_from_memory_without_copy(context, data, size, NULL).code != heif_error_Ok) goto done;
    if (heif_context_get_primary_image_handle(context, &handle).code != heif_error_Ok) goto done;
    if ((long long)heif_image_handle_get_width(handle) * heif_image_handle_get_height(handle) > max_pixels) goto done;
    int alpha = heif_image_handle_has_alpha_channel(handle);
    if (heif_decode_image(handle, &decoded, heif_colorspace_RGB, alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB, NULL).code != heif_error_Ok) goto done;
    int width = heif_image_get_width(decoded, heif_channel_interleaved), height = heif_image_get_height(decoded, heif_channel_interleaved);
    int stride = 0;
    const uint8_t *pixels = heif_image_get_plane_readonly(decoded, heif_channel_interleaved, &stride);
    /* The header was checked before decoding; this catches a bitstream that disagrees with it. */
    if (!pixels || width <= 0 || height <= 0 || (long long)width * height > max_pixels) goto done;
    reducer r;
    if (!reducer_start(&r, width, height, min_longest)) goto done;
    for (int y = 0; y < height; y++) reducer_row(&r, pixels + (size_t)y * stride, alpha ? 4 : 3, y);
    result = reducer_finish(&r);
done:
    if (decoded) heif_image_release(decoded);
    if (handle) heif_image_handle_release(handle);
    heif_context_free(context);
    return result;
}
