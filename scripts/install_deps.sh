#!/usr/bin/env bash
# Installs the Debian packages redist builds and tests with (only those missing; needs root or sudo).
set -euo pipefail
packages=(
  cmake make g++ pkg-config
  nlohmann-json3-dev libcli11-dev         # io, cli
  libgtest-dev libgmock-dev libbenchmark-dev  # tests, bench
  libglpk-dev                             # LP cross-check of System 6 in the tests; exact layer (MILP)
  coinor-libcbc-dev coinor-libcgl-dev coinor-libclp-dev coinor-libosi-dev coinor-libcoinutils-dev  # exact layer: CBC
  libopenmpi-dev openmpi-bin              # exec layer (MPI)
  libsimgrid-dev                          # simgrid layer
  clang libclang-rt-dev                   # fuzz targets (libFuzzer)
  clang-format clang-tidy                 # scripts/check_style.sh: layout and naming rules
  python3                                 # independent re-validation in tests/cli/perm_cli_test.sh; tools/netlab
  iproute2 procps                         # tools/netlab: ip, tc (namespaces, veth, shaping); pgrep in its test
  gfortran                                # the Fortran module (docs/c_api.md "Fortran")
  python3-dev pybind11-dev python3-numpy  # the Python package (docs/python.md)
  python3-mpi4py python3-matplotlib python3-pytest  # redist.mpi, Schedule.draw(), its tests
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "installing: ${missing[*]}" >&2
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
