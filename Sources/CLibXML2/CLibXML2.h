// The part of libxml2's C interface BodiiImport's streaming Apple Health reader uses, declared here
// rather than taken from <libxml/parser.h>.
//
// Why not the real headers: they come through pkg-config (libxml-2.0), and SwiftPM then also links
// -lxml2, which makes libxml2 (and the ICU and lzma libraries it needs) load at every start of every
// command: about 1.5 ms of each `bodii` process. The functions are opened with dlopen when an export
// is first read (LibXML2.swift), so only these types and constants are needed at build time, and a
// hard-coded include path would build only where Debian puts the headers.
//
// The layouts are libxml2's public ABI (soname libxml2.so.2, unchanged from 2.9 to 2.13): the SAX
// handler as SAX2 reads it (XML_SAX2_MAGIC), the error record, and the parser context's leading fields.
#ifndef BODII_CLIBXML2_H
#define BODII_CLIBXML2_H

typedef unsigned char xmlChar;

/// The error record libxml2 keeps for a context (xmlerror.h, struct _xmlError).
typedef struct _xmlError {
    int domain;
    int code;
    char *message;
    int level;
    char *file;
    int line;
    char *str1;
    char *str2;
    char *str3;
    int int1;
    int int2;
    void *ctxt;
    void *node;
} xmlError;
typedef xmlError *xmlErrorPtr;

/// The parser context's first fields (parser.h, struct _xmlParserCtxt). libxml2 allocates and frees
/// contexts; Bodii only reads `wellFormed` through the pointer, so the rest of the struct is left out.
typedef struct _xmlParserCtxt {
    void *sax;
    void *userData;
    void *myDoc;
    int wellFormed;
} xmlParserCtxt;
typedef xmlParserCtxt *xmlParserCtxtPtr;

typedef void (*entityDeclSAXFunc)(void *ctx, const xmlChar *name, int type, const xmlChar *publicId,
                                  const xmlChar *systemId, xmlChar *content);
typedef void (*startElementNsSAX2Func)(void *ctx, const xmlChar *localname, const xmlChar *prefix,
                                       const xmlChar *URI, int nb_namespaces, const xmlChar **namespaces,
                                       int nb_attributes, int nb_defaulted, const xmlChar **attributes);
typedef void (*endElementNsSAX2Func)(void *ctx, const xmlChar *localname, const xmlChar *prefix,
                                     const xmlChar *URI);
typedef void (*xmlStructuredErrorFunc)(void *userData, xmlErrorPtr error);

/// The SAX handler (parser.h, struct _xmlSAXHandler), whole: Bodii allocates it and libxml2 reads
/// every field. Callbacks Bodii leaves unset are plain pointers here (all are function pointers).
typedef struct _xmlSAXHandler {
    void *internalSubset;
    void *isStandalone;
    void *hasInternalSubset;
    void *hasExternalSubset;
    void *resolveEntity;
    void *getEntity;
    entityDeclSAXFunc entityDecl;
    void *notationDecl;
    void *attributeDecl;
    void *elementDecl;
    void *unparsedEntityDecl;
    void *setDocumentLocator;
    void *startDocument;
    void *endDocument;
    void *startElement;
    void *endElement;
    void *reference;
    void *characters;
    void *ignorableWhitespace;
    void *processingInstruction;
    void *comment;
    void *warning;
    void *error;
    void *fatalError;
    void *getParameterEntity;
    void *cdataBlock;
    void *externalSubset;
    unsigned int initialized;
    void *_private;
    startElementNsSAX2Func startElementNs;
    endElementNsSAX2Func endElementNs;
    xmlStructuredErrorFunc serror;
} xmlSAXHandler;
typedef xmlSAXHandler *xmlSAXHandlerPtr;

/// `initialized` value that makes libxml2 use the SAX2 callbacks above.
#define XML_SAX2_MAGIC 0xDEEDBEAF

/// The parser options Bodii sets (parser.h, enum xmlParserOption).
typedef enum {
    XML_PARSE_NOENT = 1 << 1,
    XML_PARSE_NONET = 1 << 11,
    XML_PARSE_NOCDATA = 1 << 14
} xmlParserOption;

#endif
