// Tool names the permission rules group together: `Edit(...)` rules cover every editing tool,
// and `Read(...)` rules cover the tools that read file contents or names.
export const EDIT_TOOLS: ReadonlySet<string> = new Set(['Edit', 'Write', 'NotebookEdit', 'MultiEdit']);
export const READ_TOOLS: ReadonlySet<string> = new Set(['Read', 'Grep', 'Glob', 'LS', 'NotebookRead']);

export const isEditTool = (name: string): boolean => EDIT_TOOLS.has(name);
export const isReadTool = (name: string): boolean => READ_TOOLS.has(name);
