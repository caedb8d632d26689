// libxml2's push parser and SAX2 callbacks, for BodiiImport's streaming Apple Health reader.
// The include path comes from pkg-config (libxml-2.0: -I/usr/include/libxml2).
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, and encoding.h then includes the system's ICU headers, which
// clash with the ICU Foundation bundles (the same enum defined twice). Nothing here uses libxml2's
// ICU converters; the struct that would hold one is only ever handled through pointers.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
