// Session persistence: transcripts, resume/continue/fork, cleanup and prompt history.
export {
  isSafeSessionId,
  projectDirFor,
  projectsDir,
  sanitizeProjectName,
  sessionDir,
  subagentsDir,
  toolResultsDir,
  transcriptPath,
} from './paths.js';
export { createNullWriter, openTranscript, type TranscriptOptions, type TranscriptWriter } from './transcript.js';
export { readLinesSync } from './lines.js';
export {
  transcriptRecordSchema,
  type ContentReplacementRecord,
  type CostRecord,
  type LastPromptRecord,
  type ModeRecord,
  type ModelUsageRecord,
  type SessionStateRecord,
  type TodoRecordItem,
  type TodosRecord,
  type TranscriptRecord,
} from './records.js';
export { loadTranscript, type LoadedTranscript } from './load.js';
export {
  describeRepairs,
  NOT_STARTED_RESULT,
  repairToolPairing,
  UNKNOWN_OUTCOME_RESULT,
  type RepairResult,
  type ToolCallEvidence,
} from './repair.js';
export {
  findSession,
  latestSession,
  listSessions,
  SessionLookupError,
  type SessionSummary,
} from './list.js';
export { forkSession, type ForkResult } from './fork.js';
export { cleanupOldTranscripts, DEFAULT_CLEANUP_PERIOD_DAYS, type CleanupResult } from './cleanup.js';
export { appendHistory, DEFAULT_HISTORY_LIMIT, historyPath, readHistory, type HistoryEntry } from './history.js';
export { summarizePrompt, PROMPT_SUMMARY_CHARS } from './promptText.js';
