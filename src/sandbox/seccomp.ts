// A seccomp filter that refuses new Unix-domain sockets inside the sandbox. Without it a command
// could connect to any socket it can see (Docker's, D-Bus, an ssh agent) and act outside the
// sandbox through it. socketpair() stays allowed: child processes talk to their parents over it.
// The filter is classic BPF, built here instruction by instruction (linux/filter.h, seccomp.h).

const BPF_LD_W_ABS = 0x20;
const BPF_JEQ_K = 0x15;
const BPF_JGE_K = 0x35;
const BPF_RET_K = 0x06;

const SECCOMP_RET_ALLOW = 0x7fff0000;
const SECCOMP_RET_ERRNO_EPERM = 0x00050001;

// struct seccomp_data: int nr; __u32 arch; __u64 instruction_pointer; __u64 args[6].
const OFFSET_NR = 0;
const OFFSET_ARCH = 4;
/** The low 32 bits of args[0] (little-endian): socket()'s address family. */
const OFFSET_ARG0 = 16;

const AF_UNIX = 1;
/** x32 system calls carry this bit; they would dodge the native numbers. */
const X32_SYSCALL_BIT = 0x40000000;

type ArchFilter = { audit: number; socket: number; rejectFrom?: number };

/** Native arch and the socket() number for each architecture Pulse builds a filter for. */
const ARCHES: Record<string, ArchFilter> = {
  x64: { audit: 0xc000003e, socket: 41, rejectFrom: X32_SYSCALL_BIT },
  arm64: { audit: 0xc00000b7, socket: 198 },
};

type Instruction = [code: number, jt: number, jf: number, k: number];

/**
 * The program: system calls of a foreign ABI (32-bit compat, whose socketcall() multiplexer a
 * number check cannot see into) fail with EPERM; socket(AF_UNIX, ...) fails with EPERM;
 * everything else is allowed.
 */
function instructions(arch: ArchFilter): Instruction[] {
  const deny: Instruction = [BPF_RET_K, 0, 0, SECCOMP_RET_ERRNO_EPERM];
  const allow: Instruction = [BPF_RET_K, 0, 0, SECCOMP_RET_ALLOW];
  const head: Instruction[] = [
    [BPF_LD_W_ABS, 0, 0, OFFSET_ARCH],
    [BPF_JEQ_K, 1, 0, arch.audit],
    deny,
    [BPF_LD_W_ABS, 0, 0, OFFSET_NR],
  ];
  // A jump lands `offset` instructions past the next one; the tail is: socket? load-arg0 AF_UNIX? deny allow.
  const x32: Instruction[] = arch.rejectFrom === undefined ? [] : [[BPF_JGE_K, 3, 0, arch.rejectFrom]];
  const tail: Instruction[] = [
    [BPF_JEQ_K, 0, 3, arch.socket],
    [BPF_LD_W_ABS, 0, 0, OFFSET_ARG0],
    [BPF_JEQ_K, 0, 1, AF_UNIX],
    deny,
    allow,
  ];
  return [...head, ...x32, ...tail];
}

/** struct sock_filter[] in the machine's byte order (both supported arches are little-endian). */
function encode(program: readonly Instruction[]): Buffer {
  const buffer = Buffer.alloc(program.length * 8);
  program.forEach(([code, jt, jf, k], index) => {
    const at = index * 8;
    buffer.writeUInt16LE(code, at);
    buffer.writeUInt8(jt, at + 2);
    buffer.writeUInt8(jf, at + 3);
    buffer.writeUInt32LE(k >>> 0, at + 4);
  });
  return buffer;
}

/** The filter for this machine, or undefined on an architecture Pulse has no filter for. */
export function unixSocketFilter(arch: string = process.arch): Buffer | undefined {
  const filter = ARCHES[arch];
  return filter === undefined ? undefined : encode(instructions(filter));
}
