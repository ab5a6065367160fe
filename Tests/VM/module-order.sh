#!/usr/bin/env bash
# Tests/VM/module-order.sh KERNEL_MODULES_DIR OUR_MODULES_DIR MODULE...
#
# Prints the .ko files that load MODULE... in order, each after the modules it needs. The
# kernel package ships no modules.dep (depmod runs on install), so dependencies come from each
# module's own .modinfo "depends=" field, depth first; a module of ours (OUR_MODULES_DIR) wins
# over the kernel's of the same name.
set -euo pipefail
kmods=$1 moddir=$2
shift 2

modinfo_depends() {
    aarch64-linux-gnu-objcopy -O binary -j .modinfo "$1" /dev/stdout | tr '\0' '\n' |
        sed -n 's/^depends=//p' | tr ',' ' '
}
declare -A kpath=() seen=()
while IFS= read -r ko; do
    name=${ko##*/} && name=${name%.ko}
    kpath[${name//-/_}]=$ko
done < <(find "$kmods" "$moddir" -name '*.ko')   # ours come last: they win
add_module() {
    local name=${1//-/_} dep
    [[ -n ${seen[$name]:-} ]] && return 0
    seen[$name]=1
    [[ -n ${kpath[$name]:-} ]] || { echo "module-order: module $name not found" >&2; return 1; }
    for dep in $(modinfo_depends "${kpath[$name]}"); do
        add_module "$dep" || return 1
    done
    echo "${kpath[$name]}"
}
for want in "$@"; do
    add_module "$want"
done
