#!/usr/bin/env bash
# Host packages for the firmware build, its qemu-user tests, the Debian packages and their apt
# repository (on a Debian bookworm host). `deps.sh host` installs only the host build's (the
# demo); `deps.sh vm` adds the VM tiers' packages.
# Idempotent: when everything is installed it only asks dpkg and exits, so every build script
# can call it unconditionally.
set -euo pipefail

# `deps.sh host`: only what the host build and the simulated board need (scripts/demo.sh).
host_packages=(
    libinih-dev libgpiod-dev libi2c-dev pkg-config   # the host build of the same sources
    libsystemd-dev                                   # sd_notify
    libfreetype-dev fonts-dejavu-core                # labels: FreeType, and the default font
    fonts-materialdesignicons-webfont                # icons: the icon font the examples and tests use
    libmosquitto-dev                                 # [mqtt]: the MQTT client library
    libdrm-dev                                       # DRM/KMS output
    libpng-dev                                       # PNG images (icons, backgrounds): libpng16
    libwebsockets-dev libcjson-dev                   # [homeassistant]: the websocket client, its JSON parser
    libqrencode-dev                                  # [qr NAME]: the QR code encoder
    libharfbuzz-dev libfribidi-dev                   # labels: shaping (HarfBuzz) and bidi order (FriBidi)
    fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji  # the fonts of the language tests and examples
    zbar-tools                                       # zbarimg: the tests read the drawn QR codes back
    locales                                          # [panel] locale: glibc's locale data and locale-gen
)
packages=("${host_packages[@]}")
if [[ ${1:-} != host ]]; then
    packages+=(
        qemu-user-static                             # runs the ARM binaries (no binfmt needed)
        libc6-dev-arm64-cross libc6-dev-armhf-cross  # cross glibc + Linux headers
        gcc-aarch64-linux-gnu gcc-arm-linux-gnueabihf  # crt files and libgcc for the link
        curl xz-utils                                # sysroot.sh's fallback for a stale index
        dpkg-dev lintian                             # scripts/build/package.sh: dpkg-deb, lintian
        apt-utils gnupg                              # scripts/release.sh: apt-ftparchive, gpg/gpgv
        sqv                                          # Tests/Packages/apt-repo.sh: trixie apt's verifier
        binutils                                     # readelf for the build checks
        mosquitto mosquitto-clients openssl          # the real-broker tier: broker, clients, its CA
        procps                                       # pgrep/pkill: the MQTT tier's exec child
        file
        python3                                      # the reference images' PNG reader (Tests/ReferenceImages/png.py)
        valgrind                                     # the instruction tier's callgrind (Tests/Instructions/test.sh)
    )
fi
# `deps.sh vm`: also what the kernel VM tier needs (Tests/VM/run.sh).
if [[ ${1:-} == vm ]]; then
    packages+=(
        qemu-system-arm                              # qemu-system-aarch64 (TCG)
        linux-source-6.1 linux-kbuild-6.1 make       # i2c-stub, gpio-sim, vfb built out of tree
        cpio gzip python3                            # the initramfs; the console reader
        debootstrap                                  # the system VM's Debian trixie root
    )
fi

# dpkg-query fails for packages it has never heard of; treat that as "missing".
missing=()
for p in "${packages[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
    [[ $status == "install ok installed" ]] || missing+=("$p")
done

sudo=()
need_root() {
    ((EUID == 0)) && return 0
    command -v sudo >/dev/null || { echo "deps.sh: need root to $1" >&2; exit 1; }
    sudo=(sudo)
}

if ((${#missing[@]} > 0)); then
    echo "deps.sh: installing ${missing[*]}" >&2
    need_root "install: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    # Refresh the lists first: a fresh image often has none, and stale ones point at .debs the
    # mirror no longer has. Only reached when something is missing, so warm runs stay offline.
    "${sudo[@]}" apt-get update -q
    "${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# The locale tests write German and French day names and decimal commas ([panel] locale):
# those two locales are generated once, through /etc/locale.gen as dpkg-reconfigure locales
# would, only when `locale -a` lacks them (it spells them de_DE.utf8).
test_locales=(de_DE.UTF-8 fr_FR.UTF-8)
installed_locales=$(locale -a 2>/dev/null || true)
ungenerated=()
for name in "${test_locales[@]}"; do
    grep -qxi "${name%.UTF-8}.utf8" <<<"$installed_locales" || ungenerated+=("$name")
done
((${#ungenerated[@]} == 0)) && exit 0

echo "deps.sh: generating the locales ${ungenerated[*]}" >&2
need_root "generate the locales ${ungenerated[*]}"
for name in "${ungenerated[@]}"; do
    if grep -qx "# *$name UTF-8" /etc/locale.gen; then
        "${sudo[@]}" sed -i "s/^# *$name UTF-8\$/$name UTF-8/" /etc/locale.gen
    elif ! grep -qx "$name UTF-8" /etc/locale.gen; then
        echo "$name UTF-8" | "${sudo[@]}" tee -a /etc/locale.gen >/dev/null
    fi
done
"${sudo[@]}" locale-gen
