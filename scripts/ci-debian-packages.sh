#!/usr/bin/env bash
# Installs the Debian packages the test suite uses when present (tests that need them fail under CI
# without them): python3-cloudflare (Cloudflare's own Python library, 2.x; test/thirdparty runs it
# against the emulator), bind9-utils (named-checkzone checks `zonectl export --format bind`;
# dnssec-dsfromkey derives the DS of the emulator's signed zones), bind9-dnsutils and
# knot-dnsutils (`dig` and `kdig` query the emulator's DNS port in test/dns; `delv` validates
# its DNSSEC answers),
# zsh and fish (`zonectl completion` scripts loaded into the real shells, test/cli/ecosystem),
# chromium (the HTML drift report opened in a real browser by playwright-core, test/browser).
# Does nothing (one dpkg-query) when they are already installed. Needs apt-get and root,
# or sudo without a password. Where it cannot install them it says so and exits 0 outside CI
# (the tests that need them are reported as skipped), but exits 1 under CI (CI set and not
# "0"/"false"), where those tests must run: see test/support/needs-tool.ts.
set -euo pipefail

in_ci() { case "${CI:-}" in ''|0|false|FALSE|False) return 1 ;; *) return 0 ;; esac; }

# Cannot install: fatal under CI, a note elsewhere.
cannot_install() {
  if in_ci; then
    echo "test packages: $1; CI needs ${PACKAGES[*]}" >&2
    exit 1
  fi
  echo "test packages: $1; install ${PACKAGES[*]} (Debian) to run the tests that need them (they are skipped)" >&2
  exit 0
}

PACKAGES=(python3-cloudflare bind9-utils bind9-dnsutils knot-dnsutils zsh fish chromium)

installed() {
  # dpkg's status database first (milliseconds), else whether Debian's python3 can import it.
  if command -v dpkg-query >/dev/null 2>&1; then
    local pkg
    for pkg in "${PACKAGES[@]}"; do
      [ "$(dpkg-query -W -f='${db:Status-Abbrev}' "$pkg" 2>/dev/null)" = 'ii ' ] || return 1
    done
  else
    /usr/bin/python3 -c 'import CloudFlare' 2>/dev/null && command -v named-checkzone >/dev/null \
      && command -v dig >/dev/null && command -v kdig >/dev/null && command -v zsh >/dev/null && command -v fish >/dev/null \
      && command -v chromium >/dev/null
  fi
}

if installed; then
  echo "test packages: already installed (${PACKAGES[*]})"
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  cannot_install "no apt-get here"
fi

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  as_root=(sudo -n)
else
  cannot_install "not root and no password-less sudo"
fi

echo "test packages: installing ${PACKAGES[*]}"
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${PACKAGES[@]}" >/dev/null
/usr/bin/python3 -c 'import CloudFlare; print("test packages: python3-cloudflare", CloudFlare.__version__)'
echo "test packages: $(named-checkzone -v)"
echo "test packages: $(dig -v 2>&1), $(kdig --version | head -n 1)"
echo "test packages: $(chromium --headless --no-sandbox --version 2>/dev/null || echo 'chromium: not runnable')"
