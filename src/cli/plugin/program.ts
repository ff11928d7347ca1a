// `pulse plugin …` (also `pulse plugins …`): manage marketplaces and installed plugins. Loaded
// only when the first word is `plugin`, so it costs nothing on the `-p` start-up path.
import { Command, Option } from 'commander';
import type { InstallScope } from '../../plugins/store.js';
import { runSubcommand, STANDARD_OUTPUT, type ActionResult, type Output } from '../subcommand.js';
import { addMarketplace, listMarketplaces, removeMarketplace, updateMarketplaces } from './marketplaceActions.js';
import { installAction, listAction, setEnabledAction, uninstallAction, updateAction } from './pluginActions.js';
import { INSTALL_SCOPES } from './settingsScopes.js';

function scopeOption(): Option {
  return new Option('-s, --scope <scope>', 'user, project or local').choices(INSTALL_SCOPES);
}

function buildMarketplaceProgram(cwd: string, io: Output, result: ActionResult): Command {
  const marketplace = new Command('marketplace').description('Manage plugin marketplaces');
  marketplace
    .command('add <source>')
    .description('Add a marketplace: a folder, a git URL (also file://), owner/repo or the URL of a marketplace.json')
    .addOption(scopeOption().default('user'))
    .action((source: string, options: { scope: InstallScope }) => {
      result.code = addMarketplace(cwd, source, options.scope, io);
    });
  marketplace
    .command('list')
    .description('List configured marketplaces')
    .option('--json', 'Print JSON')
    .action((options: { json?: boolean }) => {
      result.code = listMarketplaces(cwd, options.json === true, io);
    });
  marketplace
    .command('remove <name>')
    .alias('rm')
    .description('Remove a marketplace')
    .action((name: string) => {
      result.code = removeMarketplace(cwd, name, io);
    });
  marketplace
    .command('update [name]')
    .description('Fetch marketplaces again (all when no name is given)')
    .action((name: string | undefined) => {
      result.code = updateMarketplaces(cwd, name, io);
    });
  return marketplace;
}

function buildPluginProgram(cwd: string, io: Output, result: ActionResult): Command {
  const program = new Command('pulse plugin').description('Manage plugins');
  program.addCommand(buildMarketplaceProgram(cwd, io, result));
  program
    .command('install <plugin>')
    .alias('i')
    .description('Install a plugin from a marketplace (<plugin>@<marketplace>)')
    .addOption(scopeOption().default('user'))
    .action((plugin: string, options: { scope: InstallScope }) => {
      result.code = installAction(cwd, plugin, options.scope, io);
    });
  program
    .command('update <plugin>')
    .description('Update an installed plugin to the version its marketplace has now (new sessions use it)')
    .addOption(scopeOption())
    .action((plugin: string, options: { scope?: InstallScope }) => {
      result.code = updateAction(cwd, plugin, options.scope, io);
    });
  program
    .command('list')
    .description('List installed plugins')
    .option('--json', 'Print JSON')
    .action((options: { json?: boolean }) => {
      result.code = listAction(cwd, options.json === true, io);
    });
  program
    .command('enable <plugin>')
    .description('Turn an installed plugin on')
    .addOption(scopeOption())
    .action((plugin: string, options: { scope?: InstallScope }) => {
      result.code = setEnabledAction(cwd, plugin, true, options.scope, io);
    });
  program
    .command('disable <plugin>')
    .description('Turn an installed plugin off')
    .addOption(scopeOption())
    .action((plugin: string, options: { scope?: InstallScope }) => {
      result.code = setEnabledAction(cwd, plugin, false, options.scope, io);
    });
  program
    .command('uninstall <plugin>')
    .alias('remove')
    .description('Uninstall a plugin')
    .addOption(scopeOption())
    .action((plugin: string, options: { scope?: InstallScope }) => {
      result.code = uninstallAction(cwd, plugin, options.scope, io);
    });
  return program;
}

/** Runs `pulse plugin …` (the words after `plugin`); returns the exit code. */
export async function runPluginCommand(args: string[], cwd = process.cwd(), io: Output = STANDARD_OUTPUT): Promise<number> {
  const result: ActionResult = { code: undefined };
  return runSubcommand('plugin', buildPluginProgram(cwd, io, result), result, args, io);
}
