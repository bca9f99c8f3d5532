#!/usr/bin/env bash
# OCI images of the five services, the turn gateway and the demo API, built without a Docker daemon (Jib), each with its
# CycloneDX SBOM (inside the image at /deployments/sbom/bom.cdx.json, and beside it; with --base debian
# also the base's Debian packages at /deployments/sbom/runtime-packages.txt).
#
#   ./build-images.sh [--base debian|IMAGE] [--arch amd64|arm64] [--out DIR] [--tag TAG] [--push REGISTRY/PREFIX]
#                     [--pin-prod-overlay]
#
#   --base debian   (default) a runtime assembled from Debian packages (scripts/images/debian-rootfs.sh:
#                   needs apt-get and dpkg-deb); nothing is pulled from a registry
#   --arch ARCH     with --base debian: the platform (default this machine's; another needs
#                   'dpkg --add-architecture ARCH && apt-get update' first)
#   --base IMAGE    a base image with a Java 17+ runtime on its PATH, pulled from its registry, best
#                   pinned by digest (e.g. eclipse-temurin:17-jre@sha256:...)
#   --out DIR       where tarballs, SBOMs and digests.txt go (default target/images)
#   --tag TAG       the images' tag (default 0.1.0)
#   --push PREFIX   push to REGISTRY/PREFIX/<service>:TAG instead of writing tarballs (credentials as
#                   docker login or a credential helper keep them; no daemon needed)
#   --pin-prod-overlay  with --push: write the pushed digests into deploy/k8s/overlays/prod/kustomization.yaml
#
# A tarball is an OCI image layout: skopeo copy oci-archive:FILE docker://..., crane push, podman load.
set -euo pipefail
caller=$PWD
cd "$(dirname "$0")"
base=debian arch="" out=target/images tag=0.1.0 push="" pin=false
while [ $# -gt 0 ]; do
  case "$1" in
    --base) base=${2:?--base needs a value}; shift 2 ;;
    --arch) arch=${2:?--arch needs a value}; shift 2 ;;
    --out) out=${2:?--out needs a value}; case "$out" in /*) ;; *) out=$caller/$out ;; esac; shift 2 ;;
    --tag) tag=${2:?--tag needs a value}; shift 2 ;;
    --push) push=${2:?--push needs a registry prefix}; shift 2 ;;
    --pin-prod-overlay) pin=true; shift ;;
    -h|--help) sed -n '2,23p' "$0"; exit 0 ;;
    *) echo "error: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
if $pin && [ -z "$push" ]; then echo "error: --pin-prod-overlay needs --push" >&2; exit 2; fi
modules="snapshot-service router-service planner-service executor-service shadow-report-service turn-gateway demo-api"
mkdir -p "$out"
out=$(cd "$out" && pwd)
log=$(mktemp "${TMPDIR:-/tmp}/capplanner-images-XXXXXX.log")
echo "Building the services and their SBOMs (log: $log) ..." >&2
if ! ./mvnw -B -DskipTests package -pl "$(echo "$modules" | tr ' ' ','),container-images" -am >"$log" 2>&1 \
   || ! ./mvnw -B org.cyclonedx:cyclonedx-maven-plugin:2.9.3:makeBom -DoutputFormat=json -DoutputName=bom \
        -pl "$(echo "$modules" | tr ' ' ',')" >>"$log" 2>&1; then
  tail -n 40 "$log" >&2
  echo "error: the build failed; see $log" >&2
  exit 1
fi
images() { java -jar container-images/target/container-images.jar "$@"; }
if [ "$base" = debian ]; then
  echo "Assembling the runtime from Debian packages ..." >&2
  scripts/images/debian-rootfs.sh "$out/runtime" ${arch:+"$arch"}
  rootfs=$out/runtime/rootfs
  images truststore --certificates "$rootfs/usr/share/ca-certificates" --out "$rootfs/etc/ssl/certs/java/cacerts" >&2
  images base --rootfs "$rootfs" --java-home "$(cat "$out/runtime/java-home")" --arch "$(cat "$out/runtime/arch")" \
    --out "$out/base.tar" >/dev/null
  base_ref="tar://$out/base.tar"
  packages=(--runtime-packages "$out/runtime/packages.txt")
else
  base_ref=$base
  packages=()
fi
: > "$out/digests.txt"
for module in $modules; do
  name=${push:-capplanner}/$module:$tag
  cp "$module/target/bom.json" "$out/$module.cdx.json"
  if [ -n "$push" ]; then
    digest=$(images service --app "$module/target/quarkus-app" --sbom "$module/target/bom.json" ${packages[@]+"${packages[@]}"} \
      --base "$base_ref" --image "$name" --push)
  else
    digest=$(images service --app "$module/target/quarkus-app" --sbom "$module/target/bom.json" ${packages[@]+"${packages[@]}"} \
      --base "$base_ref" --image "$name" --tar "$out/$module.tar")
  fi
  echo "$module $name $digest" | tee -a "$out/digests.txt"
done
if $pin; then
  overlay=deploy/k8s/overlays/prod/kustomization.yaml
  while read -r module name digest; do
    if grep -Fqx "  - name: capplanner/$module" "$overlay"; then
      scripts/images/pin-digest.sh "$overlay" "capplanner/$module" "${name%:*}" "$digest"
    else
      echo "($module is not deployed by the prod overlay: not pinned)" >&2
    fi
  done < "$out/digests.txt"
  echo "deploy/k8s/overlays/prod/kustomization.yaml now names each image by its digest" >&2
fi
