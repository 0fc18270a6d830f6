#!/usr/bin/env bash
# Rebuilds examples/library/ with real tools (ImageMagick, ExifTool, FFmpeg): a small phone and
# camera library of real-looking pictures (a few hundred pixels each, a few MB in all) with real
# headers, so `cull` can be tried without any photos of your own, and so that the stock rules find
# something of every kind: exact copies, an export and a resized copy, a burst with a blurred frame,
# RAW+JPEG pairs, old screenshots, messaging media, a Live Photo, videos, sidecars, broken files,
# a photographed boarding pass with a QR code.
# The output is committed; run this only to change the example.
# Needs: imagemagick libimage-exiftool-perl ffmpeg fonts-dejavu-core qrencode.
set -euo pipefail
cd "$(dirname "$0")"
out=library
rm -rf "$out"
mkdir -p "$out"
convert=$(command -v convert-im6.q16 || command -v convert)
font=DejaVu-Sans

# A landscape, a city, a beach or a forest, different for every seed (make-scene.py).
picture() { # path seed [WxH]
    local path=$1 seed=$2 size=${3:-384x288}
    mkdir -p "$(dirname "$out/$path")"
    python3 make-scene.py "$seed" "$out/$path" "${size%x*}" "${size#*x}"
}

tag() { # path date make model [extra exiftool args...]
    local path=$1 date=$2 make=$3 model=$4; shift 4
    exiftool -q -overwrite_original -DateTimeOriginal="$date" -CreateDate="$date" -Make="$make" -Model="$model" "$@" "$out/$path"
}

photo() { # path seed date make model [extra...]
    local path=$1 seed=$2; shift 2
    picture "$path" "$seed"
    tag "$path" "$@"
}

# --- Camera: a Canon in 2018, a Nikon in 2019 (old, mostly never rated), an iPhone recently.
for i in $(seq 1 6); do
    photo "Camera/2018/IMG_$(printf %04d "$i").JPG" "$i" "2018:0$(( (i % 9) + 1 )):1$((i % 10)) 10:0$i:00" Canon "Canon EOS 5D Mark III" \
        -LensModel="EF24-105mm f/4L IS USM"
done
for i in $(seq 11 15); do
    photo "Camera/2019/DSC_$(printf %04d "$i").JPG" "$i" "2019:07:$i 16:30:00" NIKON "NIKON D750" -Orientation=6 -n
done
# Ratings in XMP sidecars: a favourite, a rejected one, a three-star one.
exiftool -q -o "$out/Camera/2018/IMG_0002.xmp" -Rating=5 "$out/Camera/2018/IMG_0002.JPG"
exiftool -q -o "$out/Camera/2018/IMG_0003.JPG.xmp" -Rating=-1 "$out/Camera/2018/IMG_0003.JPG"
exiftool -q -o "$out/Camera/2019/DSC_0011.xmp" -Rating=3 "$out/Camera/2019/DSC_0011.JPG"
# A summer trip with a location (the example rules' keep rule spares it).
exiftool -q -overwrite_original -GPSLatitude=45.8326 -GPSLatitudeRef=N -GPSLongitude=6.8652 -GPSLongitudeRef=E "$out/Camera/2019/DSC_0014.JPG"

# Recent iPhone photos (nobody's rule stages these): the bulk of a real library.
n=0
for month in 01 02 03 04 05 06 07 08 09 10 11 12; do
    for day in 04 11 17 23 28; do
        n=$((n + 1))
        photo "DCIM/2025/IMG_$((5000 + n)).JPG" $((100 + n)) "2025:$month:$day 1$((n % 10)):2$((n % 10)):00" Apple "iPhone 15 Pro" \
            -OffsetTimeOriginal=+02:00 -LensModel="iPhone 15 Pro back triple camera 6.765mm f/1.78" \
            -GPSLatitude=48.$((8500 + n)) -GPSLatitudeRef=N -GPSLongitude=2.$((2900 + n)) -GPSLongitudeRef=E
    done
done
for n in $(seq 1 50); do
    photo "DCIM/2026/IMG_$((6000 + n)).JPG" $((200 + n)) "2026:0$(( (n % 9) + 1 )):1$((n % 10)) 09:1$((n % 10)):00" Apple "iPhone 16" \
        -OffsetTimeOriginal=+01:00
