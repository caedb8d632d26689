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
#include <ncursesw/term.h>
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
// `term` NULL means $TERM.
static inline int bodii_start_screen(const char *term) {
    SCREEN *s = newterm(term, stdout, stdin);
    if (!s) return 0;
    set_term(s);
    return 1;
}

// Whether terminfo knows `term` (NULL: $TERM), without touching the terminal.
static inline int bodii_terminfo_exists(const char *term) {
    int err = 0;
    TERMINAL *saved = cur_term;
    if (setupterm(term, 1, &err) != OK) return 0;
    del_curterm(cur_term);
    set_curterm(saved);
    return 1;
}

static inline int bodii_has_string(const char *name) {
    char *value = tigetstr(name);
    return value != NULL && value != (char *)-1;
}

// What $TERM lacks to draw Bodii's screen, or NULL when it has it all (or is unknown: newterm
// says so then). Cursor addressing is a must; a terminal that can neither hide the cursor nor
// show color is a hardware-era one (vt52, vt100) that cannot show Unicode screens either.
static inline const char *bodii_missing_capability(void) {
    int err = 0;
    if (setupterm(NULL, 1, &err) != OK) return NULL;
    const char *missing = NULL;
    if (tigetflag("hc") > 0 || tigetflag("gn") > 0 || !bodii_has_string("cup")) missing = "cursor addressing";
    else if (!bodii_has_string("civis") && tigetnum("colors") < 8) missing = "color or a way to hide the cursor";
    del_curterm(cur_term);
    return missing;
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
