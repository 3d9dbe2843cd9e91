// libdeflate compresses PNG image data and computes its CRC-32 checksums.
#include <libdeflate.h>
