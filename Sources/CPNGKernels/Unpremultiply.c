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

/// What a row's conversion adds up besides its bytes (`png_unpremultiply_row_summed`).
typedef struct {
    /// Zero the source's pixels once read (those not already zero).
    int clear_source;
    /// The sum of the destination's bytes, and of each times its offset in the row.
    uint64_t sum, weighted;
} RowExtras;

/// Adds `count` bytes written at offset `offset` of the row to `extras`' sums.
static inline void add_bytes(RowExtras *extras, const uint8_t *bytes, ptrdiff_t offset, ptrdiff_t count) {
    uint64_t sum = 0, weighted = 0;
    for (ptrdiff_t i = 0; i < count; i++) {
        sum += bytes[i];
        weighted += (uint64_t)i * bytes[i];
    }
    extras->sum += sum;
    extras->weighted += weighted + (uint64_t)offset * sum;
}

/// The plain version from pixel `x` on; `*start` and `*end` are updated.
static void unpremultiply_portable(
    uint8_t *source, uint8_t *destination, ptrdiff_t x, ptrdiff_t width, const uint8_t *table,
    ptrdiff_t *start, ptrdiff_t *end, RowExtras *extras) {
    for (; x + 4 <= width; x += 4) {
        uint8_t *from = source + x * 4;
        if ((load64(from) | load64(from + 8)) == 0) continue;  // transparent: left as it is
        if (*start < 0) *start = x * 4;
        *end = (x + 4) * 4;
        convert_group(from, destination + x * 4, table);
        if (extras) {
            add_bytes(extras, destination + x * 4, x * 4, 16);
            if (extras->clear_source) memset(from, 0, 16);
        }
    }
    for (; x < width; x++) {
        // The last, shorter group: every pixel is written (zeros too).
        if (load32(source + x * 4) != 0) {
            if (*start < 0) *start = x * 4;
            *end = (x + 1) * 4;
        }
        convert_pixel(source + x * 4, destination + x * 4, table);
        if (extras) {
            add_bytes(extras, destination + x * 4, x * 4, 4);
            if (extras->clear_source) memset(source + x * 4, 0, 4);
        }
    }
}

