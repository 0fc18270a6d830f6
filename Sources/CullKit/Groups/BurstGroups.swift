/// The bursts of the whole index (`burst: true`): photos sharing a burst identifier (Apple's
/// burst UUID from the maker note, Google's XMP `BurstID`), else photos from the same camera
/// (make and model) in the same capture second that SubSecTime tells apart (two or more distinct
/// fractions: copies of one frame alone are no burst).
///
/// Frames of a bracket set (``BracketGroups``) are no burst frames: a bracket, an HDR set or a
/// focus stack is one intention, and keeping one frame of it while staging the rest loses it.
///
/// Each candidate lists its ids in burst order (the `first`/`last` rankings): capture time, then
/// the fraction of the second, then the path.
enum BurstGroups {
    private typealias Frame = CameraFrames.Frame

    /// A camera's capture second: the camera (``CameraFrames/cameras``) and the time as the index stores it.
    private struct Second: Hashable {
        let camera: Int, taken: Int64
    }

    /// The frames of one capture second, and the distinct fractions of the second they were taken at.
    private struct SecondFrames {
        var frames: [Frame] = []
        var fractions: Set<Int64> = []

        mutating func add(_ frame: Frame, at fraction: Int64) {
            frames.append(frame)
            fractions.insert(fraction)
        }
    }

    /// The bursts of the photos the scan read (``CameraFrames``), none holding a frame of `brackets`.
    static func candidates(_ scanned: CameraFrames, excluding brackets: Set<Int64> = []) -> [GroupCandidate] {
        var bursts: [[UInt8]: [Frame]] = [:]
        var seconds: [Second: SecondFrames] = [:]
        for frame in scanned.frames where frame.burstFrame && !brackets.contains(frame.id) {
            if let burst = frame.burst {
                bursts[burst, default: []].append(frame)
            } else if let camera = frame.camera, let taken = frame.taken, let fraction = frame.subsecond {
                seconds[Second(camera: camera, taken: taken), default: SecondFrames()].add(frame, at: fraction)
            }
        }
        // The burst id, or the camera and its capture second ("Canon EOS R5 2024-05-01T10:00:00").
        var frames: [String: [Frame]] = [:]
        for (burst, rows) in bursts where rows.count > 1 { frames[String(decoding: burst, as: UTF8.self), default: []] += rows }
        for (second, found) in seconds where found.fractions.count > 1 {
            frames[scanned.cameras[second.camera].name + " " + CivilDate.iso8601(second.taken), default: []] += found.frames
        }
        return frames.map { key, rows in
            let ordered = rows.sorted { a, b in
                if a.taken != b.taken { return (a.taken ?? Int64.max) < (b.taken ?? Int64.max) }
                if a.subsecond != b.subsecond { return (a.subsecond ?? -1) < (b.subsecond ?? -1) }
                return PathBytes.precedes(a.path, b.path)
            }
            return GroupCandidate(key: key, ids: ordered.map(\.id))
        }.sorted { $0.key < $1.key }
    }
}
