import { toDisplayError, type DisplayError } from './display-error';

/** A rule looked up by id: a missing one is most often a mistyped id. */
export function ruleErrorToDisplay(err: unknown): DisplayError {
  return toDisplayError(err, {
    not_found: () => ({
      title: 'Rule not found',
      message: 'No rule with this id exists on that channel. Check the id in the panel where the rule was created.',
    }),
  });
}
