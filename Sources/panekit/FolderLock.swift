// One panekit command at a time changes a folder: an advisory lock on the folder itself.

import Foundation
import PaneKit

/// The advisory lock (`flock`) of a folder panekit changes (the plugins folder, a docs site), held for the life of
/// the value. Commands that change the folder take it exclusive, commands that only read it take it shared, so
/// that no command sees another's change half made. The lock is on the folder itself (no lock file is left
/// behind), and the system releases it when the process ends, however it ends: a crash leaves no stale lock.
final class FolderLock {
    /// The folder.
    let folder: String
    private var descriptor: Int32?

    /// How long a command waits for another to release the folder: `PANEKIT_LOCK_SECONDS`, else 60 seconds.
    static var seconds: Double {
        Platform.environment("PANEKIT_LOCK_SECONDS").flatMap(Double.init).flatMap { $0 >= 0 && $0.isFinite ? $0 : nil } ?? 60
    }

    /// Takes the lock of the folder `folder`, waiting while another command holds it.
    /// - Parameter create: make the folder when it is missing (else it must exist).
    /// - Throws: `CLIError` (exit 1) when the folder cannot be opened, or another command holds it past `seconds`.
    init(_ folder: String, exclusive: Bool = true, create: Bool = false, command: String) throws(CLIError) {
        self.folder = folder
        let deadline = Platform.now() + Self.seconds
        while true {
            if create { try Files.makeFolder(folder) }
            let fd = try Files.check(Platform.openFolder(folder), "lock", folder)
            switch Platform.tryLock(fd, exclusive: exclusive) {
            case .success(true):
                // Another command may have removed the folder (one it made for a change that failed) before
                // letting go: then the lock is on a folder that is gone, and the path is taken again.
                if case .success(let now) = Platform.fileStatus(folder, followLinks: true),
                    case .success(let held) = Platform.fileStatus(descriptor: fd), now.device == held.device, now.inode == held.inode
                {
                    descriptor = fd
                    return
                }
                Platform.close(fd)
                guard create else { throw Files.problem("lock", folder, "it was removed meanwhile") }
            case .success(false):
                Platform.close(fd)
                guard Platform.now() < deadline else {
                    throw .input(
                        "\(command): \(folder) is being changed by another panekit command (it holds the folder's lock); waited "
                            + "\(NumberFormat.string(Self.seconds)) seconds; run this again once that one has finished "
                            + "(PANEKIT_LOCK_SECONDS sets the wait)")
                }
                Platform.sleep(0.05)
            case .failure(let error):
                Platform.close(fd)
                throw Files.problem("lock", folder, error.words)
            }
        }
    }

    /// Lets the folder go (also on deinit).
    func release() {
        if let fd = descriptor { Platform.close(fd) }
        descriptor = nil
    }

    deinit { release() }
}
