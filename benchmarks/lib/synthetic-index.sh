# Shared by the benchmarks: fills a fresh Cull index with N synthetic assets in one sqlite3 transaction
# (folders of phones, messaging apps, screenshots and cameras; NULL metadata, time zones, Live pairs,
# bursts, broken files, user keeps), so rule evaluation and planning can be timed at scale.
# PROFILE (third argument): \`worst\` (default) gives every fifth file to a messaging app or the
# screenshots and rates little, so the stock rules without limits stage about half the library;
# \`realistic\` is a family archive the stock rules stage about 5% of: 2% messaging media and
# screenshots, a fifth in Family/, nine camera photos in ten with a named person, videos under 300 MB
# (one in 20,000 over a gigabyte).
# Usage: make_synthetic_index INDEX_PATH ASSETS [PROFILE]
make_synthetic_index() {
    local INDEX=$1 ASSETS=$2 PROFILE=${3:-worst}
    local FOLDER VIDEO_SIZE PEOPLE
    if [[ $PROFILE == realistic ]]; then
        FOLDER="CASE WHEN i % 200 IN (0, 1) THEN 'Phone/WhatsApp/Media/WhatsApp Images' WHEN i % 200 = 2 THEN 'Telegram/Telegram Video'
            WHEN i % 200 IN (4, 5) THEN 'Screenshots' WHEN i % 200 = 3 THEN 'Signal' WHEN i % 200 < 46 THEN 'Family/' || (2015 + i % 10)
            ELSE 'Camera/' || (2015 + i % 10) || '/' || printf('%02d', 1 + i % 12) END"
        VIDEO_SIZE="CASE WHEN i % 20000 = 10 THEN 2000000000 ELSE r * 300 END"
        PEOPLE="CASE WHEN i % 10 <> 1 AND (folder LIKE 'Camera/%' OR folder LIKE 'Family/%') THEN 'Ann' END"
    else
        FOLDER="CASE i % 20 WHEN 0 THEN 'Phone/WhatsApp/Media/WhatsApp Images' WHEN 1 THEN 'Telegram/Telegram Video'
            WHEN 2 THEN 'Screenshots' WHEN 3 THEN 'Signal' WHEN 4 THEN 'Family/' || (2015 + i % 10)
            ELSE 'Camera/' || (2015 + i % 10) || '/' || printf('%02d', 1 + i % 12) END"
        VIDEO_SIZE="r * 3000"
        PEOPLE="NULL"
    fi
    sqlite3 "$INDEX" <<SQL
PRAGMA synchronous = OFF;
BEGIN;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $ASSETS),
g AS (
    SELECT i, (i * 2654435761) % 1000003 AS r,
        $FOLDER AS folder,
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
    rating, favorite_flag, screenshot, live_id, burst_id, raw, broken, people)
SELECT folder || '/' || name, folder, name, ext, 1, i,
    CASE WHEN kind = 'video' THEN $VIDEO_SIZE ELSE 500000 + r * 5 END, 0,
    1600000000 + r * 100, 1600000000 + r * 90, kind, CASE ext WHEN 'jpg' THEN 'jpeg' ELSE ext END,
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
    CASE WHEN ext = 'dng' THEN 1 ELSE 0 END, CASE WHEN i % 1000 = 5 THEN 1 ELSE 0 END, $PEOPLE
FROM (SELECT *, CASE WHEN kind = 'video' AND folder = 'Screenshots' THEN 'ScreenRecording_' ELSE 'IMG_' END
                || i || '.' || ext AS name FROM h);
INSERT INTO reviews (asset_id, status, at) SELECT id, 'kept', 0 FROM assets WHERE id % 100 = 0;
COMMIT;
ANALYZE;
SQL
}

