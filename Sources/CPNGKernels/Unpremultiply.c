// Cairo's premultiplied ARGB32 rows to straight RGBA bytes (see include/CPNGKernels.h).
#include "CPNGKernels.h"

#include <string.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

PNGKernelSet png_kernels_best(void) {
#if defined(__x86_64__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2")) return PNGKernelSetAVX2;
#endif
    return PNGKernelSetPortable;
}

static inline uint32_t load32(const uint8_t *p) { uint32_t v; memcpy(&v, p, 4); return v; }
static inline uint64_t load64(const uint8_t *p) { uint64_t v; memcpy(&v, p, 8); return v; }
static inline void store32(uint8_t *p, uint32_t v) { memcpy(p, &v, 4); }
static inline void store64(uint8_t *p, uint64_t v) { memcpy(p, &v, 8); }

/// One pixel (not transparent: the caller has skipped those it may skip).
static inline void convert_pixel(const uint8_t *source, uint8_t *destination, const uint8_t *table) {
    uint32_t pixel = load32(source);
    uint32_t alpha = pixel >> 24;
    uint32_t red = (pixel >> 16) & 0xFF, green = (pixel >> 8) & 0xFF, blue = pixel & 0xFF;
    uint32_t word;
    if (alpha == 0xFF) {
        word = red | green << 8 | blue << 16 | 0xFF000000u;
    } else if ((pixel & 0x00FFFFFF) == 0) {
        word = alpha << 24;  // black (antialiased text) or transparent: no division
    } else {
        const uint8_t *row = table + (alpha << 8);
        word = (uint32_t)row[red] | (uint32_t)row[green] << 8 | (uint32_t)row[blue] << 16 | alpha << 24;
    }
    // Byte order R, G, B, A on any host.
    uint8_t bytes[4] = {(uint8_t)word, (uint8_t)(word >> 8), (uint8_t)(word >> 16), (uint8_t)(word >> 24)};
    memcpy(destination, bytes, 4);
}

/// Four pixels that are not all transparent.
static inline void convert_group(const uint8_t *source, uint8_t *destination, const uint8_t *table) {
    uint64_t first = load64(source), second = load64(source + 8);
    const uint64_t alphas = 0xFF000000FF000000ull;
    if ((first & second & alphas) == alphas) {
        // Four opaque pixels: 0xFFRRGGBB → bytes R, G, B, 0xFF, two pixels a word (little-endian).
        const uint64_t greens = 0xFF00FF00FF00FF00ull, blues = 0x000000FF000000FFull;
        store64(destination, (first & greens) | ((first >> 16) & blues) | ((first & blues) << 16));
        store64(destination + 8, (second & greens) | ((second >> 16) & blues) | ((second & blues) << 16));
    } else {
        for (int i = 0; i < 16; i += 4) convert_pixel(source + i, destination + i, table);
    }
}

/// The plain version from pixel `x` on; `*start` and `*end` are updated.
static void unpremultiply_portable(
    const uint8_t *source, uint8_t *destination, ptrdiff_t x, ptrdiff_t width, const uint8_t *table,
    ptrdiff_t *start, ptrdiff_t *end) {
    for (; x + 4 <= width; x += 4) {
        const uint8_t *from = source + x * 4;
        if ((load64(from) | load64(from + 8)) == 0) continue;  // transparent: left as it is
        if (*start < 0) *start = x * 4;
        *end = (x + 4) * 4;
        convert_group(from, destination + x * 4, table);
    }
    for (; x < width; x++) {
        // The last, shorter group: every pixel is written (zeros too).
        if (load32(source + x * 4) != 0) {
            if (*start < 0) *start = x * 4;
            *end = (x + 1) * 4;
        }
        convert_pixel(source + x * 4, destination + x * 4, table);
    }
}

#if defined(__x86_64__)
/// Eight pixels at a time: a transparent eight is one test; the others one byte shuffle, and the
/// table only for pixels with both colour and partial alpha.
__attribute__((target("avx2")))
static void unpremultiply_avx2(
    const uint8_t *source, uint8_t *destination, ptrdiff_t width, const uint8_t *table,
    ptrdiff_t *start, ptrdiff_t *end) {
    const __m256i alphas = _mm256_set1_epi32((int)0xFF000000u);
    // Per pixel, bytes B G R A → R G B A.
    const __m256i swap = _mm256_setr_epi8(
        2, 1, 0, 3, 6, 5, 4, 7, 10, 9, 8, 11, 14, 13, 12, 15,
        2, 1, 0, 3, 6, 5, 4, 7, 10, 9, 8, 11, 14, 13, 12, 15);
    ptrdiff_t x = 0;
    for (; x + 8 <= width; x += 8) {
        const uint8_t *from = source + x * 4;
        __m256i pixels = _mm256_loadu_si256((const __m256i *)from);
        if (_mm256_testz_si256(pixels, pixels)) continue;  // eight transparent: left as they are
        __m128i low = _mm256_castsi256_si128(pixels), high = _mm256_extracti128_si256(pixels, 1);
        int lowKept = !_mm_testz_si128(low, low), highKept = !_mm_testz_si128(high, high);
        if (*start < 0) *start = lowKept ? x * 4 : (x + 4) * 4;
        *end = highKept ? (x + 8) * 4 : (x + 4) * 4;
        // An opaque pixel, and one whose colour channels are all zero (transparent, or the black
        // of antialiased text), only has its bytes reordered: all eight are, and then the others
        // (colour and partial alpha: the badge's and the icon's edges) are worked out one by one.
        _mm256_storeu_si256((__m256i *)(destination + x * 4), _mm256_shuffle_epi8(pixels, swap));
        __m256i opaque = _mm256_cmpeq_epi32(_mm256_and_si256(pixels, alphas), alphas);
        __m256i colourless = _mm256_cmpeq_epi32(_mm256_andnot_si256(alphas, pixels), _mm256_setzero_si256());
        unsigned others = ~(unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_or_si256(opaque, colourless))) & 0xFF;
        while (others) {
            int lane = __builtin_ctz(others);
            others &= others - 1;
            convert_pixel(from + lane * 4, destination + x * 4 + lane * 4, table);
        }
    }
    unpremultiply_portable(source, destination, x, width, table, start, end);
}
#endif

void png_unpremultiply_row(
    const void *source, void *destination, ptrdiff_t width, const uint8_t *table,
    PNGKernelSet set, ptrdiff_t *kept_start, ptrdiff_t *kept_end) {
    ptrdiff_t start = -1, end = 0;
#if defined(__x86_64__)
    if (set == PNGKernelSetAVX2) {
        unpremultiply_avx2(source, destination, width, table, &start, &end);
    } else
#endif
    {
        (void)set;
        unpremultiply_portable(source, destination, 0, width, table, &start, &end);
    }
    *kept_start = start < 0 ? 0 : start;
    *kept_end = start < 0 ? 0 : end;
}
