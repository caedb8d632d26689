internal import CCoinOR  // the C declarations these function types follow; nothing is linked

#if canImport(Glibc)
    import Glibc
#endif

// CLP's and CBC's C functions, looked up when the first plan is solved. Linked at build time
// (pkg-config's -lCbcSolver … -llapack -lblas, 20 libraries) they were loaded by every start of
// bodii: 6 ms per process measured on this machine, for a command most starts never run. So the
// CCoinOR module gives the declarations only, and this opens the libraries on first use.

typealias Model = UnsafeMutableRawPointer
typealias LoadProblem =
    @convention(c) (
        Model?, Int32, Int32, UnsafePointer<Int32>?, UnsafePointer<Int32>?, UnsafePointer<Double>?,
        UnsafePointer<Double>?, UnsafePointer<Double>?, UnsafePointer<Double>?, UnsafePointer<Double>?, UnsafePointer<Double>?
    ) -> Void

/// CLP's simplex (libClp.so.1).
struct ClpFunctions: @unchecked Sendable {  // function pointers into a library that stays loaded
    let newModel: @convention(c) () -> Model?
    let deleteModel: @convention(c) (Model?) -> Void
    let loadProblem: LoadProblem
    let setLogLevel: @convention(c) (Model?, Int32) -> Void
    let initialSolve: @convention(c) (Model?) -> Int32
    let status: @convention(c) (Model?) -> Int32
    let objectiveValue: @convention(c) (Model?) -> Double
    let colSolution: @convention(c) (Model?) -> UnsafePointer<Double>?
    let rowActivity: @convention(c) (Model?) -> UnsafePointer<Double>?
    let rowPrice: @convention(c) (Model?) -> UnsafePointer<Double>?
}

/// CBC's branch and cut (libCbcSolver.so.3, which loads CLP, CGL and OSI).
struct CbcFunctions: @unchecked Sendable {
    let newModel: @convention(c) () -> Model?
    let deleteModel: @convention(c) (Model?) -> Void
    let loadProblem: LoadProblem
    let setInteger: @convention(c) (Model?, Int32) -> Void
    let setLogLevel: @convention(c) (Model?, Int32) -> Void
    let setMaximumNodes: @convention(c) (Model?, Int32) -> Void
    let solve: @convention(c) (Model?) -> Int32
    let isProvenOptimal: @convention(c) (Model?) -> Int32
    let isProvenInfeasible: @convention(c) (Model?) -> Int32
    let isContinuousUnbounded: @convention(c) (Model?) -> Int32
    let objValue: @convention(c) (Model?) -> Double
    let colSolution: @convention(c) (Model?) -> UnsafePointer<Double>?
    let rowActivity: @convention(c) (Model?) -> UnsafePointer<Double>?
}

enum COINLibrary {
    /// The names each library is tried under, first found wins: Debian's soname (bookworm, trixie),
    /// then the -dev package's link, which follows a later soname (the C interface is stable).
    static let clpFiles = ["libClp.so.1", "libClp.so"]
    static let cbcFiles = ["libCbcSolver.so.3", "libCbcSolver.so"]

    /// The first of `files` that opens, and its name; the error gives the first one's reason.
    static func open(_ files: [String]) throws(SolverError) -> (UnsafeMutableRawPointer, String) {
        var firstReason: String?
        for file in files {
            if let handle = dlopen(file, RTLD_NOW | RTLD_LOCAL) { return (handle, file) }
            if firstReason == nil { firstReason = dlerror().map { String(cString: $0) } ?? "\(file) not found" }
        }
        throw .libraryMissing(firstReason ?? "none of \(files.joined(separator: ", ")) found")
    }

    static func symbol<T>(_ handle: UnsafeMutableRawPointer, _ file: String, _ name: String, as type: T.Type) throws(SolverError) -> T {
        guard let address = dlsym(handle, name) else { throw .libraryMissing("\(file) has no \(name)") }
        return unsafeBitCast(address, to: type)
    }

    /// Loaded once per process.
    static let clp: Result<ClpFunctions, SolverError> = Result { () throws(SolverError) -> ClpFunctions in
        let (h, file) = try open(clpFiles)
        func s<T>(_ name: String, _ type: T.Type) throws(SolverError) -> T { try symbol(h, file, name, as: type) }
        return ClpFunctions(
            newModel: try s("Clp_newModel", (@convention(c) () -> Model?).self),
            deleteModel: try s("Clp_deleteModel", (@convention(c) (Model?) -> Void).self),
            loadProblem: try s("Clp_loadProblem", LoadProblem.self),
            setLogLevel: try s("Clp_setLogLevel", (@convention(c) (Model?, Int32) -> Void).self),
            initialSolve: try s("Clp_initialSolve", (@convention(c) (Model?) -> Int32).self),
            status: try s("Clp_status", (@convention(c) (Model?) -> Int32).self),
            objectiveValue: try s("Clp_objectiveValue", (@convention(c) (Model?) -> Double).self),
            colSolution: try s("Clp_getColSolution", (@convention(c) (Model?) -> UnsafePointer<Double>?).self),
            rowActivity: try s("Clp_getRowActivity", (@convention(c) (Model?) -> UnsafePointer<Double>?).self),
            rowPrice: try s("Clp_getRowPrice", (@convention(c) (Model?) -> UnsafePointer<Double>?).self))
    }

    static let cbc: Result<CbcFunctions, SolverError> = Result { () throws(SolverError) -> CbcFunctions in
        let (h, file) = try open(cbcFiles)
        func s<T>(_ name: String, _ type: T.Type) throws(SolverError) -> T { try symbol(h, file, name, as: type) }
        return CbcFunctions(
            newModel: try s("Cbc_newModel", (@convention(c) () -> Model?).self),
            deleteModel: try s("Cbc_deleteModel", (@convention(c) (Model?) -> Void).self),
            loadProblem: try s("Cbc_loadProblem", LoadProblem.self),
            setInteger: try s("Cbc_setInteger", (@convention(c) (Model?, Int32) -> Void).self),
            setLogLevel: try s("Cbc_setLogLevel", (@convention(c) (Model?, Int32) -> Void).self),
            setMaximumNodes: try s("Cbc_setMaximumNodes", (@convention(c) (Model?, Int32) -> Void).self),
            solve: try s("Cbc_solve", (@convention(c) (Model?) -> Int32).self),
            isProvenOptimal: try s("Cbc_isProvenOptimal", (@convention(c) (Model?) -> Int32).self),
            isProvenInfeasible: try s("Cbc_isProvenInfeasible", (@convention(c) (Model?) -> Int32).self),
            isContinuousUnbounded: try s("Cbc_isContinuousUnbounded", (@convention(c) (Model?) -> Int32).self),
            objValue: try s("Cbc_getObjValue", (@convention(c) (Model?) -> Double).self),
            colSolution: try s("Cbc_getColSolution", (@convention(c) (Model?) -> UnsafePointer<Double>?).self),
            rowActivity: try s("Cbc_getRowActivity", (@convention(c) (Model?) -> UnsafePointer<Double>?).self))
    }
}
