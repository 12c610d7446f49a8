/**
 * How the admin command takes a password: typed at a terminal without being shown, or as the first
 * line of standard input when that is a pipe or a file.
 */

const ENTER = new Set(['\r', '\n', '\u0004']);
const CANCEL = '\u0003';
const ERASE = new Set(['\u007f', '\b']);

export class PromptCancelled extends Error {
  constructor() {
    super('Cancelled.');
  }
}

/**
 * Asks at the terminal with echo off (raw mode): nothing of what is typed reaches the screen or the
 * scrollback. Backspace erases, Enter ends, Ctrl-C cancels.
 */
export function promptHidden(question: string, input: NodeJS.ReadStream = process.stdin, output: NodeJS.WriteStream = process.stdout) {
  return new Promise<string>((resolve, reject) => {
    let typed: string[] = [];
    const finish = (error?: Error) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      output.write('\n');
      if (error) reject(error);
      else resolve(typed.join(''));
    };
    const onData = (chunk: Buffer | string) => {
      for (const char of String(chunk)) {
        if (ENTER.has(char)) return finish();
        if (char === CANCEL) return finish(new PromptCancelled());
        if (ERASE.has(char)) typed = typed.slice(0, -1);
        // Other control characters (arrows, escape sequences' lead) are not part of a password.
        else if (char >= ' ') typed.push(char);
      }
    };
    // Echo goes off before the question shows, so nothing typed after it can reach the screen.
    input.setRawMode(true);
    input.setEncoding('utf8');
    input.on('data', onData);
    input.resume();
    output.write(question);
  });
}

/** The first line of a piped standard input, without its line ending; empty when nothing was piped. */
export async function readFirstLine(input: NodeJS.ReadableStream = process.stdin): Promise<string> {
  input.setEncoding('utf8');
  let received = '';
  for await (const chunk of input) {
    received += String(chunk);
    if (received.includes('\n')) break;
  }
  return received.split(/\r?\n/, 1)[0] ?? '';
}