done
exiftool -q -o "$out/DCIM/2025/IMG_5003.xmp" -Rating=4 "$out/DCIM/2025/IMG_5003.JPG"

# --- A boarding pass photographed at the gate: a QR code on a card, turned and a little blurred (`code: qr`).
picture "DCIM/2025/IMG_5200.JPG" 950 640x480
qrencode -o "$out/qr.png" -s 4 -m 2 "M1DOE/JANE EABC123 CDGLHRAF 1080 225Y014C0042 100"
"$convert" "$out/qr.png" -bordercolor white -border 16 -resize 220x -virtual-pixel white \
    -distort Perspective "0,0 6,4  %[fx:w],0 %[fx:w*0.95],%[fx:h*0.05]  0,%[fx:h] %[fx:w*0.03],%[fx:h*0.96]  %[fx:w],%[fx:h] %[fx:w*0.93],%[fx:h*0.92]" "$out/card.png"
"$convert" "$out/DCIM/2025/IMG_5200.JPG" "$out/card.png" -geometry +250+140 -composite -blur 0x0.6 -quality 85 "$out/DCIM/2025/IMG_5200.JPG"
rm "$out/qr.png" "$out/card.png"
tag "DCIM/2025/IMG_5200.JPG" "2025:08:14 07:42:00" Apple "iPhone 15 Pro" -OffsetTimeOriginal=+02:00

# A Live Photo: the still and its 1.5 s video, same stem, same moment.
photo "DCIM/2025/IMG_5100.JPG" 300 "2025:06:01 12:00:00" Apple "iPhone 15 Pro" -OffsetTimeOriginal=+02:00
ff() { ffmpeg -loglevel error -y -f lavfi -i "testsrc=size=$1:rate=10" -t "$2" -pix_fmt yuv420p -c:v libx264 -crf 40 "${@:3}"; }
ff 192x144 1.5 -metadata creation_time=2025-06-01T10:00:00Z -f mov "$out/DCIM/2025/IMG_5100.MOV"

# A burst: four frames of one scene, one second, told apart by SubSecTimeOriginal (the camera moves
# between them: look-alikes, not copies).
mkdir -p "$out/DCIM/2025/Burst"
python3 make-scene.py 401 "$out/scene.png" 480 320
for i in 1 2 3 4; do
    frame="DCIM/2025/Burst/IMG_5200_$i.JPG"
    "$convert" "$out/scene.png" -crop "384x288+$((i * 24))+$((i * 6))" +repage -quality 82 "$out/$frame"
    tag "$frame" "2025:08:15 17:42:10" Apple "iPhone 15 Pro" -SubSecTimeOriginal="$((i * 150))" -OffsetTimeOriginal=+02:00
done
rm "$out/scene.png"
# An accidental blurred shot and a pocket shot (a black frame), never rated.
picture "DCIM/2025/IMG_5300.JPG" 310
"$convert" "$out/DCIM/2025/IMG_5300.JPG" -blur 0x6 "$out/DCIM/2025/IMG_5300.JPG"
tag "DCIM/2025/IMG_5300.JPG" "2025:10:02 08:15:00" Apple "iPhone 15 Pro"
"$convert" -size 384x288 xc:"#060606" -attenuate 0.15 +noise Gaussian -quality 82 "$out/DCIM/2025/IMG_5301.JPG"
tag "DCIM/2025/IMG_5301.JPG" "2025:10:02 08:15:04" Apple "iPhone 15 Pro"

# --- RAW+JPEG: a camera's RAW (TIFF-based, laid out as a NEF: an RGB image in IFD0 and the camera's
# JPEG preview in a SubIFD, made by make-raw.py) and the JPEG the camera saved beside it.
mkdir -p "$out/Camera/2024"
for i in 1 2; do
    stem="Camera/2024/DSC_010$i"
    python3 make-scene.py $((500 + i)) "$out/scene.png"
    "$convert" "$out/scene.png" -quality 85 "$out/preview.jpg"
    "$convert" "$out/scene.png" rgb:"$out/scene.rgb"
    python3 make-raw.py "$out/$stem.NEF" "$out/preview.jpg" "$out/scene.rgb" 384 288 "2024:05:1$i 11:00:00" "NIKON CORPORATION" "NIKON Z 6"
    "$convert" "$out/scene.png" -quality 82 "$out/$stem.JPG"
    exiftool -q -overwrite_original -DateTimeOriginal="2024:05:1$i 11:00:00" -Make="NIKON CORPORATION" -Model="NIKON Z 6" "$out/$stem.JPG"
    rm "$out/scene.png" "$out/preview.jpg" "$out/scene.rgb"
