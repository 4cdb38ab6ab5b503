#include "hearth_imaging.h"

#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

struct hearth_jpeg_error {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    int truncated;
};

static void hearth_jpeg_fail(j_common_ptr info) {
    struct hearth_jpeg_error *error = (struct hearth_jpeg_error *)info->err;
    longjmp(error->jump, 1);
}

/* Warnings are common and harmless in phone photos ("extraneous bytes"), except one:
   the data ended early, and libjpeg would quietly fill the rest with grey. */
static void hearth_jpeg_message(j_common_ptr info, int level) {
    struct hearth_jpeg_error *error = (struct hearth_jpeg_error *)info->err;
    if (level < 0 && info->err->msg_code == JWRN_JPEG_EOF) {
        error->truncated = 1;
    }
}

gdImagePtr hearth_jpeg_decode_scaled(const unsigned char *data, size_t size, int min_longest, int *truncated) {
    struct jpeg_decompress_struct info;
    struct hearth_jpeg_error error;
    gdImagePtr volatile image = NULL;

    *truncated = 0;
    memset(&info, 0, sizeof(info));
    info.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = hearth_jpeg_fail;
    error.manager.emit_message = hearth_jpeg_message;
    error.truncated = 0;
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&info);
        if (image) gdImageDestroy(image);
        return NULL;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);

    unsigned int longest = info.image_width > info.image_height ? info.image_width : info.image_height;
    unsigned int denominator = 1;
    while (denominator < 8 && longest / (denominator * 2) >= (unsigned int)min_longest) denominator *= 2;
    info.scale_num = 1;
    info.scale_denom = denominator;
    int cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    info.out_color_space = cmyk ? JCS_CMYK : JCS_RGB;
    jpeg_start_decompress(&info);

    image = gdImageCreateTrueColor((int)info.output_width, (int)info.output_height);
    if (!image) {
        jpeg_destroy_decompress(&info);
        return NULL;
    }
    int components = info.output_components;
    JSAMPARRAY row = (*info.mem->alloc_sarray)((j_common_ptr)&info, JPOOL_IMAGE, info.output_width * components, 1);
    /* Adobe writes CMYK inverted; that is what nearly every CMYK JPEG out there is. */
    int inverted = cmyk && info.saw_Adobe_marker;
    while (info.output_scanline < info.output_height) {
        jpeg_read_scanlines(&info, row, 1);
        int *pixels = image->tpixels[info.output_scanline - 1];
        const JSAMPLE *p = row[0];
        for (unsigned int x = 0; x < info.output_width; x++, p += components) {
            if (components == 3) {
                pixels[x] = gdTrueColor(p[0], p[1], p[2]);
            } else if (components == 4) {
                int c = p[0], m = p[1], y = p[2], k = p[3];
                if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
                pixels[x] = gdTrueColor(c * k / 255, m * k / 255, y * k / 255);
            } else {
                pixels[x] = gdTrueColor(p[0], p[0], p[0]);
            }
        }
    }
    jpeg_finish_decompress(&info);
    *truncated = error.truncated;
    jpeg_destroy_decompress(&info);
    return image;
}

gdImagePtr hearth_orient(gdImagePtr source, int orientation) {
    int width = gdImageSX(source), height = gdImageSY(source);
    int swaps = orientation >= 5 && orientation <= 8;
    int out_width = swaps ? height : width, out_height = swaps ? width : height;
    gdImagePtr result = gdImageCreateTrueColor(out_width, out_height);
    if (!result) return NULL;
    gdImageAlphaBlending(result, 0);
    gdImageSaveAlpha(result, 1);
    for (int y = 0; y < height; y++) {
        const int *row = source->tpixels[y];
        for (int x = 0; x < width; x++) {
            int nx, ny;
            switch (orientation) {
            case 2: nx = width - 1 - x; ny = y; break;                 /* mirrored */
            case 3: nx = width - 1 - x; ny = height - 1 - y; break;    /* upside down */
            case 4: nx = x; ny = height - 1 - y; break;                /* mirrored, upside down */
            case 5: nx = y; ny = x; break;                             /* transposed */
            case 6: nx = height - 1 - y; ny = x; break;                /* turned 90° clockwise */
            case 7: nx = height - 1 - y; ny = width - 1 - x; break;    /* transversed */
            case 8: nx = y; ny = width - 1 - x; break;                 /* turned 90° anticlockwise */
            default: nx = x; ny = y; break;
            }
            result->tpixels[ny][nx] = row[x];
        }
    }
    return result;
}

void hearth_flatten_on_white(gdImagePtr image) {
    /* In place: a second full-size copy would double the memory of a 50-megapixel PNG. */
    int width = gdImageSX(image), height = gdImageSY(image);
    for (int y = 0; y < height; y++) {
        int *row = image->tpixels[y];
        for (int x = 0; x < width; x++) {
            int pixel = row[x], alpha = gdTrueColorGetAlpha(pixel);
            if (alpha == 0) continue;
            int opaque = gdAlphaMax - alpha, white = 255 * alpha;
            row[x] = gdTrueColor((gdTrueColorGetRed(pixel) * opaque + white) / gdAlphaMax,
                                 (gdTrueColorGetGreen(pixel) * opaque + white) / gdAlphaMax,
                                 (gdTrueColorGetBlue(pixel) * opaque + white) / gdAlphaMax);
        }
    }
    gdImageSaveAlpha(image, 0);
}

static void hearth_gd_silent(int priority, const char *format, va_list arguments) {
    (void)priority; (void)format; (void)arguments;
}

void hearth_silence_gd_warnings(void) {
    gdSetErrorMethod(hearth_gd_silent);
}

#include <malloc.h>

void hearth_release_free_memory(void) {
#ifdef __GLIBC__
    malloc_trim(0);
#endif
}
