// libsodium (Debian: libsodium-dev) for BodiiSync's end-to-end encryption of sync files.
#include <sodium.h>