done

# --- Copies: a backup folder with byte-identical copies (cp -p), an export stripped of its metadata
# (the same picture), and resized copies sent by mail (similar pictures).
mkdir -p "$out/Backup/Camera/2018" "$out/Exports" "$out/Mail"
for i in 1 4 5; do cp -p "$out/Camera/2018/IMG_000$i.JPG" "$out/Backup/Camera/2018/"; done
exiftool -q -all= -o "$out/Exports/IMG_5007_export.jpg" "$out/DCIM/2025/IMG_5007.JPG"
"$convert" "$out/DCIM/2025/IMG_5010.JPG" -resize 50% -quality 70 "$out/Mail/IMG_5010_small.jpg"

# --- Screenshots: iOS (UserComment "Screenshot", screen-sized PNG, no camera), Android and macOS names.
screen() { # path WxH title body-lines...
    local path=$1 size=$2 title=$3; shift 3
    mkdir -p "$(dirname "$out/$path")"
    local w=${size%x*}
    "$convert" -size "$size" xc:"#f4f4f6" -fill "#2b6cb0" -draw "rectangle 0,0 $w,120" \
        -font "$font" -fill white -pointsize 44 -annotate +40+85 "$title" \
        -fill "#222222" -pointsize 30 -annotate +40+220 "$(printf '%s\n\n' "$@")" "$out/$path"
}
screen "Phone/IMG_3001.PNG" 585x1266 "Boarding pass" "Flight AF 1234" "Gate K42" "Seat 17C"
exiftool -q -overwrite_original -UserComment=Screenshot -DateTimeOriginal="2024:01:05 08:00:00" "$out/Phone/IMG_3001.PNG"
screen "Phone/IMG_3002.PNG" 585x1266 "Recipe" "200 g flour" "3 eggs" "1 l milk"
exiftool -q -overwrite_original -UserComment=Screenshot -DateTimeOriginal="2025:02:11 19:30:00" "$out/Phone/IMG_3002.PNG"
screen "Phone/Screenshots/Screenshot_20230412-094512.png" 540x1200 "Maps" "Turn left in 200 m" "Rue de Rivoli"
screen "Phone/Screenshots/Screenshot_20240921-181500.png" 540x1200 "Chat" "See you at 8?" "Sure!"
screen "Phone/Screenshot 2022-11-30 at 14.02.11.png" 640x400 "Invoice" "Total: 42.00 EUR"
screen "Phone/Screenshot 2026-11-20 at 10.00.00.png" 640x400 "Calendar" "Dentist Tuesday 9:00"

