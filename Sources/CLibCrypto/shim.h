// OpenSSL's libcrypto: HMAC-SHA256 for signed URLs, SHA-256 for ETags, and a constant-time compare.
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
