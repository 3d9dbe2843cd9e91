// OpenSSL's libcrypto: HMAC-SHA256 for signed URLs, SHA-256 for ETags, and a constant-time compare.
// Not linked: Sources/Server/LibCrypto.swift opens it with dlopen and fills this table with dlsym.
// The members' types are the real headers' own (__typeof__), so a call through the table is
// checked as a direct call would be.
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

/// The libcrypto functions breakdown calls (each member is non-null once the table is made).
struct breakdown_crypto_functions {
    __typeof__(&CRYPTO_memcmp) _Nonnull memcmp;
    __typeof__(&EVP_sha256) _Nonnull sha256;
    __typeof__(&EVP_Digest) _Nonnull digest;
    __typeof__(&HMAC) _Nonnull hmac;
};