# --- Documents photographed with the phone in 2023 (the `document` field, rules/documents.yaml): a receipt and a
# printed page, each laid on a table in perspective, lit unevenly.
document() { # path WxH pointsize lines...
    local path=$1 size=$2 point=$3; shift 3
    local w=${size%x*} h=${size#*x} args=() y=$(( point * 3 )) line
    for line in "$@"; do args+=(-annotate "+$(( w / 12 ))+$y" "$line"); y=$(( y + point * 8 / 5 )); done
    mkdir -p "$(dirname "$out/$path")"
    "$convert" -size "$size" xc:white -font "$font" -pointsize "$point" -fill "#222222" "${args[@]}" "$out/page.png"
    python3 make-scene.py 950 "$out/table.png" 1600 1200
    "$convert" "$out/table.png" \( "$out/page.png" -alpha set -virtual-pixel transparent \
        +distort Perspective "0,0 $(( 800 - w / 2 )),110  $w,0 $(( 800 + w / 2 )),150  $w,$h $(( 800 + w / 2 + 20 )),1090  0,$h $(( 800 - w / 2 - 30 )),1060" \) \
        -background none -flatten \( -size 1600x1200 gradient:gray70-white \) -compose multiply -composite -blur 0x0.8 -quality 82 "$out/$path"
    rm "$out/page.png" "$out/table.png"
}
document "Phone/2023/IMG_2101.JPG" 700x1000 30 "CORNER CAFE" "12 Harbour Road" "" "Cappuccino          3.20" "Croissant           2.10" \
    "Orange juice        3.50" "Sandwich            6.90" "Mineral water       1.80" "" "TOTAL              17.50" "Card payment" "Thank you, see you soon"
tag "Phone/2023/IMG_2101.JPG" "2023:03:14 12:41:00" Apple "iPhone 13"
document "Phone/2023/IMG_2102.JPG" 900x1200 26 "Minutes of the residents meeting" "" "The meeting opened at seven in the evening." \
    "The treasurer presented the accounts for last year." "Repairs to the roof will start in the spring." "The garden committee asked for volunteers." \
    "Bicycles must be kept in the shed, not the hall." "The next meeting will be held in October." "Please send questions to the secretary."
tag "Phone/2023/IMG_2102.JPG" "2023:05:02 20:15:00" Apple "iPhone 13"

# --- Messaging apps: WhatsApp (received, and copies of what was sent) and Telegram.
mkdir -p "$out/WhatsApp/Media/WhatsApp Images/Sent" "$out/Telegram/Telegram Images"
for i in $(seq 1 6); do
    picture "WhatsApp/Media/WhatsApp Images/IMG-2024030${i}-WA000$i.jpg" $((600 + i)) 320x240
done
cp -p "$out/DCIM/2025/IMG_5012.JPG" "$out/WhatsApp/Media/WhatsApp Images/Sent/IMG-20250512-WA0001.jpg"
picture "Telegram/Telegram Images/photo_2024-05-01_10-00-00.jpg" 700 320x240
# A photo a chat app saved turned a quarter, its metadata stripped: `similar` finds it turned back.
"$convert" "$out/DCIM/2025/IMG_5011.JPG" -rotate 90 -strip -quality 80 "$out/Telegram/Telegram Images/photo_2025-06-02_18-20-00.jpg"
# The same photo turned the other way and saved as a PNG, its pixels unchanged: `duplicate: image` finds it.
"$convert" "$out/DCIM/2025/IMG_5011.JPG" -rotate 270 -strip "$out/Exports/IMG_5011-turned.png"

# --- Videos: a clip with a creation time, a screen recording.
mkdir -p "$out/Videos"
ff 320x180 2 -metadata creation_time=2023-08-20T17:45:00Z "$out/Videos/VID_20230820_194500.mp4"
ff 180x390 1 -metadata creation_time=2024-02-02T12:00:00Z "$out/Phone/ScreenRecording_02-02-2024 13-00-00.mp4"

# --- A Google Takeout export: the date and the favourite flag live in a JSON sidecar.
picture "Takeout/Photos from 2020/IMG_4000.jpg" 800 320x240
cat > "$out/Takeout/Photos from 2020/IMG_4000.jpg.json" <<'JSON'
{"title": "IMG_4000.jpg", "photoTakenTime": {"timestamp": "1591000000", "formatted": "1 Jun 2020"}, "favorited": true}
JSON

# --- Other formats, and files that cannot be parsed.
python3 make-scene.py 900 "$out/Phone/sticker.gif" 96 72
python3 make-scene.py 901 "$out/Phone/image.webp" 240 160
python3 make-scene.py 902 "$out/scene.png" 320 240
"$convert" "$out/scene.png" -colorspace Gray -compress zip "$out/Camera/scan_1999.tif" && rm "$out/scene.png"
exiftool -q -overwrite_original -DateTimeOriginal="1999:05:01 12:00:00" "$out/Camera/scan_1999.tif"
head -c 2000 "$out/Camera/2018/IMG_0006.JPG" > "$out/Camera/2018/IMG_0006_truncated.JPG"
printf 'not a photo at all' > "$out/Phone/broken.heic"

# --- Outside the library: what a chat app saves again after the demo's commit took the photo (resized, re-encoded).
mkdir -p came-back
"$convert" "$out/Camera/2019/DSC_0014.JPG" -resize 50% -quality 70 came-back/IMG-20261201-WA0001.jpg

find "$out" -type f | wc -l
du -sh "$out"
