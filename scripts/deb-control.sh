#!/usr/bin/env bash
# Prints the Debian control file for the package staged in ROOT, whose binary is BINARY and
# whose maintainer is MAINTAINER: its version from `brewlog --version`, the machine's
# architecture, its installed size.
#
#   scripts/deb-control.sh BINARY ROOT MAINTAINER > ROOT/DEBIAN/control
set -euo pipefail
binary=$1
root=$2
maintainer=$3
version=$("$binary" --version | cut -d' ' -f2)
size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
cat <<CONTROL
Package: brewlog
Version: $version
Architecture: $(dpkg --print-architecture)
Maintainer: $maintainer
Installed-Size: $size
Depends: libc6, libgcc-s1, libstdc++6
Section: utils
Priority: optional
Description: brewing journal for the shell
 Log each brew with 'brewlog add', keep a daily streak, dial in a coffee,
 import from Beanconqueror, jrnl and Loop, sync over git or a shared folder.
 The binary carries the Swift runtime; the manual page and bash, zsh and fish
 completions are included.
CONTROL
