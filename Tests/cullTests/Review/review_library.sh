#!/usr/bin/env bash
# Builds the library the review page's browser tests look at (ReviewPageTests): camera photos,
# exact copies, a burst, a resized copy, two RAW+JPEG pairs, a rated photo; and a rule file
# with a rule of every group kind and two plain rules.
# usage: review_library.sh LIBRARY RULES_FILE [CORPUS_RAW_DIR]   (needs ImageMagick and exiftool;
# without the corpus folder the RAW pairs are left out)
set -euo pipefail
lib=$1 rules=$2 raw=${3:-}
mkdir -p "$lib"/{DCIM/Camera,DCIM/Burst,Backup,Edited,Old}
seed=0
photo() {   # photo PATH COLOR LABEL DATE [WIDTHxHEIGHT]: a picture of its own (plasma from its own seed)
    seed=$((seed + 1))
    convert -size 80x60 -seed "$seed" "plasma:$2-white" -resize "${5:-640x480}!" -gravity center -pointsize 72 -fill black \
        -annotate 0 "$3" -quality 85 "$lib/$1"
    exiftool -q -overwrite_original -Make=Canon "-Model=Canon EOS 80D" "-DateTimeOriginal=$4" "$lib/$1"
}
photo DCIM/Camera/IMG_0001.JPG red "one" "2019:05:01 10:00:00"
photo DCIM/Camera/IMG_0002.JPG green "two" "2019:05:02 10:00:00"
photo DCIM/Camera/IMG_0003.JPG blue "three" "2019:05:03 10:00:00" 800x600
photo DCIM/Camera/IMG_0004.JPG orange "four" "2019:05:04 10:00:00"
photo DCIM/Camera/IMG_0005.JPG purple "five" "2019:05:05 10:00:00"
# Exact copies (one of them rated, so a protect guard picks it as the keeper).
cp -p "$lib/DCIM/Camera/IMG_0001.JPG" "$lib/Backup/IMG_0001.JPG"
cp -p "$lib/DCIM/Camera/IMG_0001.JPG" "$lib/Backup/IMG_0001 (copy).JPG"
cp -p "$lib/DCIM/Camera/IMG_0002.JPG" "$lib/Backup/IMG_0002.JPG"
exiftool -q -overwrite_original -Rating=3 "$lib/Backup/IMG_0002.JPG"
cp -p "$lib/Backup/IMG_0002.JPG" "$lib/Backup/IMG_0002-rated-copy.JPG"
# A burst: one camera, one second, told apart by SubSecTimeOriginal.
for i in 1 2 3 4 5; do
    name="DCIM/Burst/IMG_20230612_101010_BURST00$i.JPG"
    photo "$name" gray "frame $i" "2023:06:12 10:10:10"; seed=$((seed - 1))
    exiftool -q -overwrite_original "-SubSecTimeOriginal=${i}00" "$lib/$name"
done
# A resized copy: the same picture, other bytes.
convert "$lib/DCIM/Camera/IMG_0003.JPG" -resize 50% -quality 80 "$lib/Edited/IMG_0003_small.JPG"
# Old photos a plain rule stages.
photo Old/scan-1998-01.JPG yellow "1998" "1998:01:01 12:00:00"
photo Old/scan-1998-02.JPG cyan "1998 b" "1998:02:01 12:00:00"
if [[ -n "$raw" && -f "$raw/CanonRaw.cr2" ]]; then
    # RAW+JPEG pairs: same folder, same stem, same capture time.
    cp "$raw/CanonRaw.cr2" "$lib/DCIM/Camera/IMG_9000.CR2"
    photo DCIM/Camera/IMG_9000.JPG pink "9000" "2005:08:03 18:59:18"
    cp "$raw/Nikon.nef" "$lib/Old/DSC_0042.NEF"
    photo Old/DSC_0042.JPG brown "0042" "2004:06:09 16:02:35"
fi
cat > "$rules" <<'YAML'
version: 1
protect:
  - rating: {gte: 1}
rules:
  - name: exact-duplicates
    match: {duplicate: true}
    keep: [oldest, shortest_path]
  - name: burst-extras
    match: {burst: true}
    keep: [first]
    limit: {count: 50}
  - name: similar
    match: {similar: {distance: 6}}
    keep: [largest]
  - name: raw-jpeg-pairs
    match: {raw_pair: jpeg}
  - name: old-scans
    match: {path: "Old/**", kind: photo, raw: false}
YAML