#if defined(__x86_64__)
/// Eight pixels at a time: a transparent eight is one test; the others one byte shuffle, and the
/// table only for pixels with both colour and partial alpha. With `extras`, each written eight's
/// bytes are summed (`_mm256_sad_epu8`) and weighted by their offset in the group
/// (`_mm256_maddubs_epi16` by 0…31), the group's offset times its sum added in 64 bits.
__attribute__((target("avx2")))
static void unpremultiply_avx2(
    uint8_t *source, uint8_t *destination, ptrdiff_t width, const uint8_t *table,
    ptrdiff_t *start, ptrdiff_t *end, RowExtras *extras) {
    const __m256i alphas = _mm256_set1_epi32((int)0xFF000000u);
    // Per pixel, bytes B G R A → R G B A.
    const __m256i swap = _mm256_setr_epi8(
        2, 1, 0, 3, 6, 5, 4, 7, 10, 9, 8, 11, 14, 13, 12, 15,
        2, 1, 0, 3, 6, 5, 4, 7, 10, 9, 8, 11, 14, 13, 12, 15);
    const __m256i offsets = _mm256_setr_epi8(
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
        16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
    const __m256i ones = _mm256_set1_epi16(1), zero = _mm256_setzero_si256();
    // Sums in 64-bit lanes; the weights within groups in 32-bit lanes: at most 31,110 a group
    // each, and a row of at most 2^20 bytes has at most 32,768 groups, so no lane overflows.
    __m256i sums = zero, placed = zero, within = zero;
    const int clear = extras && extras->clear_source;
    ptrdiff_t x = 0;
    for (; x + 8 <= width; x += 8) {
        uint8_t *from = source + x * 4;
        __m256i pixels = _mm256_loadu_si256((const __m256i *)from);
        if (_mm256_testz_si256(pixels, pixels)) continue;  // eight transparent: left as they are
        __m128i low = _mm256_castsi256_si128(pixels), high = _mm256_extracti128_si256(pixels, 1);
        int lowKept = !_mm_testz_si128(low, low), highKept = !_mm_testz_si128(high, high);
        if (*start < 0) *start = lowKept ? x * 4 : (x + 4) * 4;
        *end = highKept ? (x + 8) * 4 : (x + 4) * 4;
        // An opaque pixel, and one whose colour channels are all zero (transparent, or the black
        // of antialiased text), only has its bytes reordered: all eight are, and then the others
        // (colour and partial alpha: the badge's and the icon's edges) are worked out one by one.
        __m256i written = _mm256_shuffle_epi8(pixels, swap);
        _mm256_storeu_si256((__m256i *)(destination + x * 4), written);
        __m256i opaque = _mm256_cmpeq_epi32(_mm256_and_si256(pixels, alphas), alphas);
        __m256i colourless = _mm256_cmpeq_epi32(_mm256_andnot_si256(alphas, pixels), _mm256_setzero_si256());
        unsigned others = ~(unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_or_si256(opaque, colourless))) & 0xFF;
        if (others) {
            while (others) {
                int lane = __builtin_ctz(others);
                others &= others - 1;
                convert_pixel(from + lane * 4, destination + x * 4 + lane * 4, table);
            }
            written = _mm256_loadu_si256((const __m256i *)(destination + x * 4));
        }
        if (extras) {
            __m256i sum = _mm256_sad_epu8(written, zero);
            sums = _mm256_add_epi64(sums, sum);
            placed = _mm256_add_epi64(placed, _mm256_mul_epu32(sum, _mm256_set1_epi64x(x * 4)));
            within = _mm256_add_epi32(within, _mm256_madd_epi16(_mm256_maddubs_epi16(written, offsets), ones));
            if (clear) _mm256_storeu_si256((__m256i *)from, zero);
        }
    }
    if (extras) {
        __m256i withinWide = _mm256_add_epi64(
            _mm256_cvtepu32_epi64(_mm256_castsi256_si128(within)), _mm256_cvtepu32_epi64(_mm256_extracti128_si256(within, 1)));
        uint64_t lanes[4];
        _mm256_storeu_si256((__m256i *)lanes, sums);
        extras->sum += lanes[0] + lanes[1] + lanes[2] + lanes[3];
        __m256i weighted = _mm256_add_epi64(placed, withinWide);
        _mm256_storeu_si256((__m256i *)lanes, weighted);
        extras->weighted += lanes[0] + lanes[1] + lanes[2] + lanes[3];
    }
    unpremultiply_portable(source, destination, x, width, table, start, end, extras);
}
#endif

static void unpremultiply(
    uint8_t *source, void *destination, ptrdiff_t width, const uint8_t *table,
    PNGKernelSet set, ptrdiff_t *kept_start, ptrdiff_t *kept_end, RowExtras *extras) {
    ptrdiff_t start = -1, end = 0;
#if defined(__x86_64__)
    if (set == PNGKernelSetAVX2) {
        unpremultiply_avx2(source, destination, width, table, &start, &end, extras);
    } else
#endif
    {
        (void)set;
        unpremultiply_portable(source, destination, 0, width, table, &start, &end, extras);
    }
    *kept_start = start < 0 ? 0 : start;
    *kept_end = start < 0 ? 0 : end;
}

void png_unpremultiply_row(
    const void *source, void *destination, ptrdiff_t width, const uint8_t *table,
    PNGKernelSet set, ptrdiff_t *kept_start, ptrdiff_t *kept_end) {
    // Without extras the source is only read.
    unpremultiply((uint8_t *)source, destination, width, table, set, kept_start, kept_end, NULL);
}

void png_unpremultiply_row_summed(
    void *source, void *destination, ptrdiff_t width, const uint8_t *table,
    PNGKernelSet set, int clear_source, ptrdiff_t *kept_start, ptrdiff_t *kept_end, uint64_t *sum, uint64_t *weighted) {
    RowExtras extras = {clear_source, 0, 0};
    unpremultiply((uint8_t *)source, destination, width, table, set, kept_start, kept_end, &extras);
    *sum = extras.sum;
    *weighted = extras.weighted;
}
