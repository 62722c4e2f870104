#!/usr/bin/env bash
# Installs Debian's chromium (browser tests), PostgreSQL server (server-mode tests) and poppler-utils
# (pdftoppm/pdftotext: the report PDFs' first-page review) when missing.
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
{ command -v pdftoppm && command -v pdftotext; } >/dev/null 2>&1 || need+=(poppler-utils)
[ ${#need[@]} -eq 0 ] && exit 0
echo "[cadastro] installing Debian packages: ${need[*]}"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
