#!/usr/bin/env bash
# `make deb`: rowdrag_VERSION-REVISION_ARCH.deb in OUTDIR, from EXECUTABLE (the static
# release build), the man pages in man/, the completion scripts in completions/ and the
# files beside this script, laid out where Debian puts them.
#
# Usage: packaging/deb/build.sh EXECUTABLE OUTDIR
#   DEB_REVISION    the Debian revision (default 1)
#   DEB_MAINTAINER  the Maintainer field and the changelog's signer
#
# VERSION is what `EXECUTABLE --version` prints (Runner.versionNumber), so the package
# cannot name another version than the program's; CHANGELOG.md must have its section.
# The package is the same bytes each time it is built from the same tree and
# executable: every file is dated the newest changelog entry (SOURCE_DATE_EPOCH, which
# dpkg-deb honours too), owned by root, compressed without timestamps.
set -euo pipefail

if [ $# -ne 2 ]; then
  echo "usage: $0 EXECUTABLE OUTDIR" >&2
  exit 2
fi
bin=$1 out=$2
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
revision=${DEB_REVISION:-1}
maintainer=${DEB_MAINTAINER:-rowdrag maintainers <maintainers@users.noreply.a-seed-7c6271dd.example>}

version=$("$bin" --version | sed -n '1s/^rowdrag \([0-9][0-9A-Za-z.+~]*\)$/\1/p')
if [ -z "$version" ]; then
  echo "$0: $bin --version does not start with 'rowdrag VERSION'" >&2
  exit 1
fi
arch=$(dpkg --print-architecture)
deb="$out/rowdrag_${version}-${revision}_${arch}.deb"

# A fully static executable needs no package at run time. A dynamic one would need
# dpkg-shlibdeps and libraries Debian ships; the Swift runtime is not among them, so
# such a package would not run: refuse it rather than build it without Depends.
linkage=$(ldd "$bin" 2>&1 || true)
if [ "$linkage" != "	not a dynamic executable" ] && [ "$linkage" != "not a dynamic executable" ]; then
  echo "$0: $bin is dynamically linked; package the static release build (make release)" >&2
  echo "$linkage" >&2
  exit 1
fi

stage=$(mktemp -d "${TMPDIR:-/tmp}/rowdrag-deb.XXXXXX")
trap 'rm -rf "$stage"' EXIT
umask 022
chmod 755 "$stage"
doc="$stage/usr/share/doc/rowdrag"

install -d "$stage/DEBIAN" "$stage/usr/bin" "$doc"
# As dh_strip does: no symbols or debugging sections (23 MB → about 9 MB).
strip --strip-unneeded --remove-section=.comment -o "$stage/usr/bin/rowdrag" "$bin"
chmod 755 "$stage/usr/bin/rowdrag"

for page in "$root"/man/*.[1-9]; do
  section=${page##*.}
  install -d "$stage/usr/share/man/man$section"
  gzip -9nc "$page" > "$stage/usr/share/man/man$section/$(basename "$page").gz"
done

install -D -m 644 "$root/completions/rowdrag.bash" "$stage/usr/share/bash-completion/completions/rowdrag"
install -D -m 644 "$root/completions/_rowdrag" "$stage/usr/share/zsh/vendor-completions/_rowdrag"
install -D -m 644 "$root/completions/rowdrag.fish" "$stage/usr/share/fish/vendor_completions.d/rowdrag.fish"
install -D -m 644 "$here/lintian-overrides" "$stage/usr/share/lintian/overrides/rowdrag"

install -m 644 "$here/copyright" "$doc/copyright"
gzip -9nc "$root/CHANGELOG.md" > "$doc/changelog.gz"
unreleased_epoch=${SOURCE_DATE_EPOCH:-$(git -C "$root" log -1 --format=%ct 2>/dev/null || date +%s)}
python3 "$here/changelog.py" "$root/CHANGELOG.md" "$version" "$revision" "$maintainer" "$unreleased_epoch" \
  > "$stage/changelog.Debian"
# The date of the newest entry is the date of every file, as dpkg-buildpackage does.
SOURCE_DATE_EPOCH=$(date -d "$(sed -n '0,/^ -- /s/^ -- .*>  //p' "$stage/changelog.Debian")" +%s)
export SOURCE_DATE_EPOCH
gzip -9nc "$stage/changelog.Debian" > "$doc/changelog.Debian.gz"
rm "$stage/changelog.Debian"

# Built-Using names the Debian sources of the static libraries inside the executable
# (Policy 7.8: their licences ask for the source to stay available).
built_using=$(
  for archive in libc.a libreadline.a libtinfo.a libstdc++.a libgcc.a; do
    file=$(readlink -f "$(gcc -print-file-name="$archive")")
    package=$(dpkg -S "$file" | head -1 | cut -d: -f1)
    dpkg-query -W -f='${source:Package} (= ${source:Version})\n' "$package"
  done | sort -u | paste -sd, | sed 's/,/, /g'
)

# Installed-Size in KiB as dpkg-gencontrol counts it: each file rounded up, 1 a directory.
installed_size=$(find "$stage" -path "$stage/DEBIAN" -prune -o -mindepth 1 -printf '%y %s\n' |
  awk '$1 == "f" { kib += int(($2 + 1023) / 1024); next } { kib += 1 } END { print kib }')

escaped() { printf '%s' "$1" | sed 's/[&/\\]/\\&/g'; }
sed -e "s/@VERSION@/$version-$revision/" -e "s/@ARCH@/$arch/" -e "s/@MAINTAINER@/$(escaped "$maintainer")/" \
  -e "s/@SIZE@/$installed_size/" -e "s/@BUILT_USING@/$(escaped "$built_using")/" \
  "$here/control.in" > "$stage/DEBIAN/control"
(cd "$stage" && find usr -type f -print0 | sort -z | xargs -0 md5sum) > "$stage/DEBIAN/md5sums"
chmod 644 "$stage/DEBIAN/control" "$stage/DEBIAN/md5sums"

find "$stage" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
mkdir -p "$out"
dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" > /dev/null
echo "$deb"
