// The PNG encoder's inner loops, in C for the CPU's vector instructions (issue 36). Each kernel
// has a plain C version, which runs everywhere, and an AVX2 one; the caller says which to run
// (`PNGKernelSet`), so the choice is made once per encoder from the CPU, and the tests run both
// on the same pixels and require the same bytes.
#ifndef BREAKDOWN_PNG_KERNELS_H
#define BREAKDOWN_PNG_KERNELS_H

#include <stddef.h>
#include <stdint.h>

/// Which version of a kernel runs.
typedef enum {
    /// Plain C: every x86-64 and AArch64 machine.
    PNGKernelSetPortable = 0,
    /// 32 bytes at a time with AVX2 (x86-64 only; `png_kernels_best` says whether this CPU has it).
    PNGKernelSetAVX2 = 1,
} PNGKernelSet;

/// The fastest set this CPU runs.
PNGKernelSet png_kernels_best(void);

/// Converts one row of `width` native-endian 0xAARRGGBB premultiplied pixels (Cairo's ARGB32)
/// into straight RGBA bytes, with Cairo's PNG writer's arithmetic: `table[alpha << 8 | channel]`
/// (65,536 bytes) is a channel's straight value.
///
/// Fully transparent pixels are not written: where the source holds a group of four transparent
/// pixels (x = 0, 4, 8, … while 4 remain), the destination's bytes are left as they are, so they
/// must already be zero. Every other pixel is written.
///
/// Returns, through `kept_start` and `kept_end`, the byte range of the row that may hold non-zero
/// bytes: from the first group of four pixels that is not all transparent (or the first non-zero
/// pixel of the last, shorter group) to the end of the last; 0..0 for a transparent row.
void png_unpremultiply_row(
    const void *source, void *destination, ptrdiff_t width, const uint8_t *table,
    PNGKernelSet set, ptrdiff_t *kept_start, ptrdiff_t *kept_end);

/// `png_unpremultiply_row`, and also: `*sum` is the sum of the bytes written to the destination,
/// `*weighted` the sum of each written byte times its offset in the row (both over the bytes
/// written: the transparent groups left unwritten are zeros, adding nothing), for the row's part
/// of an Adler-32 without reading the row again. With `clear_source`, each source group found not
/// all transparent is set to zero once read, so the whole row of the source is zero after it.
/// Rows of at most 2^20 bytes (262,144 pixels; Cairo draws at most 32,767): the sums
/// cannot overflow.
void png_unpremultiply_row_summed(
    void *source, void *destination, ptrdiff_t width, const uint8_t *table,
    PNGKernelSet set, int clear_source, ptrdiff_t *kept_start, ptrdiff_t *kept_end, uint64_t *sum, uint64_t *weighted);

/// Asks the CPU to bring the cache line at `address` in ahead of a load (no effect on results).
static inline void png_prefetch(const void *address) { __builtin_prefetch(address); }

#endif
