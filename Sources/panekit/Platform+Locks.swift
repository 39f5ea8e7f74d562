// Advisory folder locks and ending process groups: the C calls the sharing commands need beside Platform's.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension Platform {
    /// Opens a folder (or a link to one: the folder the user named may be one) to lock it; the descriptor is not
    /// passed to programs this one starts, so none of them holds the lock after panekit ends.
    static func openFolder(_ path: String) -> Result<Int32, FileError> {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        return fd >= 0 ? .success(fd) : .failure(FileError(errno))
    }

    /// Takes the advisory lock (`flock`) of an open file or folder without waiting: exclusive, or shared with
    /// other readers. The system releases it when the descriptor is closed or the process ends, however it ends.
    /// - Returns: true when taken, false when another process holds it.
    static func tryLock(_ fd: Int32, exclusive: Bool) -> Result<Bool, FileError> {
        while true {
            if flock(fd, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) == 0 { return .success(true) }
            if errno == EINTR { continue }
            return errno == EWOULDBLOCK ? .success(false) : .failure(FileError(errno))
        }
    }

    /// Ends a process group started by `spawnGroup` at once (SIGKILL), with every child it started.
    static func killGroup(_ group: Int32) { kill(-group, SIGKILL) }

    /// Ends one process at once (SIGKILL).
    static func killProcess(_ pid: Int32) { kill(pid, SIGKILL) }
}
