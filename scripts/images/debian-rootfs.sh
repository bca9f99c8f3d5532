#!/usr/bin/env bash
# The images' runtime root file system, assembled from Debian packages with no registry and no daemon:
# glibc, the C++ runtime, zlib, OpenJDK 17's headless runtime and Mozilla's CA certificates, at the
# versions this machine's apt sources serve (listed in OUT/packages.txt). Needs apt-get and dpkg-deb
# (Debian or Ubuntu). Used by ./build-images.sh --base debian.
#   scripts/images/debian-rootfs.sh OUT_DIR [ARCH]     (ARCH: amd64 or arm64, default this machine's)
set -euo pipefail
out=${1:?usage: scripts/images/debian-rootfs.sh OUT_DIR [ARCH]}
arch=${2:-$(dpkg --print-architecture)}
packages="libc6 libgcc-s1 libstdc++6 zlib1g openjdk-17-jre-headless ca-certificates"
for tool in apt-get dpkg-deb; do
  command -v "$tool" >/dev/null 2>&1 || { echo "error: $tool is required (a Debian or Ubuntu machine); elsewhere use ./build-images.sh --base IMAGE" >&2; exit 2; }
done
debs=$(mktemp -d "${TMPDIR:-/tmp}/capplanner-debs-XXXXXX")
trap 'rm -rf "$debs"' EXIT
wanted=()
for package in $packages; do wanted+=("$package:$arch"); done
if ! (cd "$debs" && apt-get download -qq "${wanted[@]}" >/dev/null 2>"$debs/apt.log"); then
  grep -v '^W:' "$debs/apt.log" >&2 || true
  echo "error: apt-get download failed; for another architecture than this machine's run" \
    "'dpkg --add-architecture $arch && apt-get update' first" >&2
  exit 1
fi
rm -rf "$out/rootfs"
mkdir -p "$out/rootfs"
: > "$out/packages.txt"
for deb in "$debs"/*.deb; do
  dpkg-deb -x "$deb" "$out/rootfs"
  dpkg-deb -f "$deb" Package Version Architecture | paste -sd' ' >> "$out/packages.txt"
done
rootfs=$out/rootfs
# What the packages' install scripts would have done, and an image does not run.
java_home=/usr/lib/jvm/java-17-openjdk-$arch
[ -x "$rootfs$java_home/bin/java" ] || { echo "error: no Java runtime at $java_home in the packages" >&2; exit 1; }
mkdir -p "$rootfs/etc" "$rootfs/tmp" "$rootfs/deployments"
chmod 0777 "$rootfs/tmp"
printf 'root:x:0:0:root:/root:/sbin/nologin\njboss:x:185:185:service:/deployments:/sbin/nologin\n' > "$rootfs/etc/passwd"
printf 'root:x:0:\njboss:x:185:\n' > "$rootfs/etc/group"
rm -rf "$rootfs/usr/share/doc" "$rootfs/usr/share/man" "$rootfs/usr/share/lintian" "$rootfs/usr/share/locale"
echo "$java_home" > "$out/java-home"
echo "$arch" > "$out/arch"
