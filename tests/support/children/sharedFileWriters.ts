// A child process for the concurrent-writer tests, bundled by tests/support/bundleScript.ts:
//   save-rule <projectRoot> <rule>   adds an allow rule to the project's settings.local.json
//   history <text>                   appends one prompt to the history
//   hold-lock <path>                 takes the file's lock, says "locked" and never lets go
//   trust <folder>                   remembers the folder as trusted
//   plugin-records <name>            records plugin <name>@market as installed and marketplace <name> as known
import { saveLocalRule } from '../../../src/bootstrap/settings/saveLocalRule.js';
import { trustWorkspace } from '../../../src/bootstrap/trust.js';
import { editInstalledPlugins, editKnownMarketplaces } from '../../../src/plugins/store.js';
import { appendHistory } from '../../../src/sessions/history.js';
import { withFileLock } from '../../../src/utils/fileLock.js';

const [command, first = '', second = ''] = process.argv.slice(2);

if (command === 'save-rule') {
  await saveLocalRule(first, { toolName: 'Bash', ruleContent: second }, 'allow');
} else if (command === 'history') {
  if (!(await appendHistory(first, '/project'))) process.exit(1);
} else if (command === 'hold-lock') {
  await withFileLock(first, async () => {
    process.stdout.write('locked\n');
    // The lock's refresh timer does not keep a process alive; this does, until the test kills it.
    await new Promise(() => setInterval(() => undefined, 60_000));
  });
} else if (command === 'trust') {
  if (!(await trustWorkspace(first))) process.exit(1);
} else if (command === 'plugin-records') {
  await editInstalledPlugins((plugins) => {
    plugins[`${first}@market`] = [{ scope: 'user', installPath: `/plugins/${first}` }];
  });
  await editKnownMarketplaces((known) => {
    known[first] = { source: { source: 'directory', path: `/markets/${first}` }, installLocation: `/markets/${first}` };
  });
} else {
  process.stderr.write(`unknown command ${command}\n`);
  process.exit(2);
}
