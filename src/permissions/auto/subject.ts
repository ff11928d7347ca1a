// What a reviewed call acts on (the command, the file, the address), recorded with each verdict
// so `pulse permissions explain` can find earlier verdicts on the same call.

const SUBJECT_FIELDS = ['command', 'file_path', 'notebook_path', 'path', 'url'] as const;

export function reviewedSubject(input: Record<string, unknown>): string | undefined {
  for (const field of SUBJECT_FIELDS) {
    const value = input[field];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}
