/// The bracket sets of the whole index (`bracket: true`): frames one camera took together as one
/// intention, to be merged or kept as a set, never redundant with each other. From what cameras
/// write (``Rendering``, EXIF ExposureMode, ExposureBiasValue, SubjectDistance):
///
/// - an **HDR set**: frames a camera or phone kept for an HDR merge (CustomRendered 4, Apple's
///   HDRImageType 4) with the merge it made (CustomRendered 2/3, HDRImageType 3);
/// - an **exposure bracket**: frames the camera marks as auto bracket (ExposureMode 2), or a ladder
///   of three or more frames whose exposure compensation differs frame to frame (−2, 0, +2 EV);
/// - a **focus stack**: three or more frames at one exposure whose focus distance steps one way;
/// - a **panorama**: a burst's frames panned across a scene, found from their pixels (``PanoramaSets``).
///
/// Frames of a set follow each other by at most ``window`` seconds on one camera (make and model).
/// Copies of a frame (the same capture time and settings on another inode or path) belong to its
/// set as the same picture. Bursts and similar groups never hold two pictures of one set
/// (``GroupSet/load(_:specs:root:features:progress:)``).
enum BracketGroups {
    /// The longest pause between two frames of one set, in seconds: a camera's bracket or focus
    /// stack and a phone's HDR frames come within a second or two of each other.
    static let window: Int64 = 2

    /// What makes a set one.
    enum Kind: String, Sendable {
        case hdr = "HDR set"
        case exposure = "exposure bracket"
        case focus = "focus stack"
        /// Frames panned across a scene, from the pixels (``PanoramaSets``).
        case panorama
    }

    /// One set: its kind, a stable key, and its pictures (each the ids of one frame's copies).
    struct BracketSet: Sendable, Equatable {
        let kind: Kind
        let key: String
        let pictures: [[Int64]]

        var candidate: GroupCandidate { GroupCandidate(key: key, ids: pictures.flatMap { $0 }) }
    }

    private typealias Frame = CameraFrames.Frame

    /// Copies of one frame share all of these.
    fileprivate struct PictureKey: Hashable {
        let micros: Int64
        let bias: Double?
        let mode: Int?
        let rendering: Rendering?
        let focus: Double?
    }

    /// One frame of a sequence, with its copies.
    private struct Picture {
        var frames: [Frame]
        var first: Frame { frames[0] }
    }

    /// The bracket sets among the photos the scan read (``CameraFrames``).
    static func sets(_ scanned: CameraFrames) -> [BracketSet] {
        var byCamera: [Int: [Frame]] = [:]
        for frame in scanned.frames where frame.bracketFrame {
            guard let camera = frame.camera else { continue }
            byCamera[camera, default: []].append(frame)
        }
        var sets: [BracketSet] = []
        for (camera, frames) in byCamera {
            for run in runs(pictures(frames)) { sets += found(in: run, camera: scanned.cameras[camera].name) }
        }
        return sets.sorted { $0.key < $1.key }
    }

    /// The frames in time order, copies of one frame together (in path order).
    private static func pictures(_ frames: [Frame]) -> [Picture] {
        var byKey: [PictureKey: [Frame]] = [:]
        for frame in frames { byKey[frame.picture, default: []].append(frame) }
        return byKey.values.map { Picture(frames: $0.sorted { PathBytes.precedes($0.path, $1.path) }) }
            .sorted { a, b in a.first.micros != b.first.micros ? a.first.micros < b.first.micros : PathBytes.precedes(a.first.path, b.first.path) }
    }

    /// Pictures split where the camera paused longer than ``window``.
    private static func runs(_ pictures: [Picture]) -> [[Picture]] {
        var runs: [[Picture]] = []
        var current: [Picture] = []
        for picture in pictures {
            if let last = current.last, picture.first.micros - last.first.micros > window * 1_000_000 {
                if current.count > 1 { runs.append(current) }
                current = []
            }
            current.append(picture)
        }
        if current.count > 1 { runs.append(current) }
        return runs
    }

    /// The sets of one run: each signal's frames, overlapping sets joined.
    private static func found(in run: [Picture], camera: String) -> [BracketSet] {
        var spans: [(kind: Kind, members: Set<Int>)] = []
        // HDR: the frames kept for a merge, with the merge, when there are two or more in all.
        let hdr = run.indices.filter { run[$0].first.rendering == .hdrSource || run[$0].first.rendering == .hdrResult }
        if hdr.count > 1, hdr.contains(where: { run[$0].first.rendering == .hdrSource }) { spans.append((.hdr, Set(hdr))) }
        // Auto bracket, as the camera says.
        let auto = run.indices.filter { run[$0].first.mode == 2 }
        if auto.count > 1 { spans.append((.exposure, Set(auto))) }
        // A ladder: consecutive frames, each at a compensation none before it in the ladder had.
        var ladder: [Int] = []
        func closeLadder() {
            let values = ladder.compactMap { run[$0].first.bias }
            if ladder.count >= 3, let low = values.min(), let high = values.max(), high - low >= 0.5 {
                spans.append((.exposure, Set(ladder)))
            }
        }
        for index in run.indices {
            guard let bias = run[index].first.bias else { closeLadder(); ladder = []; continue }
            if ladder.contains(where: { run[$0].first.bias == bias }) { closeLadder(); ladder = [] }
            ladder.append(index)
        }
        closeLadder()
        // A focus stack: one exposure, the focus distance stepping one way.
        var stack: [Int] = []
        var direction = 0
        func closeStack() { if stack.count >= 3 { spans.append((.focus, Set(stack))) } }
        for index in run.indices {
            let frame = run[index].first
            guard let focus = frame.focus else { closeStack(); stack = []; direction = 0; continue }
            if let last = stack.last.map({ run[$0].first }), let previous = last.focus, last.bias == frame.bias {
                let step = focus > previous ? 1 : focus < previous ? -1 : 0
                if step != 0 && (direction == 0 || step == direction) {
                    direction = step
                    stack.append(index)
                    continue
                }
            }
            closeStack()
            stack = [index]
            direction = 0
        }
        closeStack()
        // Overlapping spans are one set, named by the first kind found.
        var merged: [(kind: Kind, members: Set<Int>)] = []
        for span in spans {
            var joined = span
            merged.removeAll { other in
                guard !other.members.isDisjoint(with: joined.members) else { return false }
                joined.members.formUnion(other.members)
                joined.kind = other.kind
                return true
            }
            merged.append(joined)
        }
        return merged.map { span in
            let members = span.members.sorted()
            let start = run[members[0]].first.micros / 1_000_000
            return BracketSet(kind: span.kind, key: "\(span.kind.rawValue) \(camera) \(CivilDate.iso8601(start))",
                              pictures: members.map { run[$0].frames.map(\.id) })
        }
    }
}

private extension CameraFrames.Frame {
    /// The capture instant, in microseconds (a bracket frame has a capture time).
    var micros: Int64 { (taken ?? 0) * 1_000_000 + (subsecond ?? 0) }

    /// Copies of one frame share all of these.
    var picture: BracketGroups.PictureKey {
        BracketGroups.PictureKey(micros: micros, bias: bias, mode: mode, rendering: rendering, focus: focus)
    }
}
