// Fleet configs (issue 48): Ed25519 signatures, SHA-256 and base64 through OpenSSL's libcrypto,
// which libmosquitto and libwebsockets already bring to the panel. Keys are PEM files, as
// `openssl genpkey -algorithm ed25519` and `openssl pkey -pubout` write them.
#include "CLinux.h"

#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>

/// The reason OpenSSL gave last, or `fallback`; clears OpenSSL's error queue.
static void tp_crypto_reason(char *message, size_t capacity, const char *fallback) {
    unsigned long code = ERR_get_error();
    if (code != 0) {
        char reason[200];
        ERR_error_string_n(code, reason, sizeof reason);
        snprintf(message, capacity, "%s (%s)", fallback, reason);
    } else {
        snprintf(message, capacity, "%s", fallback);
    }
    ERR_clear_error();
}

/// Reads a PEM key from memory: public when `private_key` is 0. NULL when it is no Ed25519 key.
static EVP_PKEY *tp_crypto_key(const void *pem, size_t pem_count, int private_key, char *message, size_t capacity) {
    BIO *bio = BIO_new_mem_buf(pem, (int)pem_count);
    if (bio == NULL) {
        tp_crypto_reason(message, capacity, "out of memory");
        return NULL;
    }
    EVP_PKEY *key = private_key ? PEM_read_bio_PrivateKey(bio, NULL, NULL, NULL) : PEM_read_bio_PUBKEY(bio, NULL, NULL, NULL);
    BIO_free(bio);
    if (key == NULL) {
        tp_crypto_reason(message, capacity, private_key ? "not a PEM private key" : "not a PEM public key");
        return NULL;
    }
    if (EVP_PKEY_get_id(key) != EVP_PKEY_ED25519) {
        EVP_PKEY_free(key);
        snprintf(message, capacity, "not an Ed25519 key");
        return NULL;
    }
    return key;
}

int tp_ed25519_check_key(const void *pem, size_t pem_count, int private_key, char *message, size_t capacity) {
    EVP_PKEY *key = tp_crypto_key(pem, pem_count, private_key, message, capacity);
    if (key == NULL) return -1;
    EVP_PKEY_free(key);
    return 0;
}

int tp_ed25519_verify(const void *pem, size_t pem_count, const void *data, size_t data_count, const uint8_t *signature,
                      size_t signature_count, char *message, size_t capacity) {
    EVP_PKEY *key = tp_crypto_key(pem, pem_count, 0, message, capacity);
    if (key == NULL) return -1;
    EVP_MD_CTX *context = EVP_MD_CTX_new();
    int result = -1;
    if (context == NULL) {
        tp_crypto_reason(message, capacity, "out of memory");
    } else if (EVP_DigestVerifyInit(context, NULL, NULL, NULL, key) != 1) {
        tp_crypto_reason(message, capacity, "cannot verify with the key");
    } else if (EVP_DigestVerify(context, signature, signature_count, data, data_count) == 1) {
        result = 0;
    } else {
        ERR_clear_error();
        snprintf(message, capacity, "the signature does not match the trusted key");
        result = 1;
    }
    EVP_MD_CTX_free(context);
    EVP_PKEY_free(key);
    return result;
}

int tp_ed25519_sign(const void *pem, size_t pem_count, const void *data, size_t data_count, uint8_t signature[64], char *message,
                    size_t capacity) {
    EVP_PKEY *key = tp_crypto_key(pem, pem_count, 1, message, capacity);
    if (key == NULL) return -1;
    EVP_MD_CTX *context = EVP_MD_CTX_new();
    size_t length = 64;
    int result = -1;
    if (context == NULL) {
        tp_crypto_reason(message, capacity, "out of memory");
    } else if (EVP_DigestSignInit(context, NULL, NULL, NULL, key) != 1 ||
               EVP_DigestSign(context, signature, &length, data, data_count) != 1 || length != 64) {
        tp_crypto_reason(message, capacity, "cannot sign with the key");
    } else {
        result = 0;
    }
    EVP_MD_CTX_free(context);
    EVP_PKEY_free(key);
    return result;
}

int tp_sha256(const void *data, size_t count, uint8_t digest[32]) {
    unsigned int length = 0;
    if (EVP_Digest(data, count, digest, &length, EVP_sha256(), NULL) != 1 || length != 32) {
        ERR_clear_error();
        return -1;
    }
    return 0;
}
