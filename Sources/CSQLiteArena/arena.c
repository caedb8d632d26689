#include "CSQLiteArena.h"

#include <sqlite3.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// Each block has an 8-byte header: its size, with ARENA set for a block of the arena. Arena blocks
// go back to their size's free list, never to the system; a system block (over LARGE, or once the
// arena is full) is freed as usual.
// SQLite may call from several threads (GRDB runs each connection on its own queue): a spin lock
// guards the bump, which is a few instructions.
enum { HEADER = 8, CHUNK = 1 << 20, MAX_CHUNKS = 64, LARGE = CHUNK / 4 };
#define ARENA ((int64_t)1 << 62)

static char *chunk;           // the chunk blocks come from
static size_t chunk_used = CHUNK;  // none yet
static int chunk_count;
static int busy;

static int rounded(int n) { return (n + 7) & ~7; }

// Arena blocks come in sizes 16, 24, 32, 48, 64, 96 … (two per power of two), and a freed one
// waits on its size's list for the next request of that size: memory SQLite frees and asks again
// (a statement's parser, its program) is reused, as the system allocator would, instead of
// touching new pages. Two sizes per power of two waste half what powers of two alone did: most
// of what SQLite asks for is the schema, which stays, and every page it spans is a page fault.
enum { CLASSES = 29 };  // 16 bytes … 256 KB
static void *free_lists[CLASSES];

static int class_size(int c) { return (c & 1 ? 24 : 16) << (c >> 1); }

static int size_class(int size) {
    int c = 0;
    while (class_size(c) < size) c++;
    return c;
}

static void *system_block(int size) {
    char *block = malloc((size_t)size + HEADER);
    if (!block) return NULL;
    *(int64_t *)block = size;
    return block + HEADER;
}

static void *arena_malloc(int n) {
    if (n <= 0) return NULL;
    if (rounded(n) > LARGE) return system_block(rounded(n));
    int c = size_class(n);
    int size = class_size(c);
    while (__atomic_exchange_n(&busy, 1, __ATOMIC_ACQUIRE)) {}
    void *reused = free_lists[c];
    if (reused) {
        free_lists[c] = *(void **)reused;
        __atomic_store_n(&busy, 0, __ATOMIC_RELEASE);
        return reused;
    }
    if (chunk_used + HEADER + (size_t)size > CHUNK) {
        char *next = chunk_count < MAX_CHUNKS ? malloc(CHUNK) : NULL;
        if (!next) {
            __atomic_store_n(&busy, 0, __ATOMIC_RELEASE);
            return system_block(size);
        }
        chunk = next;
        chunk_count++;
        chunk_used = 0;
    }
    char *block = chunk + chunk_used;
    chunk_used += HEADER + (size_t)size;
    __atomic_store_n(&busy, 0, __ATOMIC_RELEASE);
    *(int64_t *)block = size | ARENA;
    return block + HEADER;
}

static int64_t header(void *p) { return *(int64_t *)((char *)p - HEADER); }

static int arena_size(void *p);

static void arena_free(void *p) {
    if (!p) return;
    if (!(header(p) & ARENA)) {
        free((char *)p - HEADER);
        return;
    }
    int c = size_class(arena_size(p));
    while (__atomic_exchange_n(&busy, 1, __ATOMIC_ACQUIRE)) {}
    *(void **)p = free_lists[c];
    free_lists[c] = p;
    __atomic_store_n(&busy, 0, __ATOMIC_RELEASE);
}

static int arena_size(void *p) { return p ? (int)(header(p) & ~ARENA) : 0; }

static void *arena_realloc(void *p, int n) {
    if (!p) return arena_malloc(n);
    if (!(header(p) & ARENA)) {
        int size = rounded(n);
        char *grown = realloc((char *)p - HEADER, (size_t)size + HEADER);
        if (!grown) return NULL;
        *(int64_t *)grown = size;
        return grown + HEADER;
    }
    int old = arena_size(p);
    if (n > 0 && n <= old && size_class(n) == size_class(old)) return p;  // still its size's block
    void *moved = arena_malloc(n);
    if (!moved) return NULL;
    memcpy(moved, p, (size_t)(old < n ? old : n));
    arena_free(p);
    return moved;
}

static int arena_roundup(int n) { return rounded(n); }
static int arena_init(void *unused) { (void)unused; return SQLITE_OK; }
static void arena_shutdown(void *unused) { (void)unused; }

int bodii_sqlite3_use_arena(void) {
    static const sqlite3_mem_methods methods = {
        arena_malloc, arena_free, arena_realloc, arena_size, arena_roundup, arena_init, arena_shutdown, NULL,
    };
    int status = sqlite3_config(SQLITE_CONFIG_MALLOC, &methods);
    // No page-cache slab: each cache would otherwise take room for 20 pages at once (87 KB, one
    // per connection and one per temporary database) and touch every one of them to link its free
    // list, where a one-shot read copies a handful of pages (the file is read through its map).
    if (status == SQLITE_OK) status = sqlite3_config(SQLITE_CONFIG_PAGECACHE, (void *)0, 0, 0);
    return status;
}
