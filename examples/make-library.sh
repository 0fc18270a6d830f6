#!/usr/bin/env bash
# Rebuilds examples/library/ with real tools (ImageMagick, ExifTool, FFmpeg): small files with
# real headers, so `cull` can be tried without any photos of your own. The output is committed;
# run this only to change the example. Needs: imagemagick libimage-exiftool-perl ffmpeg.
set -euo pipefail
cd "$(dirname "$0")"
out=library
rm -rf "$out"
mkdir -p "$out"
convert=$(command -v convert-im6.q16 || command -v convert)

jpeg() { # path WxH color date make model [extra exiftool args...]
    local path=$1 size=$2 color=$3 date=$4 make=$5 model=$6; shift 6
    mkdir -p "$(dirname "$out/$path")"
    "$convert" -size "$size" "xc:$color" -quality 60 "$out/$path"
    exiftool -q -overwrite_original -DateTimeOriginal="$date" -CreateDate="$date" \
        -Make="$make" -Model="$model" "$@" "$out/$path"
}

# A camera's old and recent years.
for i in 1 2 3 4; do jpeg "Camera/2018/IMG_00$i.JPG" 96x64 "#8a$((i))0c0" "2018:0$i:1$i 10:0$i:00" Canon "Canon EOS 5D Mark III"; done
for i in 1 2 3; do jpeg "Camera/2019/DSC_01$i.JPG" 96x64 "#40$((i))0a0" "2019:0$((i+6)):0$i 16:30:0$i" NIKON "NIKON D750" -Orientation=6 -n; done
jpeg "Camera/2024/IMG_2041.JPG" 96x64 "#c08040" "2024:07:14 18:22:05" Apple "iPhone 15 Pro" \
    -OffsetTimeOriginal=+02:00 -GPSLatitude=48.8584 -GPSLatitudeRef=N -GPSLongitude=2.2945 -GPSLongitudeRef=E -LensModel="iPhone 15 Pro back triple camera 6.765mm f/1.78"
jpeg "Camera/2024/IMG_2042.JPG" 96x64 "#c0a040" "2024:07:14 18:25:41" Apple "iPhone 15 Pro" -OffsetTimeOriginal=+02:00
jpeg "Camera/2024/IMG_2043.JPG" 96x64 "#c0c040" "2024:08:02 09:01:12" Apple "iPhone 15 Pro" -OffsetTimeOriginal=+02:00

# Ratings in XMP sidecars (IMG_2041 a favourite, IMG_002 rejected).
exiftool -q -o "$out/Camera/2024/IMG_2041.xmp" -Rating=5 "$out/Camera/2024/IMG_2041.JPG"
exiftool -q -o "$out/Camera/2018/IMG_002.JPG.xmp" -Rating=-1 "$out/Camera/2018/IMG_002.JPG"
exiftool -q -o "$out/Camera/2019/DSC_011.xmp" -Rating=3 "$out/Camera/2019/DSC_011.JPG"

# An iOS-style screenshot (UserComment "Screenshot", screen-sized PNG, no camera) and Android/macOS ones.
mkdir -p "$out/Phone/Screenshots"
"$convert" -size 1170x2532 xc:white "$out/Phone/IMG_3001.PNG"
exiftool -q -overwrite_original -UserComment=Screenshot -DateTimeOriginal="2024:01:05 08:00:00" "$out/Phone/IMG_3001.PNG"
"$convert" -size 1080x2400 xc:"#eeeeee" "$out/Phone/Screenshots/Screenshot_20230412-094512.png"
"$convert" -size 640x400 xc:"#dddddd" "$out/Phone/Screenshot 2022-11-30 at 14.02.11.png"

# Phone photos whose only date is in the name, and messaging-app media.
"$convert" -size 80x60 xc:"#336699" -quality 60 "$out/Phone/PXL_20230615_121314123.jpg"
mkdir -p "$out/WhatsApp/Media/WhatsApp Images" "$out/Telegram/Telegram Images"
for i in 1 2 3; do "$convert" -size 64x64 "xc:#99$((i))$((i))66" -quality 50 "$out/WhatsApp/Media/WhatsApp Images/IMG-2022010$i-WA000$i.jpg"; done
"$convert" -size 64x64 xc:"#669966" -quality 50 "$out/Telegram/Telegram Images/photo_2021-05-01_10-00-00.jpg"

# Videos: a short MP4 with a creation time, a screen recording, a Live Photo's video half.
ff() { ffmpeg -loglevel error -y -f lavfi -i "testsrc=size=$1:rate=10" -t "$2" -pix_fmt yuv420p -c:v libx264 -crf 40 "${@:3}"; }
mkdir -p "$out/Videos"
ff 160x90 2 -metadata creation_time=2023-08-20T17:45:00Z "$out/Videos/VID_20230820_194500.mp4"
ff 180x390 1 -metadata creation_time=2024-02-02T12:00:00Z "$out/Phone/ScreenRecording_02-02-2024 13-00-00.mp4"
jpeg "Camera/2024/IMG_2050.JPG" 96x64 "#4080c0" "2024:09:01 12:00:00" Apple "iPhone 15 Pro" -OffsetTimeOriginal=+02:00
ff 96x64 1 -metadata creation_time=2024-09-01T10:00:00Z -f mov "$out/Camera/2024/IMG_2050.MOV"

# A Google Takeout export: the date and the favourite flag live in a JSON sidecar.
mkdir -p "$out/Takeout/Photos from 2020"
"$convert" -size 64x48 xc:"#aa5500" -quality 50 "$out/Takeout/Photos from 2020/IMG_4000.jpg"
cat > "$out/Takeout/Photos from 2020/IMG_4000.jpg.json" <<'JSON'
{"title": "IMG_4000.jpg", "photoTakenTime": {"timestamp": "1591000000", "formatted": "1 Jun 2020"}, "favorited": true}
JSON

# A GIF, a WebP, a TIFF, and two files that cannot be parsed.
"$convert" -size 32x32 xc:"#ff00ff" "$out/Phone/sticker.gif"
"$convert" -size 48x32 xc:"#00aaff" -quality 50 "$out/Phone/image.webp" 2>/dev/null || true
"$convert" -size 40x30 xc:"#777777" -compress zip "$out/Camera/scan_1999.tif"
exiftool -q -overwrite_original -DateTimeOriginal="1999:05:01 12:00:00" "$out/Camera/scan_1999.tif"
head -c 200 "$out/Camera/2018/IMG_001.JPG" > "$out/Camera/2018/IMG_001_truncated.JPG"
printf 'not a photo at all' > "$out/Phone/broken.heic"

find "$out" -type f | wc -l
du -sh "$out"
