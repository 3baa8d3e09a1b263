import ArgumentParser
import Foundation
import ListData
import ListSimulator

/// Resolves `--device` (and `sweep --set device=…`): a shipped profile's
/// name, or the path of a profile file.
///
/// A name is checked in a command's `validate()`: an unknown one is a usage
/// error (64) with the nearest shipped name suggested. A file is read in the
/// command's `run()` (``load(_:flag:)``), so that its problems get their own
/// exit codes and one message, without a usage block: 66 when it cannot be
/// opened (missing, a folder, a FIFO, unreadable, a link loop), 65 when it
/// is not a valid profile.
enum DeviceOption {
    /// The largest profile file read (a shipped profile, uncertainties included, is 14-22 KB).
    static let fileLimit = 1 << 20

    /// Whether a value names a profile file rather than a shipped profile:
    /// it ends in `.json` or has a `/`.
    static func isFile(_ value: String) -> Bool { value.hasSuffix(".json") || value.contains("/") }

    /// Checks a value in `validate()`: a name must be a shipped profile's
    /// (matched exactly; `IPHONE-15` is refused with `iphone-15` suggested).
    /// A file is not read here.
    ///
    /// - Throws: `ValidationError` naming the unknown device and the nearest shipped one.
    static func checkName(_ value: String) throws {
        guard !isFile(value) else { return }
        try checkShipped(value)
    }

    /// Checks that a value is a shipped profile's name exactly, a file's path included.
    ///
    /// - Parameter filesTaken: whether the option also takes a profile file
    ///   (the message then says so; `list devices --profile` takes names only).
    /// - Throws: `ValidationError` naming the unknown device and the nearest shipped one.
    static func checkShipped(_ value: String, filesTaken: Bool = true) throws {
        let known = DeviceProfile.shippedNames
        guard !known.contains(value) else { return }
        let unknown = filesTaken
            ? DeviceProfileError.unknownDevice(value, known: known).description
            : "unknown device '\(PrintableText.truncated(value))'; shipped devices: \(known.joined(separator: ", "))"
        throw ValidationError(unknown + Suggestion.didYouMean(value, in: known))
    }

    /// A shipped profile by name, for `validate()` (a usage error when unknown).
    static func shipped(_ value: String) throws -> DeviceProfile {
        try checkName(value)
        do { return try DeviceProfile.shipped(named: value) } catch { throw ValidationError(error.description) }
    }

    /// The profile a value names: shipped, or read from the file.
    ///
    /// - Parameter flag: how the value was given, for the message (`--device`, `--set device=`).
    /// - Throws: after one message on standard error: ``ListBenchExit/usage``
    ///   for an unknown name, ``ListBenchExit/cannotOpen`` for a file that
    ///   cannot be opened, ``ListBenchExit/invalidScenario`` (65, invalid
    ///   input data) for a file that is not a valid profile.
    static func load(_ value: String, flag: String) throws(ListBenchExit) -> DeviceProfile {
        // `--device FILE: …`, `--set device=FILE: …`
        let shown = flag.hasSuffix("=") ? flag + value : "\(flag) \(value)"
        guard isFile(value) else {
            do {
                try checkName(value)
                return try DeviceProfile.shipped(named: value)
            } catch {
                Terminal.note("\(shown): \(error)")
                throw DeviceProfile.shippedNames.contains(value) ? .internalError : .usage
            }
        }
        let data: Data
        do {
            data = try InputFile.read(value, limit: fileLimit)
        } catch {
            Terminal.note("\(shown): \(error)")
            throw error.exitCode
        }
        do {
            return try DeviceProfile.decode(data)
        } catch {
            Terminal.note("\(shown): \(error)")
            throw .invalidScenario
        }
    }
}
