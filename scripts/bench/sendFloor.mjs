// The floor of the long-session body send: what it costs this process to hand ~10 MiB to the
// kernel over loopback with a plain net.Socket, written as one buffer or as 10/64/1024 pieces,
// corked or not. The reader is a child process, so its CPU is not counted here. Compare the
// system column with longSession.mjs's kernel time at round 1,000 (its body is ~10 MB, sent as
// 1 MiB chunks, so ~10 pieces). Usage: node scripts/bench/sendFloor.mjs [MiB] [rounds]
import net from 'node:net';
import { fork } from 'node:child_process';
import { median } from './harness.mjs';

const SIZE = Number(process.argv[2] ?? 10) * 1024 * 1024;
const ROUNDS = Number(process.argv[3] ?? 40);

if (process.env.SEND_FLOOR_READER) {
  // The reader: answers one byte once a whole body has arrived.
  const server = net.createServer((socket) => {
    let got = 0;
    socket.on('data', (data) => {
      got += data.length;
      if (got >= SIZE) {
        got = 0;
        socket.write('k');
      }
    });
  });
  server.listen(0, '127.0.0.1', () => process.send(server.address().port));
} else {
  const child = fork(new URL(import.meta.url).pathname, process.argv.slice(2), {
    env: { ...process.env, SEND_FLOOR_READER: '1' },
  });
  const port = await new Promise((resolve) => child.once('message', resolve));
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.setNoDelay(true);
  const whole = Buffer.alloc(SIZE, 97);
  const split = (count) => Array.from({ length: count }, (_, i) => whole.subarray((i * SIZE) / count, ((i + 1) * SIZE) / count));
  const patterns = { one: [whole], p10: split(10), p64: split(64), p1024: split(1024) };

  const round = async (pieces, corked) => {
    const wall = performance.now();
    const cpu = process.cpuUsage();
    if (corked) socket.cork();
    for (const piece of pieces) socket.write(piece);
    if (corked) socket.uncork();
    await new Promise((resolve) => socket.once('data', resolve));
    const used = process.cpuUsage(cpu);
    return { wall: performance.now() - wall, user: used.user / 1000, system: used.system / 1000 };
  };

  // Two alternated passes; CPU is a mean (the kernel accounts it in ticks), wall a median.
  for (let pass = 0; pass < 2; pass++) {
    for (const [name, pieces] of Object.entries(patterns)) {
      for (const corked of [false, true]) {
        const runs = [];
        for (let i = 0; i < ROUNDS; i++) runs.push(await round(pieces, corked));
        const mean = (key) => (runs.reduce((sum, run) => sum + run[key], 0) / runs.length).toFixed(2);
        const wall = median(runs.map((run) => run.wall)).toFixed(2);
        console.log(`${name.padEnd(6)} corked=${corked ? 1 : 0}  wall ${wall} ms  user ${mean('user')} ms  system ${mean('system')} ms`);
      }
    }
  }
  socket.destroy();
  child.kill();
}
