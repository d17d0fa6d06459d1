#!/usr/bin/env bash
# Installs what taxlogic needs from the OS: SWI-Prolog 9 (and a C toolchain + cmake for the
# embedded llama.cpp model), and Chromium for the HTML report's browser tests. Uses apt-get where
# it can; elsewhere it says what to install (Chromium is optional there: its tests skip).
set -euo pipefail
missing=()
command -v swipl >/dev/null 2>&1 || missing+=(swi-prolog-nox)
command -v cc >/dev/null 2>&1 || missing+=(build-essential)
command -v cmake >/dev/null 2>&1 || missing+=(cmake)
command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || missing+=(chromium)
[ ${#missing[@]} -eq 0 ] && exit 0
if ! command -v apt-get >/dev/null 2>&1 && [ "${missing[*]}" = chromium ]; then
  echo "note: no Chromium found; the HTML report's browser tests will skip (set TAXLOGIC_CHROMIUM to a Chromium binary)." >&2
  exit 0
fi
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
