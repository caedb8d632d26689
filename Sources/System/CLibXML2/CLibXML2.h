// libxml2's push parser and SAX2 interface, from its own headers (Debian: libxml2-dev; the
// include path and -lxml2 come from pkg-config's libxml-2.0).
#include <libxml/xmlversion.h>
// Foundation brings its own copy of ICU's declarations, which clash with the system's that
// libxml2's encoding.h would include; Bodii uses none of libxml2's ICU converters.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
