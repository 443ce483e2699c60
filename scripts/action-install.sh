#!/usr/bin/env bash
# The GitHub Action's install step (action.yml), run in the action's checkout. It writes to
# $GITHUB_OUTPUT how the next step runs zonectl: `bin` (a file) and `with-node` (true: `node bin`).
#
# At a release tag the checkout holds release/SHA256SUMS and release/source (written by the release
# workflow, .github/workflows/release.yml, in the commit it tags): the digests of the files that
# release attaches. Then zonectl is one download of a file built at release time, checked against
# that digest before anything of it runs, and nothing is cached between jobs:
#   - the single executable for the runner's platform (zonectl-linux-x64.tar.gz, ...), which needs
#     no Node and starts with its V8 code cache (docs/architecture.md, "Start-up");
#   - the npm package (zonectl-bundle.tar.gz, `npm pack`'s tarball: the bundle, run with `node`) on
#     other platforms, or when the workflow asks for a Node with the `node-version` input.
# Elsewhere (a branch or a commit that is no release) it builds the bundle from the checkout, as
# before: `npm ci` of the lock file without install scripts, then scripts/bundle.mjs.
#
# A job that runs the action more than once (the plan workflow: validate, lint, plan) pays for the
# set-up once: the release's file stays in RUNNER_TEMP (the runner empties it after each job) and is
# checked against its digest again, and unpacked afresh, at every step; the bundle built from the
# checkout stays in the checkout's dist/ (which git does not hold, so only this script writes it).
#
# Environment: ZONECTL_NODE_VERSION (the input), RUNNER_TEMP, GITHUB_OUTPUT; ZONECTL_RELEASE_URL,
# optional, a mirror of the release's files (e.g. an internal artifact store): the digests still
# have to match.
set -euo pipefail

say() { printf 'zonectl action: %s\n' "$*" >&2; }
fail() {
  printf '::error title=zonectl::%s\n' "$*"
  say "$*"
  exit 1
}

sha256_of() {
  if command -v sha256sum > /dev/null; then sha256sum "$1" | cut -d' ' -f1; else shasum -a 256 "$1" | cut -d' ' -f1; fi
}

# The asset of this platform's single executable, or nothing.
binary_asset() {
  local os arch
  case "$(uname -s)" in
    Linux) os=linux ;;
    Darwin) os=darwin ;;
    *) return 0 ;;
  esac
  case "$(uname -m)" in
    x86_64 | amd64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) return 0 ;;
  esac
  echo "zonectl-$os-$arch.tar.gz"
}

if [ ! -f release/SHA256SUMS ] || [ ! -f release/source ]; then
  if [ -f dist/bundle/zonectl.js ]; then
    say "no release files in this checkout (not a release tag): the bundle an earlier step of this job built from it"
  else
    say "no release files in this checkout (not a release tag): building zonectl from it (pin a release tag to skip this)"
    npm ci --no-audit --no-fund --ignore-scripts
    node scripts/bundle.mjs
  fi
  { echo "bin=$PWD/dist/bundle/zonectl.js"; echo "with-node=true"; } >> "$GITHUB_OUTPUT"
  exit 0
fi

tag=""
repository=""
while IFS='=' read -r key value; do
  case "$key" in
    tag) tag=$value ;;
    repository) repository=$value ;;
  esac
done < release/source
[[ "$tag" =~ ^v[0-9A-Za-z._-]+$ ]] || fail "release/source: no valid tag"
[[ "$repository" =~ ^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$ ]] || fail "release/source: no valid repository"

asset=""
if [ -z "${ZONECTL_NODE_VERSION:-}" ]; then asset=$(binary_asset); fi
# The platform has a binary in this release only if the release lists one.
if [ -n "$asset" ] && ! grep -qE "^[0-9a-f]{64}  ${asset//./\\.}\$" release/SHA256SUMS; then asset=""; fi
with_node=false
if [ -z "$asset" ]; then
  asset=zonectl-bundle.tar.gz
  with_node=true
fi
expected=$(grep -E "^[0-9a-f]{64}  ${asset//./\\.}\$" release/SHA256SUMS | cut -d' ' -f1 || true)
[ -n "$expected" ] || fail "release/SHA256SUMS lists no $asset"

base=${ZONECTL_RELEASE_URL:-${GITHUB_SERVER_URL:-https://github.com}/$repository/releases/download/$tag}
temp="${RUNNER_TEMP:-/tmp}"
# The download, kept for the job's later steps; what runs is unpacked from it at each step.
archive="$temp/zonectl-$tag-$expected-$asset"
dir="$temp/zonectl-$tag-$expected"
if [ -f "$archive" ] && [ "$(sha256_of "$archive")" = "$expected" ]; then
  say "$asset of $tag: downloaded by an earlier step of this job, its digest checked again"
else
  rm -f "$archive"
  say "downloading $asset of $tag"
  curl --fail --silent --show-error --location --retry 3 --proto '=https,http' --output "$archive.part" "$base/$asset" ||
    fail "could not download $base/$asset"
  actual=$(sha256_of "$archive.part")
  if [ "$actual" != "$expected" ]; then
    rm -f "$archive.part"
    fail "$asset: sha256 $actual is not the $expected that release/SHA256SUMS of $tag records: nothing of it was run"
  fi
  mv "$archive.part" "$archive"
fi
rm -rf "$dir"
mkdir -p "$dir"
tar -xzf "$archive" -C "$dir"
if [ "$with_node" = true ]; then
  bin="$dir/package/dist/bundle/zonectl.js"
  node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 20 || (a === 20 && b >= 18) ? 0 : 1)' ||
    fail "zonectl needs Node 20.18.1 or later, this runner's node is $(node --version): set the node-version input"
else
  bin="$dir/zonectl/zonectl"
fi
[ -f "$bin" ] || fail "$asset holds no ${bin#"$dir/"}"
{ echo "bin=$bin"; echo "with-node=$with_node"; } >> "$GITHUB_OUTPUT"
say "zonectl $tag ($asset, sha256 $expected)"
