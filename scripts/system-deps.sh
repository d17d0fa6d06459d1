#!/usr/bin/env bash
# Installs what taxlogic needs from the OS: SWI-Prolog 9 (and a C toolchain + cmake for the
# embedded llama.cpp model). Uses apt-get where it can; elsewhere it says what to install.
set -euo pipefail
missing=()
command -v swipl >/dev/null 2>&1 || missing+=(swi-prolog-nox)
command -v cc >/dev/null 2>&1 || missing+=(build-essential)
command -v cmake >/dev/null 2>&1 || missing+=(cmake)
[ ${#missing[@]} -eq 0 ] && exit 0
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  echo "installing ${missing[*]} with apt-get"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
elif command -v apt-get >/dev/null 2>&1 && command -v sudo >/dev/null 2>&1; then
  echo "installing ${missing[*]} with sudo apt-get"
  sudo apt-get update -qq
  sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
else
  echo "taxlogic needs: ${missing[*]}." >&2
  echo "Install SWI-Prolog 9 (https://www.swi-prolog.org/Download.html; macOS: brew install swi-prolog)," >&2
  echo "a C compiler and cmake, then run make again." >&2
  exit 1
fi
