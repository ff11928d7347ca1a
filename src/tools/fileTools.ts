// The file tools, in the order they are offered to the model.
import { EditTool } from './edit/EditTool.js';
import { GlobTool } from './glob/GlobTool.js';
import { GrepTool } from './grep/GrepTool.js';
import { ReadTool } from './read/ReadTool.js';
import { WriteTool } from './write/WriteTool.js';

export const FILE_TOOLS = [ReadTool, WriteTool, EditTool, GlobTool, GrepTool] as const;