# The caches a cron's `cull scan --hash` leaves behind, for the index make_synthetic_index made:
# image features (pHash, sharpness, exposure, the turn print) of every decodable photo and video (its poster frame), image-data hashes of every
# photo and video that shares a format and pixel size, content hashes of every file that shares
# its size; text readings of every photo; one in 500 photos is an exact copy of another (the same size and hashes), one in 300
# a near copy (a pHash 2 bits away), one in 40 blurry. Identities match the assets rows, so plans
# read these rows instead of opening files (there are none).
# With PROFILE \`realistic\` one photo in 200 is blurry.
# Usage: make_synthetic_caches INDEX_PATH [PROFILE]
make_synthetic_caches() {
    local BLURRY=40
    if [[ ${2:-worst} == realistic ]]; then BLURRY=200; fi
    sqlite3 "$1" <<SQL
PRAGMA synchronous = OFF;
BEGIN;
UPDATE assets SET size = (SELECT size FROM assets b WHERE b.id = assets.id - 1)
    WHERE id % 500 = 12 AND kind = 'photo' AND (SELECT kind FROM assets b WHERE b.id = assets.id - 1) = 'photo';
INSERT INTO image_features (asset_id, device, inode, size, mtime_ns, ctime_ns, phash, sharpness, exposure, edges, turn_signs, turns)
SELECT id, device, inode, size, mtime_ns, COALESCE(ctime_ns, 0),
    CASE WHEN id % 300 = 12 THEN (((id - 1) * 2654435761 % 2147483647) * 4294967296 + ((id - 1) * 3935559000 % 4294967291) | 5) - (((id - 1) * 2654435761 % 2147483647) * 4294967296 + ((id - 1) * 3935559000 % 4294967291) & 5) ELSE ((id) * 2654435761 % 2147483647) * 4294967296 + ((id) * 3935559000 % 4294967291) END,
    CASE WHEN id % $BLURRY = 3 THEN 3.5 ELSE 80 + id % 900 END, 0.2 + (id % 60) / 100.0, 200,
    CASE WHEN id % 300 = 12 THEN (((id - 1) * 1103515245 + 12345) % 2147483647) * 4294967296 + ((id - 1) * 2246822519 % 4294967291)
        ELSE ((id * 1103515245 + 12345) % 2147483647) * 4294967296 + (id * 2246822519 % 4294967291) END, 1
FROM assets WHERE (kind = 'photo' AND format IN ('jpeg', 'png', 'webp', 'heic', 'avif', 'dng')) OR kind = 'video';
INSERT INTO image_hashes (asset_id, device, inode, size, mtime_ns, ctime_ns, hash)
SELECT id, device, inode, size, mtime_ns, COALESCE(ctime_ns, 0),
    CASE WHEN id % 500 IN (11, 12) THEN CAST(printf('%016d', size) AS BLOB) ELSE randomblob(16) END
FROM assets WHERE format IN ('jpeg', 'png', 'heic', 'avif', 'mov', 'mp4');
-- What the text test read of every photo (a stock rule reads document): one in 200 a page of text.
INSERT INTO text_readings (asset_id, device, inode, size, mtime_ns, ctime_ns, recognized, text, words, document, coverage, turn)
SELECT id, device, inode, size, mtime_ns, COALESCE(ctime_ns, 0), CASE WHEN id % 200 = 7 THEN 1 ELSE 0 END,
    CASE WHEN id % 200 = 7 THEN 'TOTAL 12.50 EUR' END, CASE WHEN id % 200 = 7 THEN 80 ELSE 0 END,
    CASE WHEN id % 200 = 7 THEN 1 ELSE 0 END, CASE WHEN id % 200 = 7 THEN 0.4 ELSE 0 END, 0
FROM assets WHERE kind = 'photo';
INSERT INTO hashes (asset_id, device, inode, size, mtime_ns, ctime_ns, partial, full)
SELECT a.id, a.device, a.inode, a.size, a.mtime_ns, COALESCE(a.ctime_ns, 0), zeroblob(16),
    CASE WHEN a.id % 500 IN (11, 12) THEN CAST(printf('%016d', a.size) AS BLOB) ELSE randomblob(16) END
FROM assets a WHERE a.size IN (SELECT size FROM assets GROUP BY size HAVING count(*) > 1);
COMMIT;
ANALYZE;
SQL
}
