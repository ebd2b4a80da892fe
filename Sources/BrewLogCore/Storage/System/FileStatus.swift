#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat(2)` says about a file: its kind, identity, size, times, owner and permissions.
public struct FileStatus: Equatable, Sendable {
    /// The kinds of file a path can name.
    public enum Kind: Equatable, Sendable {
        /// One kind `stat(2)` reports in `st_mode`.
        case regular, directory, symbolicLink, fifo, socket, characterDevice, blockDevice, unknown
    }

    /// What kind of file it is.
    public var kind: Kind
    /// The device and inode that together identify the file.
    public var device: UInt64
    /// The inode number (see ``device``).
    public var inode: UInt64
    /// The size in bytes.
    public var size: Int
    /// Permission bits (including set-id and sticky bits).
    public var permissions: mode_t
    /// The last modification, in nanoseconds since the epoch.
    public var modified: Int64
    /// The last change of the file or its inode (`st_ctime`), in nanoseconds since the epoch:
    /// unlike ``modified``, no program can set it back.
    public var changed: Int64
    /// The owning user.
    public var owner: uid_t
    /// The owning group.
    public var group: gid_t
    /// The number of hard links to the file.
    public var links: Int

    /// A status built field by field (tests, mocks).
    public init(kind: Kind, device: UInt64, inode: UInt64, size: Int, permissions: mode_t,
                modified: Int64, owner: uid_t, group: gid_t, links: Int, changed: Int64 = 0) {
        self.kind = kind
        self.device = device
        self.inode = inode
        self.size = size
        self.permissions = permissions
        self.modified = modified
        self.changed = changed
        self.owner = owner
        self.group = group
        self.links = links
    }

    init(_ info: stat) {
        let kind: Kind = switch info.st_mode & S_IFMT {
        case S_IFREG: .regular
        case S_IFDIR: .directory
        case S_IFLNK: .symbolicLink
        case S_IFIFO: .fifo
        case S_IFSOCK: .socket
        case S_IFCHR: .characterDevice
        case S_IFBLK: .blockDevice
        default: .unknown
        }
        #if canImport(Darwin)
        let modified = Int64(info.st_mtimespec.tv_sec) &* 1_000_000_000 &+ Int64(info.st_mtimespec.tv_nsec)
        let changed = Int64(info.st_ctimespec.tv_sec) &* 1_000_000_000 &+ Int64(info.st_ctimespec.tv_nsec)
        #else
        let modified = Int64(info.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(info.st_mtim.tv_nsec)
        let changed = Int64(info.st_ctim.tv_sec) &* 1_000_000_000 &+ Int64(info.st_ctim.tv_nsec)
        #endif
        self.init(kind: kind, device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino),
                  size: Int(info.st_size), permissions: info.st_mode & 0o7777, modified: modified,
                  owner: info.st_uid, group: info.st_gid, links: Int(info.st_nlink), changed: changed)
    }

    /// The identity a writer compares before it commits: the same device, inode, size and
    /// modification time mean the file is still the one that was read.
    var identity: FileIdentity {
        FileIdentity(device: device, inode: inode, size: size, modified: modified)
    }

    /// Whether both name the same file (device and inode), whatever its contents now.
    func isSameFile(as other: FileStatus) -> Bool {
        device == other.device && inode == other.inode
    }

    /// The kind in words, for messages ("a directory", "a FIFO").
    var kindDescription: String {
        switch kind {
        case .regular: "a regular file"
        case .directory: "a directory"
        case .symbolicLink: "a symbolic link"
        case .fifo: "a FIFO (named pipe)"
        case .socket: "a socket"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .unknown: "not a regular file"
        }
    }
}

/// A file as a writer last saw it: device, inode, size and modification time.
struct FileIdentity: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int
    var modified: Int64
}
