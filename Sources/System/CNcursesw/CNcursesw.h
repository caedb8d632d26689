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
#include <termios.h>

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

// A crash (issue 23 #8): a fatal signal restores the terminal before anything else, so a trap
// in the full-screen app leaves the shell in the normal screen and cooked mode. All the handler
// does is async-signal-safe: write(2) the bytes saved while curses was set up (attributes off,
// cursor on, keypad off, leave the alternate screen) and tcsetattr(3) the termios saved before
// curses touched it; then it calls whoever had the signal before (the Swift runtime's
// backtracer prints its report on the restored screen) and re-raises it with the default
// action, so the exit status and the core dump stay those of the signal.
static const int bodii_fatal_signals[] = { SIGSEGV, SIGILL, SIGBUS, SIGFPE, SIGABRT, SIGTRAP };
enum { bodii_fatal_signal_count = sizeof(bodii_fatal_signals) / sizeof(bodii_fatal_signals[0]) };
// The state the handler reads, in one function-local static (Swift emits the storage of a
// header's static inline functions, not of its file-scope aggregates).
struct bodii_crash_state {
    struct sigaction previous[bodii_fatal_signal_count];
    struct termios termios;
    int termios_valid;
    int installed;
    size_t length;
    char bytes[512];
};
static inline struct bodii_crash_state *bodii_crash(void) {
    static struct bodii_crash_state state;
    return &state;
}

// Before curses starts: the terminal as the shell left it.
static inline void bodii_save_terminal_modes(void) {
    bodii_crash()->termios_valid = tcgetattr(STDIN_FILENO, &bodii_crash()->termios) == 0;
}

static inline void bodii_append_capability(const char *name) {
    char *value = tigetstr(name);
    if (value == NULL || value == (char *)-1) return;
    size_t n = strlen(value);
    if (bodii_crash()->length + n > sizeof(bodii_crash()->bytes)) return;
    memcpy(bodii_crash()->bytes + bodii_crash()->length, value, n);
    bodii_crash()->length += n;
}

static inline void bodii_fatal_handler(int sig, siginfo_t *info, void *context) {
    if (bodii_crash()->length > 0) {
        ssize_t ignored = write(STDOUT_FILENO, bodii_crash()->bytes, bodii_crash()->length);
        (void)ignored;
    }
    if (bodii_crash()->termios_valid) tcsetattr(STDIN_FILENO, TCSANOW, &bodii_crash()->termios);
    // The previous handler (the Swift runtime's backtracer) reports on the restored screen…
    for (int i = 0; i < bodii_fatal_signal_count; i++) {
        if (bodii_fatal_signals[i] != sig) continue;
        struct sigaction previous = bodii_crash()->previous[i];
        if (previous.sa_flags & SA_SIGINFO) {
            if (previous.sa_sigaction) previous.sa_sigaction(sig, info, context);
        } else if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN) {
            previous.sa_handler(sig);
        }
    }
    // …then the default action ends the process by this signal: blocked while the handler runs,
    // it is delivered as the handler returns (a fault that returned would fault again anyway).
    struct sigaction fallback;
    memset(&fallback, 0, sizeof(fallback));
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    sigaction(sig, &fallback, NULL);
    raise(sig);
}

// After curses is set up (the terminfo strings are known).
static inline void bodii_install_fatal_handlers(void) {
    bodii_crash()->length = 0;
    bodii_append_capability("sgr0");
    bodii_append_capability("cnorm");
    bodii_append_capability("rmkx");
    bodii_append_capability("rmcup");
    struct sigaction sa;
    memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = bodii_fatal_handler;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK; // a stack overflow still runs it when the runtime set an alternate stack
    for (int i = 0; i < bodii_fatal_signal_count; i++) sigaction(bodii_fatal_signals[i], &sa, &bodii_crash()->previous[i]);
    bodii_crash()->installed = 1;
}

// When the terminal is given back normally: crashes from then on need no restoring.
static inline void bodii_remove_fatal_handlers(void) {
    if (!bodii_crash()->installed) return;
    for (int i = 0; i < bodii_fatal_signal_count; i++) sigaction(bodii_fatal_signals[i], &bodii_crash()->previous[i], NULL);
    bodii_crash()->installed = 0;
}

#endif
