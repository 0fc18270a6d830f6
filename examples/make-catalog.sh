#!/usr/bin/env bash
# Rebuilds examples/catalogs/darktable/: a darktable library (library.db + data.db, darktable 4.2's own
# schema, copied from the catalog darktable-cli wrote in ../shared/fixtures/catalogs/darktable) that
# knows the example library's Camera/2019 folder as /home/user/Pictures/example/Camera/2019, with
# the decisions a darktable user makes there: DSC_0012 rated 5 stars, DSC_0015 rejected, DSC_0013
# labelled red and tagged "Places|Alps". Its rows are written the way darktable writes them (rating
# in flags & 7, rejected flag 8, labels in color_labels, tags in data.db). The output is committed;
# run this only to change it. Needs: sqlite3.
set -euo pipefail
cd "$(dirname "$0")"
fixture=../../shared/fixtures/catalogs/darktable
out=catalogs/darktable
rm -rf "$out"
mkdir -p "$out"
cp "$fixture/library.db" "$fixture/data.db" "$out/"
chmod 644 "$out"/*.db
sqlite3 "$out/library.db" <<'SQL'
DELETE FROM tagged_images; DELETE FROM color_labels; DELETE FROM images;
UPDATE film_rolls SET folder = '/home/user/Pictures/example/Camera/2019' WHERE id = 1;
DELETE FROM film_rolls WHERE id <> 1;
INSERT INTO images (id, group_id, film_id, width, height, filename, maker, model, flags, version, max_version, import_timestamp)
VALUES (11, 11, 1, 384, 288, 'DSC_0011.JPG', 'NIKON', 'NIKON D750', 0, 0, 0, 1764000000),
       (12, 12, 1, 384, 288, 'DSC_0012.JPG', 'NIKON', 'NIKON D750', 5, 0, 0, 1764000000),
       (13, 13, 1, 384, 288, 'DSC_0013.JPG', 'NIKON', 'NIKON D750', 0, 0, 0, 1764000000),
       (14, 14, 1, 384, 288, 'DSC_0014.JPG', 'NIKON', 'NIKON D750', 0, 0, 0, 1764000000),
       (15, 15, 1, 384, 288, 'DSC_0015.JPG', 'NIKON', 'NIKON D750', 8, 0, 0, 1764000000);
INSERT INTO color_labels (imgid, color) VALUES (13, 0);
INSERT INTO tagged_images (imgid, tagid, position) VALUES (13, 3, 4294967296);
VACUUM;
SQL
sqlite3 "$out/data.db" "DELETE FROM tags WHERE id <> 1; INSERT INTO tags (id, name) VALUES (3, 'Places|Alps'); VACUUM;"
ls -la "$out"
