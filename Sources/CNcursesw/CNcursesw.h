#ifndef CNCURSESW_H
#define CNCURSESW_H

// Wide-character curses for Swift. These two defines must come before the include, or cchar_t,
// get_wch and friends stay invisible (see LINUX-NOTES.md).
#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <wchar.h>
#include <signal.h>
#include <unistd.h>
#include <ncursesw/ncurses.h>
#include <langinfo.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

// Globals and macros Swift 6 cannot touch directly, wrapped as functions.
static inline WINDOW *bodii_stdscr(void) { return stdscr; }
static inline int bodii_lines(void) { return LINES; }
static inline int bodii_cols(void) { return COLS; }
static inline int bodii_colors(void) { return COLORS; }
static inline int bodii_color_pairs(void) { return COLOR_PAIRS; }
static inline int bodii_maxy(WINDOW *w) { return getmaxy(w); }
static inline int bodii_maxx(WINDOW *w) { return getmaxx(w); }

static const attr_t bodii_A_NORMAL = A_NORMAL;
static const attr_t bodii_A_BOLD = A_BOLD;
static const attr_t bodii_A_DIM = A_DIM;
static const attr_t bodii_A_UNDERLINE = A_UNDERLINE;
static const attr_t bodii_A_REVERSE = A_REVERSE;

extern int wcwidth(wchar_t);

// 1 when the locale set by setlocale() encodes text as UTF-8.
static inline int bodii_locale_is_utf8(void) {
    const char *cs = nl_langinfo(CODESET);
    return cs && (strcasecmp(cs, "UTF-8") == 0 || strcasecmp(cs, "UTF8") == 0);
}

// newterm instead of initscr: initscr exits the process on an unknown TERM; this returns NULL.
static inline int bodii_start_screen(void) {
    SCREEN *s = newterm(NULL, stdout, stdin);
    if (!s) return 0;
    set_term(s);
    return 1;
}

// Signal handling: a C handler only sets a flag (async-signal-safe); the loop sees it and
// restores the terminal on the main thread.
static volatile sig_atomic_t bodii_pending_signal = 0;
static inline void bodii_signal_handler(int sig) { bodii_pending_signal = sig; }
static inline void bodii_install_signal_handlers(void) {
    struct sigaction sa;
    sa.sa_handler = bodii_signal_handler;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0; // no SA_RESTART: a blocking read returns so the loop can react
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGQUIT, &sa, NULL);
}
static inline int bodii_take_pending_signal(void) {
    int s = bodii_pending_signal;
    bodii_pending_signal = 0;
    return s;
}

#endif
