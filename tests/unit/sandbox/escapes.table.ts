// What a sandboxed command tries, and what must come of it. `blocked` cases are attempts to get
// out (each names where the attack or the rule it tests is described in public); `allowed` cases
// are ordinary work that must keep working. Commands run with cwd = the project and HOME = a
// fake home holding secrets; `$HOST_*` variables name things outside the sandbox (see the test).

export type EscapeCase = {
  name: string;
  source: string;
  command: string;
  /** blocked: the secret never shows and the marker never appears on the host; allowed: exit 0 and the output. */
  expect: { kind: 'blocked'; marker?: string } | { kind: 'allowed'; output: string; file?: string };
  /** Extra settings for this case (network allowlist, deny rules). */
  needs?: 'allowlist' | 'readDenyRules';
};

export const SECRET = 'PULSE-SECRET-7f3a';

export const ESCAPES: EscapeCase[] = [
  {
    name: 'touch ../x writes outside the project',
    source: 'Claude Code sandboxing docs: writes are confined to the working directory',
    command: 'touch ../outside-marker',
    expect: { kind: 'blocked', marker: '../outside-marker' },
  },
  {
    name: 'writing into the home folder',
    source: 'Claude Code sandboxing docs: writes are confined to the working directory',
    command: 'echo x > "$HOME/home-marker"',
    expect: { kind: 'blocked', marker: '$HOME/home-marker' },
  },
  {
    name: 'writing /tmp instead of $TMPDIR',
    source: "the reference's Bash guidance: temporary files go to $TMPDIR inside the sandbox",
    command: 'echo x > "$HOST_TMP_MARKER"',
    expect: { kind: 'blocked', marker: '$HOST_TMP_MARKER' },
  },
  {
    name: 'cat ~/.ssh/id reads a private key',
    source: 'anthropics/claude-code#32226 (sandbox denyRead on ~/.gnupg read anyway)',
    command: 'cat ~/.ssh/id_ed25519; ls -a ~/.ssh',
    expect: { kind: 'blocked' },
  },
  {
    name: 'a symlink inside the project pointing at the key',
    source: 'bubblewrap(1): mounts act on the real path, so a link into a hidden folder finds it hidden',
    command: 'ln -s ~/.ssh/id_ed25519 key && cat key',
    expect: { kind: 'blocked' },
  },
  {
    name: 'cloud credentials in ~/.aws',
    source: 'Claude Code sandboxing docs, security limitations: a readable credential can be sent out through an allowed host',
    command: 'cat ~/.aws/credentials',
    expect: { kind: 'blocked' },
  },
  {
    name: 'a file a Read(./.env) deny rule covers',
    source: 'Claude Code settings reference: filesystem.denyRead is merged with Read(...) deny rules',
    command: 'cat .env',
    expect: { kind: 'blocked' },
    needs: 'readDenyRules',
  },
  {
    name: 'a file a Read(**/*.pem) glob rule covers',
    source: 'Claude Code settings reference: filesystem.denyRead is merged with Read(...) deny rules',
    command: 'cat certs/server.pem',
    expect: { kind: 'blocked' },
    needs: 'readDenyRules',
  },
  {
    name: 'writing .git/hooks/x',
    source: 'githooks(5): a hook runs at the next git command, outside any sandbox',
    command: 'echo "touch pwned" > .git/hooks/pre-commit && chmod +x .git/hooks/pre-commit',
    expect: { kind: 'blocked', marker: '.git/hooks/pre-commit' },
  },
  {
    name: 'git config core.fsmonitor runs a command at every git status',
    source: 'git-config(1): core.fsmonitor names a command git runs',
    command: 'git config core.fsmonitor "touch fsmonitor-ran" && git config --get core.fsmonitor',
    expect: { kind: 'blocked' },
  },
  {
    name: 'creating .claude/settings.local.json with a hook',
    source: 'Claude Code hooks docs: hooks in project settings run as the user',
    command: 'mkdir -p .claude && echo \'{"hooks":{}}\' > .claude/settings.local.json',
    expect: { kind: 'blocked', marker: '.claude/settings.local.json' },
  },
  {
    name: 'adding a server to .mcp.json',
    source: 'Claude Code MCP docs: project servers in .mcp.json are started by the client',
    command: 'echo \'{"mcpServers":{"x":{"command":"touch"}}}\' > .mcp.json',
    expect: { kind: 'blocked' },
  },
  {
    name: 'remounting the root read-write',
    source: 'bubblewrap(1) --cap-drop: without CAP_SYS_ADMIN no mount can change',
    command: 'mount -o remount,rw / && touch /remount-marker',
    expect: { kind: 'blocked', marker: '/remount-marker' },
  },
  {
    name: 'a nested user namespace to regain capabilities',
    source: 'bubblewrap(1) --disable-userns',
    command: 'unshare -Ur sh -c "touch $HOME/userns-marker"',
    expect: { kind: 'blocked', marker: '$HOME/userns-marker' },
  },
  {
    name: "connecting to a host Unix socket (Docker's, D-Bus)",
    source: 'Docker docs, "Docker daemon attack surface": access to the socket is root on the host',
    command: `node -e "require('net').connect(process.env.HOST_SOCKET).on('connect', () => console.log('${SECRET}')).on('error', (e) => { console.error(e.message); process.exit(1); })"`,
    expect: { kind: 'blocked' },
  },
  {
    name: 'a TCP connection to a local server outside',
    source: 'Claude Code sandboxing docs: network access only through the proxy, to allowed hosts',
    command: `node -e "require('net').connect(Number(process.env.HOST_PORT), '127.0.0.1').on('data', (d) => console.log(String(d))).on('error', (e) => { console.error(e.message); process.exit(1); })"`,
    expect: { kind: 'blocked' },
  },
  {
    name: 'asking the proxy for a host that is not allowed',
    source: 'Claude Code sandboxing docs: the proxy only lets approved domains through',
    command: 'curl -sS -x "$HTTP_PROXY" "http://127.0.0.1:$HOST_PORT/" ; node "$HOST_FETCH" "$HOST_PORT"',
    expect: { kind: 'blocked' },
    needs: 'allowlist',
  },
  {
    name: 'signalling a process outside',
    source: 'bubblewrap(1) --unshare-pid: host processes are not visible',
    command: 'kill -0 "$HOST_PID" && echo visible',
    expect: { kind: 'blocked' },
  },
  {
    name: 'writing and reading a file in the project',
    source: 'ordinary work',
    command: 'echo made-inside > inside.txt && cat inside.txt',
    expect: { kind: 'allowed', output: 'made-inside', file: 'inside.txt' },
  },
  {
    name: 'temporary files in $TMPDIR',
    source: 'ordinary work',
    command: 'f=$(mktemp) && echo temp-ok > "$f" && cat "$f" && rm "$f"',
    expect: { kind: 'allowed', output: 'temp-ok' },
  },
  {
    name: 'building and testing the project',
    source: 'ordinary work',
    command: 'node build.mjs && node --test test/ 2>&1 | grep -E "^# (pass|fail)"',
    expect: { kind: 'allowed', output: '# pass 1\n# fail 0', file: 'dist/out.txt' },
  },
  {
    name: 'committing with git',
    source: 'ordinary work',
    command: 'git add inside.txt build.mjs && git commit -qm "made in the sandbox" && git log --format=%s -1',
    expect: { kind: 'allowed', output: 'made in the sandbox' },
  },
  {
    name: 'child processes talk to their parent',
    source: 'ordinary work (socketpair stays allowed)',
    command: `node -e "console.log(require('child_process').execFileSync('echo', ['child-ok']).toString().trim())"`,
    expect: { kind: 'allowed', output: 'child-ok' },
  },
  {
    name: 'an allowed host through the proxy',
    source: 'Claude Code sandboxing docs: allowedDomains',
    command: 'node "$HOST_FETCH" "$ALLOWED_PORT"',
    expect: { kind: 'allowed', output: 'hello from the allowed host' },
    needs: 'allowlist',
  },
];
