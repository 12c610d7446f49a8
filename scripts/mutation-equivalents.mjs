// Mutants that cannot change what anyone observes, found and argued one by one
// (docs/mutation-testing.md gives each reason in full). Stryker reports the mutants inside these
// expressions as Ignored, with the reason, and leaves them out of the scores. An entry names the
// exact source of the expression, so it stays attached to its code when lines move, and stops
// matching (its mutants count again) as soon as that code changes.
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';

export const EQUIVALENT_MUTANTS = [
  {
    file: 'sandbox/domain/channel-connect.ts',
    code: "isActive !== channel.isActive || channel.status !== (isActive ? 'connected' : 'disabled')",
    reason:
      'Equivalent: status follows is_active for every channel PATCH can reach, so this only skips writing the state already stored; writing it again changes no answer.',
  },
];

/** @param {{ node: { start?: number | null; end?: number | null }; hub?: { file?: { code?: string; opts?: { filename?: string } } } }} path */
function shouldIgnore(path) {
  const file = path.hub?.file;
  const { start, end } = path.node;
  if (!file?.code || !file.opts?.filename || typeof start !== 'number' || typeof end !== 'number') return undefined;
  const filename = file.opts.filename.replaceAll('\\', '/');
  const source = file.code.slice(start, end);
  return EQUIVALENT_MUTANTS.find((entry) => filename.endsWith(`/${entry.file}`) && source === entry.code)?.reason;
}

export const strykerPlugins = [declareValuePlugin(PluginKind.Ignore, 'equivalent-mutants', { shouldIgnore })];
