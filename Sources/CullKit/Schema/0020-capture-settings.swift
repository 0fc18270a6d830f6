extension Migration {
    /// Migration `0020-capture-settings`: how each photo was taken, for exposure brackets, HDR sets
    /// and focus stacks (``BracketGroups``): EXIF ExposureBiasValue and ExposureMode, what the camera
    /// made of the frame (CustomRendered, Apple's HDRImageType: ``Rendering``) and SubjectDistance.
    /// Files indexed before are read once more by the next scan (`settings.reread_metadata`).
    static let m0020CaptureSettings = Migration(id: "0020-capture-settings", sql: """
        ALTER TABLE assets ADD COLUMN exposure_bias REAL;
        ALTER TABLE assets ADD COLUMN exposure_mode INTEGER;
        ALTER TABLE assets ADD COLUMN rendering TEXT;
        ALTER TABLE assets ADD COLUMN focus_distance REAL;
        INSERT OR REPLACE INTO settings (key, value) VALUES ('reread_metadata', 1);
        """)
}
