// The bridge runs inside the sandbox, in front of the command. The sandbox's network has only
// loopback, so the bridge listens there and passes every connection it accepts to Pulse, outside,
// over the IPC channel Node gives a child process (the socket itself travels, as a file
// descriptor); Pulse's proxy serves it. The bridge opens no socket to the outside and needs no
// socket file, so the seccomp filter against new Unix sockets covers it too. It starts the
// command once it listens, and exits as the command did.

/** Where HTTP_PROXY points inside the sandbox; the sandbox has a network of its own, so no clash outside. */
export const BRIDGE_PORT = 3128;

/** Run with `node -e`; argv: the shell and its arguments. */
export const BRIDGE_SOURCE = `
const net = require('node:net');
const { spawn } = require('node:child_process');
const [shell, ...args] = process.argv.slice(1);
const server = net.createServer({ pauseOnConnect: true }, (socket) => {
  process.send('connection', socket, { keepOpen: false }, () => socket.destroy());
});
server.on('error', (error) => {
  process.stderr.write('pulse sandbox: the network bridge could not start: ' + error.message + '\\n');
  process.exit(126);
});
server.listen(${BRIDGE_PORT}, '127.0.0.1', () => {
  const env = { ...process.env, NODE_OPTIONS: process.env.PULSE_SANDBOX_NODE_OPTIONS ?? '' };
  for (const name of ['NODE_CHANNEL_FD', 'NODE_CHANNEL_SERIALIZATION_MODE', 'PULSE_SANDBOX_NODE_OPTIONS']) delete env[name];
  if (env.NODE_OPTIONS === '') delete env.NODE_OPTIONS;
  const child = spawn(shell, args, { stdio: 'inherit', env });
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    if (signal) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    } else process.exit(code ?? 1);
  });
});
`;
