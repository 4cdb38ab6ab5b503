/* Writes a photo-like test image of WIDTH x HEIGHT in FORMAT (jpeg png webp gif avif heic)
   with libgd, for measuring the server's memory on the largest photo it accepts.
   cc -O2 make_photo.c -lgd -o make_photo && ./make_photo avif 8660 5773 out.avif [NOISE]
   NOISE (0-16, default 16) is how much grain to add: less makes a smaller file. */
#include <gd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc != 5 && argc != 6) { fprintf(stderr, "usage: %s FORMAT WIDTH HEIGHT FILE [NOISE]\n", argv[0]); return 2; }
    int width = atoi(argv[2]), height = atoi(argv[3]), grain = argc == 6 ? atoi(argv[5]) : 16;
    if (grain < 1) grain = 1;
    gdImagePtr image = gdImageCreateTrueColor(width, height);
    if (!image) { fprintf(stderr, "cannot allocate %dx%d\n", width, height); return 1; }
    /* Smooth gradients with a little noise: compresses like a photo, not like a flat fill. */
    unsigned int seed = 42;
    for (int y = 0; y < height; y++) {
        int *row = image->tpixels[y];
        for (int x = 0; x < width; x++) {
            seed = seed * 1103515245u + 12345u;
            int noise = (int)((seed >> 16) % (unsigned)grain) - grain / 2;
            int r = (x * 255 / width + noise) & 255, g = (y * 255 / height + noise) & 255, b = ((x + y) * 127 / (width + height) + 64 + noise) & 255;
            row[x] = gdTrueColor(r, g, b);
        }
    }
    FILE *out = fopen(argv[4], "wb");
    if (!out) { perror(argv[4]); return 1; }
    const char *format = argv[1];
    if (!strcmp(format, "jpeg")) gdImageJpeg(image, out, 85);
    else if (!strcmp(format, "png")) gdImagePngEx(image, out, 1);
    else if (!strcmp(format, "webp")) gdImageWebpEx(image, out, 80);
    else if (!strcmp(format, "gif")) gdImageGif(image, out);
    else if (!strcmp(format, "avif")) gdImageAvifEx(image, out, 50, 10);
    else if (!strcmp(format, "heic")) gdImageHeifEx(image, out, 50, GD_HEIF_CODEC_HEVC, GD_HEIF_CHROMA_420);
    else { fprintf(stderr, "unknown format %s\n", format); return 2; }
    fclose(out);
    gdImageDestroy(image);
    return 0;
}
