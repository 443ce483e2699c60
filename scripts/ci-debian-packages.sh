#!/usr/bin/env bash
# Installs the Debian packages the test suite uses when present (tests that need them fail under CI
# without them): python3-cloudflare (Cloudflare's own Python library, 2.x; test/thirdparty runs it
# against the emulator), bind9-utils (named-checkzone checks `zonectl export --format bind`),
# bind9-dnsutils and knot-dnsutils (`dig` and `kdig` query the emulator's DNS port in test/dns).
# Does nothing (one dpkg-query) when they are already installed. Needs apt-get and root,
# or sudo without a password; elsewhere it says so and the tests skip (they fail under CI).
set -euo pipefail

PACKAGES=(python3-cloudflare bind9-utils bind9-dnsutils knot-dnsutils)

installed() {
  # dpkg's status database first (milliseconds), else whether Debian's python3 can import it.
  if command -v dpkg-query >/dev/null 2>&1; then
    local pkg
    for pkg in "${PACKAGES[@]}"; do
      [ "$(dpkg-query -W -f='${db:Status-Abbrev}' "$pkg" 2>/dev/null)" = 'ii ' ] || return 1
    done
  else
    /usr/bin/python3 -c 'import CloudFlare' 2>/dev/null && command -v named-checkzone >/dev/null \
      && command -v dig >/dev/null && command -v kdig >/dev/null
  fi
}

if installed; then
  echo "test packages: already installed (${PACKAGES[*]})"
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "test packages: no apt-get here; install ${PACKAGES[*]} (Debian) to run test/thirdparty" >&2
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  as_root=(sudo -n)
else
  echo "test packages: not root and no password-less sudo; install ${PACKAGES[*]} to run test/thirdparty" >&2
  exit 0
fi

echo "test packages: installing ${PACKAGES[*]}"
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${PACKAGES[@]}" >/dev/null
/usr/bin/python3 -c 'import CloudFlare; print("test packages: python3-cloudflare", CloudFlare.__version__)'
echo "test packages: $(named-checkzone -v)"
echo "test packages: $(dig -v 2>&1), $(kdig --version | head -n 1)"
