import Foundation

struct Stats {
    let samples: [Double]  // milliseconds
    /// This thread's CPU time of each sample, when measured: on a machine shared with other work,
    /// the wall time also counts waiting for a core.
    var cpu: [Double] = []
    func percentile(_ p: Double, of values: [Double]? = nil) -> Double {
        let s = (values ?? samples).sorted()
        return s[min(s.count - 1, Int((Double(s.count - 1) * p).rounded()))]
    }
    var median: Double { percentile(0.5) }
    var line: String {
        String(format: "median %.3f ms  p99 %.3f ms  (n=%d)", median, percentile(0.99), samples.count)
            + (cpu.isEmpty ? "" : String(format: "  cpu median %.3f p99 %.3f", percentile(0.5, of: cpu), percentile(0.99, of: cpu)))
    }
}

func measure(_ n: Int, _ body: () throws -> Void) rethrows -> Stats {
    var samples: [Double] = []
    var cpu: [Double] = []
    for _ in 0..<n {
        let c0 = threadCPUms()
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        cpu.append(threadCPUms() - c0)
    }
    return Stats(samples: samples, cpu: cpu)
}

/// CPU time of the calling thread, in ms: unlike wall time, not inflated while other
/// processes hold the cores (the machine the figures were taken on is shared).
func threadCPUms() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1e6
}

func shell(_ command: String) -> Int32 {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/bin/sh")
    p.arguments = ["-c", command]
    p.standardOutput = FileHandle.nullDevice
    p.standardError = FileHandle.nullDevice
    do { try p.run() } catch { return -1 }
    p.waitUntilExit()
    return p.terminationStatus
}
