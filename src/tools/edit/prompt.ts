export const EDIT_DESCRIPTION = 'Replace exact text in a file.';

export function editPrompt(): string {
  return `Changes a file by replacing an exact piece of text with new text.

How to use it:
- Read the file first in this conversation; Edit refuses files you have not read, or that changed on disk since you read them.
- old_string must be copied exactly from the file, with the same indentation and line breaks. Read shows each line as a line number and a tab before the text: copy only what comes after the tab.
- old_string must match exactly one place. If it matches several, add surrounding lines until it is unique, or set replace_all to true to change every occurrence (handy for renaming a variable).
- new_string replaces it; it must differ from old_string. An empty new_string deletes the text.
- With an empty old_string and a file that does not exist yet, Edit creates the file with new_string as its content.
- Prefer Edit to Write for changes to existing files, and keep each edit small and focused.
- Line endings are kept as the file has them, so write new_string with plain newlines.
- Only add emoji to a file if the user asked for it.`;
}
