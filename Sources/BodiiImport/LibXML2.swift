internal import CLibXML2  // libxml2's types and constants; its functions are looked up when first needed
#if canImport(Glibc)
    import Glibc
#endif

/// libxml2's functions the streaming parser calls, opened when the first export is read. Every
/// other command starts without libxml2 and the ICU and lzma libraries it pulls in: loading them
/// was half a millisecond of each start (`bodii search`, the app's first frame).
struct LibXML2: @unchecked Sendable {  // function pointers into a library that stays loaded
    typealias Context = xmlParserCtxtPtr

    let initParser: @convention(c) () -> Void
    let createPushParserCtxt:
        @convention(c) (
            xmlSAXHandlerPtr?, UnsafeMutableRawPointer?, UnsafePointer<CChar>?, Int32,
            UnsafePointer<CChar>?
        ) -> Context?
    let ctxtUseOptions: @convention(c) (Context?, Int32) -> Int32
    let freeParserCtxt: @convention(c) (Context?) -> Void
    let parseChunk: @convention(c) (Context?, UnsafePointer<CChar>?, Int32, Int32) -> Int32
    let stopParser: @convention(c) (Context?) -> Void
    let ctxtGetLastError: @convention(c) (UnsafeMutableRawPointer?) -> xmlErrorPtr?

    /// The library as Debian's libxml2 package installs it.
    static let fileName = "libxml2.so.2"

    /// Loaded and initialised once per process; the failure names the library and why.
    static let shared: Result<LibXML2, XMLStreamError> = {
        guard let handle = dlopen(fileName, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "not found"
            return .failure(.libraryMissing(reason))
        }
        func symbol<T>(_ name: String, as type: T.Type) throws(XMLStreamError) -> T {
            guard let address = dlsym(handle, name) else { throw .libraryMissing("\(fileName) has no \(name)") }
            return unsafeBitCast(address, to: type)
        }
        do throws(XMLStreamError) {
            let library = LibXML2(
                initParser: try symbol("xmlInitParser", as: (@convention(c) () -> Void).self),
                createPushParserCtxt: try symbol(
                    "xmlCreatePushParserCtxt",
                    as: (@convention(c) (
                        xmlSAXHandlerPtr?, UnsafeMutableRawPointer?, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?
                    ) -> Context?).self),
                ctxtUseOptions: try symbol("xmlCtxtUseOptions", as: (@convention(c) (Context?, Int32) -> Int32).self),
                freeParserCtxt: try symbol("xmlFreeParserCtxt", as: (@convention(c) (Context?) -> Void).self),
                parseChunk: try symbol("xmlParseChunk", as: (@convention(c) (Context?, UnsafePointer<CChar>?, Int32, Int32) -> Int32).self),
                stopParser: try symbol("xmlStopParser", as: (@convention(c) (Context?) -> Void).self),
                ctxtGetLastError: try symbol("xmlCtxtGetLastError", as: (@convention(c) (UnsafeMutableRawPointer?) -> xmlErrorPtr?).self))
            library.initParser()
            return .success(library)
        } catch {
            return .failure(error)
        }
    }()
}
