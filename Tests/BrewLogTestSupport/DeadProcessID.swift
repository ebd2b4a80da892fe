import Foundation

/// The id of a process that has exited (and been reaped): what a temporary file left by a killed
/// writer is named after, which the storage engine may remove.
public func deadProcessID() throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/true")
    try process.run()
    process.waitUntilExit()
    return process.processIdentifier
}
