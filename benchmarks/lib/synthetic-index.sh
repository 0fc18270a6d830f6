# Shared by the benchmarks: fills a fresh Cull index with N synthetic assets in one sqlite3 transaction
# (folders of phones, messaging apps, screenshots and cameras; NULL metadata, time zones, Live pairs,
# bursts, broken files, user keeps), so rule evaluation and planning can be timed at scale.
# Usage: make_synthetic_index INDEX_PATH ASSETS
make_synthetic_index() {
    local INDEX=$1 ASSETS=$2
    sqlite3 "$INDEX" <<SQL
PRAGMA synchronous = OFF;
BEGIN;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $ASSETS),
g AS (
    SELECT i, (i * 2654435761) % 1000003 AS r,
        CASE i % 20 WHEN 0 THEN 'Phone/WhatsApp/Media/WhatsApp Images' WHEN 1 THEN 'Telegram/Telegram Video'
            WHEN 2 THEN 'Screenshots' WHEN 3 THEN 'Signal' WHEN 4 THEN 'Family/' || (2015 + i % 10)
            ELSE 'Camera/' || (2015 + i % 10) || '/' || printf('%02d', 1 + i % 12) END AS folder,
        CASE WHEN i % 10 = 0 THEN 'video' ELSE 'photo' END AS kind
    FROM n
),
h AS (
    SELECT *, CASE WHEN kind = 'video' THEN (CASE WHEN i % 20 = 2 THEN 'mp4' ELSE 'mov' END)
                   WHEN folder = 'Screenshots' THEN 'png' WHEN i % 100 = 3 THEN 'dng'
                   WHEN i % 3 = 0 THEN 'heic' ELSE 'jpg' END AS ext
    FROM g
)
INSERT INTO assets (path, folder, name, extension, device, inode, size, mtime_ns, added, modified, kind, format,
    width, height, duration, taken, taken_utc, taken_offset, camera_make, camera_model, latitude, longitude,
    rating, favorite_flag, screenshot, live_id, burst_id, raw, broken)
SELECT folder || '/' || name, folder, name, ext, 1, i,
    CASE WHEN kind = 'video' THEN r * 3000 ELSE 500000 + r * 5 END, 0,
    1600000000 + r * 100, 1600000000 + r * 90, kind, ext,
    CASE WHEN kind = 'video' THEN 1920 ELSE 4032 END, CASE WHEN kind = 'video' THEN 1080 ELSE 3024 END,
    CASE WHEN kind = 'video' THEN r % 900 ELSE NULL END,
    CASE WHEN i % 50 = 7 THEN NULL ELSE 1420070400 + (r * 311) % 347000000 END,
    CASE WHEN i % 50 = 7 OR i % 3 <> 0 THEN NULL ELSE 1420070400 + (r * 311) % 347000000 - 3600 END,
    CASE WHEN i % 50 = 7 OR i % 3 <> 0 THEN NULL ELSE 3600 END,
    CASE i % 4 WHEN 0 THEN 'Apple' WHEN 1 THEN 'Canon' WHEN 2 THEN 'Google' END,
    CASE i % 4 WHEN 0 THEN 'iPhone 12' WHEN 1 THEN 'EOS R5' WHEN 2 THEN 'Pixel 7' END,
    CASE WHEN i % 2 = 0 THEN 48.1 END, CASE WHEN i % 2 = 0 THEN 11.6 END,
    CASE WHEN i % 7 = 0 THEN i % 6 END, CASE WHEN i % 97 = 0 THEN 1 END,
    CASE WHEN folder = 'Screenshots' THEN 1 ELSE 0 END,
    CASE WHEN i % 30 IN (0, 1) THEN 'L' || (i / 30) END,
    CASE WHEN i % 200 < 5 THEN 'B' || (i / 200) END,
    CASE WHEN ext = 'dng' THEN 1 ELSE 0 END, CASE WHEN i % 1000 = 5 THEN 1 ELSE 0 END
FROM (SELECT *, CASE WHEN kind = 'video' AND folder = 'Screenshots' THEN 'ScreenRecording_' ELSE 'IMG_' END
                || i || '.' || ext AS name FROM h);
INSERT INTO reviews (asset_id, status, at) SELECT id, 'kept', 0 FROM assets WHERE id % 100 = 0;
COMMIT;
ANALYZE;
SQL
}
