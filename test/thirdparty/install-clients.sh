#!/usr/bin/env bash
# Installs the third-party API clients that test/thirdparty runs against the emulator, from
# Debian's packages: python3-cloudflare (Cloudflare's own Python library, 2.x).
# Does nothing (one dpkg-query) when they are already installed. Needs apt-get and root,
# or sudo without a password; elsewhere it says so and the tests skip (they fail under CI).
set -euo pipefail

PACKAGES=(python3-cloudflare)

installed() {
  # dpkg's status database first (milliseconds), else whether Debian's python3 can import it.
  if command -v dpkg-query >/dev/null 2>&1; then
    local pkg
    for pkg in "${PACKAGES[@]}"; do
      [ "$(dpkg-query -W -f='${db:Status-Abbrev}' "$pkg" 2>/dev/null)" = 'ii ' ] || return 1
    done
  else
    /usr/bin/python3 -c 'import CloudFlare' 2>/dev/null
  fi
}

if installed; then
  echo "third-party clients: already installed (${PACKAGES[*]})"
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "third-party clients: no apt-get here; install ${PACKAGES[*]} (Debian) to run test/thirdparty" >&2
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  as_root=(sudo -n)
else
  echo "third-party clients: not root and no password-less sudo; install ${PACKAGES[*]} to run test/thirdparty" >&2
  exit 0
fi

echo "third-party clients: installing ${PACKAGES[*]}"
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${PACKAGES[@]}" >/dev/null
/usr/bin/python3 -c 'import CloudFlare; print("third-party clients: python3-cloudflare", CloudFlare.__version__)'
