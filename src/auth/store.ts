// The credential Pulse keeps for itself: `credentials.json` in the Pulse config dir, holding
// either a pasted API key or an apiKeyHelper command chosen during onboarding. The file is
// created with mode 0600 before the secret is written and moved into place with a rename, so
// the key is never readable by others, not even for a moment, and a crash never leaves half a file.
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod';
import { lazySchema } from '../utils/lazySchema.js';
import { writeFileAtomically } from '../utils/atomicWrite.js';
import { pulseConfigDir } from '../utils/configDir.js';

export const CREDENTIALS_FILE = 'credentials.json';

const storedSchema = lazySchema(() =>
  z.union([
    z.object({ apiKey: z.string().trim().min(1) }),
    z.object({ apiKeyHelper: z.string().trim().min(1) }),
  ]),
);

export type StoredCredentials = z.infer<ReturnType<typeof storedSchema>>;

export function credentialsPath(dir: string = pulseConfigDir()): string {
  return join(dir, CREDENTIALS_FILE);
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

/** The stored credential, or undefined when there is none. A damaged file is an error, said once. */
export async function readStoredCredentials(dir: string = pulseConfigDir()): Promise<StoredCredentials | undefined> {
  const path = credentialsPath(dir);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${path} is not valid JSON; remove it or run /login to store a key again`);
  }
  const result = storedSchema().safeParse(parsed);
  if (!result.success) throw new Error(`${path} holds neither "apiKey" nor "apiKeyHelper"; run /login to store a key again`);
  return result.data;
}

/** Replaces the stored credential; returns the file's path. */
export async function writeStoredCredentials(credentials: StoredCredentials, dir: string = pulseConfigDir()): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const target = credentialsPath(dir);
  await writeFileAtomically(target, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600, forceMode: true });
  return target;
}

/** Removes the stored credential; false when there was none. */
export async function removeStoredCredentials(dir: string = pulseConfigDir()): Promise<boolean> {
  try {
    await rm(credentialsPath(dir));
    return true;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}
